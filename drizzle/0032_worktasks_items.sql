CREATE TABLE "items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "work_task_counts" (
	"tenant_id" uuid NOT NULL,
	"status" text NOT NULL,
	"assigned_user_id" uuid,
	"assigner_user_id" uuid,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "work_task_counts_key" UNIQUE NULLS NOT DISTINCT("tenant_id","status","assigned_user_id","assigner_user_id")
);
--> statement-breakpoint
ALTER TABLE "work_task_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "work_task_hellos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"msg" text NOT NULL,
	"author_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_task_hellos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "work_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'RECEIVED' NOT NULL,
	"assigned_user_id" uuid,
	"assigner_user_id" uuid,
	"object" text,
	"object_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_tasks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_task_counts" ADD CONSTRAINT "work_task_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_task_hellos" ADD CONSTRAINT "work_task_hellos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_task_hellos" ADD CONSTRAINT "work_task_hellos_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_tasks" ADD CONSTRAINT "work_tasks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_tasks" ADD CONSTRAINT "work_tasks_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_tasks" ADD CONSTRAINT "work_tasks_assigner_user_id_users_id_fk" FOREIGN KEY ("assigner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "items_tenant_type_idx" ON "items" USING btree ("tenant_id","type",lower("name")) WHERE "items"."active";--> statement-breakpoint
CREATE INDEX "work_task_hellos_tenant_created_idx" ON "work_task_hellos" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "work_tasks_tenant_created_idx" ON "work_tasks" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "work_tasks_tenant_status_created_idx" ON "work_tasks" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "work_tasks_tenant_assigned_idx" ON "work_tasks" USING btree ("tenant_id","assigned_user_id","created_at");--> statement-breakpoint
CREATE INDEX "work_tasks_tenant_assigner_idx" ON "work_tasks" USING btree ("tenant_id","assigner_user_id");--> statement-breakpoint
CREATE INDEX "work_tasks_tenant_title_idx" ON "work_tasks" USING btree ("tenant_id",lower("title"));--> statement-breakpoint
CREATE POLICY "items_tenant_isolation" ON "items" AS PERMISSIVE FOR ALL TO public USING ("items"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("items"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
CREATE POLICY "work_task_counts_tenant_isolation" ON "work_task_counts" AS PERMISSIVE FOR ALL TO public USING ("work_task_counts"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("work_task_counts"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
CREATE POLICY "work_task_hellos_tenant_isolation" ON "work_task_hellos" AS PERMISSIVE FOR ALL TO public USING ("work_task_hellos"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("work_task_hellos"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
CREATE POLICY "work_tasks_tenant_isolation" ON "work_tasks" AS PERMISSIVE FOR ALL TO public USING ("work_tasks"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("work_tasks"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
ALTER TABLE "work_tasks" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "work_task_hellos" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "work_task_counts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "items" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- The work-task list's totals (schema/worktasks.ts `workTaskCounts`): each statement on work_tasks
-- moves its rows' counts, grouped, so a bulk insert is one upsert per group, not one per row.
CREATE FUNCTION kunto_work_task_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE work_task_counts c SET n = c.n - o.n
    FROM (SELECT tenant_id, status, assigned_user_id, assigner_user_id, count(*)::int AS n
          FROM old_rows GROUP BY 1, 2, 3, 4) o
    WHERE c.tenant_id = o.tenant_id AND c.status = o.status
      AND c.assigned_user_id IS NOT DISTINCT FROM o.assigned_user_id
      AND c.assigner_user_id IS NOT DISTINCT FROM o.assigner_user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO work_task_counts AS c (tenant_id, status, assigned_user_id, assigner_user_id, n)
    SELECT tenant_id, status, assigned_user_id, assigner_user_id, count(*)::int
    FROM new_rows GROUP BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT work_task_counts_key DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER work_task_counts_insert AFTER INSERT ON work_tasks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kunto_work_task_counts();--> statement-breakpoint
CREATE TRIGGER work_task_counts_update AFTER UPDATE ON work_tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kunto_work_task_counts();--> statement-breakpoint
CREATE TRIGGER work_task_counts_delete AFTER DELETE ON work_tasks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kunto_work_task_counts();
