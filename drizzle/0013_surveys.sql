CREATE TABLE "survey_aggregates" (
	"tenant_id" uuid NOT NULL,
	"survey_id" uuid NOT NULL,
	"share_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"stripe" smallint NOT NULL,
	"aggregates" jsonb NOT NULL,
	CONSTRAINT "survey_aggregates_share_id_team_id_stripe_pk" PRIMARY KEY("share_id","team_id","stripe")
);
--> statement-breakpoint
ALTER TABLE "survey_aggregates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"survey_id" uuid NOT NULL,
	"share_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"browser_token_hash" text NOT NULL,
	"language" text NOT NULL,
	"answers" jsonb NOT NULL,
	"submitted_on" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "survey_responses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "survey_share_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"share_id" uuid NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "survey_share_invitations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "survey_share_teams" (
	"tenant_id" uuid NOT NULL,
	"share_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	CONSTRAINT "survey_share_teams_share_id_team_id_pk" PRIMARY KEY("share_id","team_id")
);
--> statement-breakpoint
ALTER TABLE "survey_share_teams" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "survey_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"survey_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"answerers" integer,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "survey_shares" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text,
	"type" text NOT NULL,
	"template_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"notifications" text,
	"estimated_answerers" integer,
	"latest_answer_on" date,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "surveys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "team_answerers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"email" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_answerers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text,
	"url_safe_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teams" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "survey_aggregates" ADD CONSTRAINT "survey_aggregates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_aggregates" ADD CONSTRAINT "survey_aggregates_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_aggregates" ADD CONSTRAINT "survey_aggregates_share_id_survey_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."survey_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_aggregates" ADD CONSTRAINT "survey_aggregates_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_share_id_survey_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."survey_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_share_invitations" ADD CONSTRAINT "survey_share_invitations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_share_invitations" ADD CONSTRAINT "survey_share_invitations_share_id_survey_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."survey_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_share_teams" ADD CONSTRAINT "survey_share_teams_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_share_teams" ADD CONSTRAINT "survey_share_teams_share_id_survey_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."survey_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_share_teams" ADD CONSTRAINT "survey_share_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_shares" ADD CONSTRAINT "survey_shares_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_shares" ADD CONSTRAINT "survey_shares_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_template_id_survey_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."survey_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_answerers" ADD CONSTRAINT "team_answerers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_answerers" ADD CONSTRAINT "team_answerers_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_aggregates_survey_idx" ON "survey_aggregates" USING btree ("survey_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_submission" ON "survey_responses" USING btree ("submission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_share_browser" ON "survey_responses" USING btree ("share_id","browser_token_hash");--> statement-breakpoint
CREATE INDEX "survey_responses_survey_day_idx" ON "survey_responses" USING btree ("survey_id","submitted_on");--> statement-breakpoint
CREATE INDEX "survey_share_invitations_share_idx" ON "survey_share_invitations" USING btree ("share_id");--> statement-breakpoint
CREATE INDEX "survey_share_teams_team_idx" ON "survey_share_teams" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_shares_key" ON "survey_shares" USING btree ("key");--> statement-breakpoint
CREATE INDEX "survey_shares_survey_idx" ON "survey_shares" USING btree ("survey_id");--> statement-breakpoint
CREATE UNIQUE INDEX "surveys_key" ON "surveys" USING btree ("key");--> statement-breakpoint
CREATE INDEX "surveys_tenant_ends_idx" ON "surveys" USING btree ("tenant_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "team_answerers_team_email" ON "team_answerers" USING btree ("team_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_key" ON "teams" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_tenant_url_safe_name" ON "teams" USING btree ("tenant_id","url_safe_name");--> statement-breakpoint
CREATE POLICY "survey_aggregates_tenant_isolation" ON "survey_aggregates" AS PERMISSIVE FOR ALL TO public USING ("survey_aggregates"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("survey_aggregates"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
CREATE POLICY "survey_responses_tenant_isolation" ON "survey_responses" AS PERMISSIVE FOR ALL TO public USING ("survey_responses"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("survey_responses"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
CREATE POLICY "survey_share_invitations_tenant_isolation" ON "survey_share_invitations" AS PERMISSIVE FOR ALL TO public USING ("survey_share_invitations"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("survey_share_invitations"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
CREATE POLICY "survey_share_teams_tenant_isolation" ON "survey_share_teams" AS PERMISSIVE FOR ALL TO public USING ("survey_share_teams"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("survey_share_teams"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
CREATE POLICY "survey_shares_tenant_isolation" ON "survey_shares" AS PERMISSIVE FOR ALL TO public USING ("survey_shares"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("survey_shares"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
CREATE POLICY "survey_shares_by_key" ON "survey_shares" AS PERMISSIVE FOR SELECT TO public USING ("survey_shares"."key" = nullif(current_setting('app.share_key', true), ''));--> statement-breakpoint
CREATE POLICY "surveys_tenant_isolation" ON "surveys" AS PERMISSIVE FOR ALL TO public USING ("surveys"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("surveys"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
CREATE POLICY "team_answerers_tenant_isolation" ON "team_answerers" AS PERMISSIVE FOR ALL TO public USING ("team_answerers"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("team_answerers"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
CREATE POLICY "teams_tenant_isolation" ON "teams" AS PERMISSIVE FOR ALL TO public USING ("teams"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("teams"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));