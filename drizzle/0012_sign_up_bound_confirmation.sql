ALTER TABLE "email_confirmation_tokens" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "email_confirmation_tokens" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "email_confirmation_tokens" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "email_confirmation_tokens" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "email_confirmation_tokens" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "rotation_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "totp_credentials" ADD COLUMN "secret_encrypted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "email_confirmation_tokens_user_idx" ON "email_confirmation_tokens" USING btree ("user_id");