-- Webhook signing secrets sealed at rest (issue 20.4; as TOTP secrets since 0012): the column
-- becomes bytes, the secrets already stored kept as their UTF-8 until the server's next start
-- seals them with SECRETS_KEY (sealStoredWebhookSecrets), which SQL does not hold.
ALTER TABLE "webhook_endpoints" ALTER COLUMN "secret" SET DATA TYPE bytea USING convert_to("secret", 'UTF8');--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "secret_encrypted" boolean DEFAULT false NOT NULL;
