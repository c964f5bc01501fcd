CREATE TABLE "financial_fetches" (
	"tenant_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"error_key" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_by" uuid,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "financial_fetches_tenant_id_pk" PRIMARY KEY("tenant_id"),
	CONSTRAINT "financial_fetches_status_check" CHECK ("financial_fetches"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "financial_fetches_progress_check" CHECK ("financial_fetches"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "financial_fetches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "financial_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"financial_statement_to_date" date NOT NULL,
	"currency" text NOT NULL,
	"sales_revenue" double precision,
	"sales_margin" double precision,
	"sales_margin_percent" double precision,
	"debts_percent" double precision,
	"ebitda" double precision,
	"ebitda_percent" double precision,
	"working_capital" double precision,
	"working_capital_percent" double precision,
	"inventories_to_revenue_percent" double precision,
	"sales_receivables_cycle" double precision,
	"invested_capital_return_percent" double precision,
	"quick_ratio" double precision,
	"current_ratio" double precision,
	"equity_ratio_percent" double precision,
	"total_return_of_equity_percent" double precision,
	"source" text DEFAULT 'dnb' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financial_statements_currency" CHECK ("financial_statements"."currency" in ('USD', 'EUR'))
);
--> statement-breakpoint
ALTER TABLE "financial_statements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "financial_fetches" ADD CONSTRAINT "financial_fetches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_fetches" ADD CONSTRAINT "financial_fetches_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_statements" ADD CONSTRAINT "financial_statements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "financial_fetches_status" ON "financial_fetches" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "financial_statements_tenant_date" ON "financial_statements" USING btree ("tenant_id","financial_statement_to_date");--> statement-breakpoint
CREATE POLICY "financial_fetches_tenant_isolation" ON "financial_fetches" AS PERMISSIVE FOR ALL TO public USING ("financial_fetches"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("financial_fetches"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
CREATE POLICY "financial_statements_tenant_isolation" ON "financial_statements" AS PERMISSIVE FOR ALL TO public USING ("financial_statements"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("financial_statements"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
ALTER TABLE "financial_statements" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "financial_fetches" FORCE ROW LEVEL SECURITY;