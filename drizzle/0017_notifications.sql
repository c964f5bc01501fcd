CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "survey_mail_rounds" (
	"tenant_id" uuid NOT NULL,
	"survey_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"recipients" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_mail_rounds_kind_survey_id_period_pk" PRIMARY KEY("kind","survey_id","period")
);
--> statement-breakpoint
ALTER TABLE "survey_mail_rounds" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_mail_rounds" ADD CONSTRAINT "survey_mail_rounds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_mail_rounds" ADD CONSTRAINT "survey_mail_rounds_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_one_per_type" ON "notifications" USING btree ("tenant_id","user_id","type");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE POLICY "notifications_tenant_isolation" ON "notifications" AS PERMISSIVE FOR ALL TO public USING ("notifications"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("notifications"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
CREATE POLICY "survey_mail_rounds_tenant_isolation" ON "survey_mail_rounds" AS PERMISSIVE FOR ALL TO public USING ("survey_mail_rounds"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("survey_mail_rounds"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));