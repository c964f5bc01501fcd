CREATE TABLE "demo_sandboxes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "mail_outbox_pending_idx";--> statement-breakpoint
DROP INDEX "users_email_key";--> statement-breakpoint
DROP INDEX "users_username_key";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "redacted_text" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sandbox_id" uuid;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "sandbox_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sandbox_id" uuid;--> statement-breakpoint
CREATE INDEX "demo_sandboxes_expires_idx" ON "demo_sandboxes" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_sandbox_id_demo_sandboxes_id_fk" FOREIGN KEY ("sandbox_id") REFERENCES "public"."demo_sandboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_sandbox_id_demo_sandboxes_id_fk" FOREIGN KEY ("sandbox_id") REFERENCES "public"."demo_sandboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_sandbox_id_demo_sandboxes_id_fk" FOREIGN KEY ("sandbox_id") REFERENCES "public"."demo_sandboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_sandbox_idx" ON "mail_outbox" USING btree ("sandbox_id") WHERE "mail_outbox"."sandbox_id" is not null;--> statement-breakpoint
CREATE INDEX "tenants_sandbox_idx" ON "tenants" USING btree ("sandbox_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_sandbox_email_key" ON "users" USING btree ("sandbox_id","email") WHERE "users"."sandbox_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_sandbox_username_key" ON "users" USING btree ("sandbox_id","username") WHERE "users"."sandbox_id" is not null;--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email") WHERE "users"."sandbox_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree ("username") WHERE "users"."sandbox_id" is null;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_sandbox_held" CHECK ("mail_outbox"."sandbox_id" is null or "mail_outbox"."state" = 'held_demo');