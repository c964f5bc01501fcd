CREATE TABLE "parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"business_code" text,
	"contact_firstname" text,
	"contact_lastname" text,
	"phone" text,
	"email" text,
	"code" text,
	"type" text DEFAULT 'customer' NOT NULL,
	"visiting_address" jsonb,
	"billing_address" jsonb,
	"tenant_party" boolean DEFAULT false NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce(company_name, '') || ' ' || coalesce(business_code, '') || ' ' || coalesce(code, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parties" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "persons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"firstname" text DEFAULT '' NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"phone" text,
	"email" text,
	"employer_id" uuid,
	"manager" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"ssn_sealed" "bytea",
	"tax_number_sealed" "bytea",
	"dob" date,
	"address" jsonb,
	"search" text GENERATED ALWAYS AS (lower(coalesce(lastname, '') || ' ' || coalesce(firstname, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "persons" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_employer_id_parties_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parties_tenant_name_idx" ON "parties" USING btree ("tenant_id","company_name","id");--> statement-breakpoint
CREATE INDEX "parties_tenant_type_name_idx" ON "parties" USING btree ("tenant_id","type","company_name","id");--> statement-breakpoint
CREATE INDEX "persons_tenant_name_idx" ON "persons" USING btree ("tenant_id","lastname","firstname","id");--> statement-breakpoint
CREATE INDEX "persons_employer_idx" ON "persons" USING btree ("employer_id");--> statement-breakpoint
CREATE POLICY "parties_tenant_isolation" ON "parties" AS PERMISSIVE FOR ALL TO public USING ("parties"."tenant_id" = (select nullif(current_setting('app.tenant_id', true), '')::uuid) or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("parties"."tenant_id" = (select nullif(current_setting('app.tenant_id', true), '')::uuid) or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
CREATE POLICY "persons_tenant_isolation" ON "persons" AS PERMISSIVE FOR ALL TO public USING ("persons"."tenant_id" = (select nullif(current_setting('app.tenant_id', true), '')::uuid) or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("persons"."tenant_id" = (select nullif(current_setting('app.tenant_id', true), '')::uuid) or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
ALTER TABLE "parties" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "persons" FORCE ROW LEVEL SECURITY;