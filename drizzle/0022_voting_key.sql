ALTER TABLE "tenants" ADD COLUMN "voting_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_voting_key" ON "tenants" USING btree ("voting_key");--> statement-breakpoint
CREATE POLICY "tenants_by_voting_key" ON "tenants" AS PERMISSIVE FOR SELECT TO public USING ("tenants"."voting_key" = nullif(current_setting('app.voting_key', true), ''));