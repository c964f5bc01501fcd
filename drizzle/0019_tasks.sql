CREATE TABLE "task_votes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"session_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_votes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"static_task_id" uuid,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"priority" text NOT NULL,
	"category_id" uuid,
	"swot_type" text,
	"survey_question" text,
	"source_survey_id" uuid,
	"team_id" uuid,
	"assignee_user_id" uuid,
	"due_date" date,
	"year" integer NOT NULL,
	"status" text,
	"vote_count" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "task_votes" ADD CONSTRAINT "task_votes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_votes" ADD CONSTRAINT "task_votes_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_static_task_id_static_tasks_id_fk" FOREIGN KEY ("static_task_id") REFERENCES "public"."static_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_source_survey_id_surveys_id_fk" FOREIGN KEY ("source_survey_id") REFERENCES "public"."surveys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "task_votes_task_session" ON "task_votes" USING btree ("task_id","session_hash");--> statement-breakpoint
CREATE INDEX "task_votes_tenant_session_idx" ON "task_votes" USING btree ("tenant_id","session_hash");--> statement-breakpoint
CREATE INDEX "tasks_tenant_idx" ON "tasks" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_static_idx" ON "tasks" USING btree ("tenant_id","static_task_id") WHERE "tasks"."static_task_id" is not null;--> statement-breakpoint
CREATE POLICY "task_votes_tenant_isolation" ON "task_votes" AS PERMISSIVE FOR ALL TO public USING ("task_votes"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("task_votes"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
CREATE POLICY "tasks_tenant_isolation" ON "tasks" AS PERMISSIVE FOR ALL TO public USING ("tasks"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("tasks"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));