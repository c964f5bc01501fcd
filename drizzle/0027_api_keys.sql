-- Issue 20: API keys for integrators. Tenant-owned (FORCE, as every tenant table); only the SHA-256 of
-- the private key is stored. A key's call names the key before its organisation is known: the
-- function below finds it by public key (policy api_keys_by_public_key, which applies only to the
-- owner role the function runs as, never to kunto_app), and answers what the server needs to enter
-- the organisation.
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"public_key" text NOT NULL,
	"secret_hash" text NOT NULL,
	"ips" text[] DEFAULT '{}'::text[] NOT NULL,
	"scope" text DEFAULT 'read' NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_public_key" ON "api_keys" USING btree ("public_key");--> statement-breakpoint
CREATE INDEX "api_keys_tenant_idx" ON "api_keys" USING btree ("tenant_id");--> statement-breakpoint
CREATE POLICY "api_keys_tenant_isolation" ON "api_keys" AS PERMISSIVE FOR ALL TO public USING ("api_keys"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("api_keys"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
CREATE POLICY "api_keys_by_public_key" ON "api_keys" AS PERMISSIVE FOR SELECT TO current_user USING ("api_keys"."public_key" = nullif(current_setting('app.api_key', true), ''));--> statement-breakpoint
ALTER TABLE "api_keys" FORCE ROW LEVEL SECURITY;--> statement-breakpoint

-- One statement per key call, on the pool before the call's transaction: the key named by its public
-- key and the hash of its private key, if it has not expired (a deleted key is simply not found), with
-- its organisation's effective plan and state. `last_used_at` is written at most once a minute per key:
-- concurrent calls of the same minute find it fresh and write nothing. Settings it needs are put back.
CREATE OR REPLACE FUNCTION kunto_use_api_key(p_public_key text, p_secret_hash text)
RETURNS TABLE(id uuid, tenant_id uuid, name text, scope text, ips text[], created_by uuid, plan text, active boolean)
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = public, pg_catalog
AS $$
#variable_conflict use_column
DECLARE
  v_key api_keys%ROWTYPE;
  v_tenant text := coalesce(current_setting('app.tenant_id', true), '');
  v_plan text;
  v_active boolean;
BEGIN
  PERFORM set_config('app.api_key', p_public_key, true);
  SELECT * INTO v_key FROM api_keys k
  WHERE k.public_key = p_public_key AND k.secret_hash = p_secret_hash AND k.expire_at > now();
  IF NOT FOUND THEN
    PERFORM set_config('app.api_key', '', true);
    RETURN;
  END IF;
  -- Found: the rest is the key's organisation's, under its tenant policy.
  PERFORM set_config('app.api_key', '', true),
          set_config('app.tenant_id', v_key.tenant_id::text, true);
  UPDATE api_keys k SET last_used_at = now()
  WHERE k.id = v_key.id AND (k.last_used_at IS NULL OR k.last_used_at <= now() - interval '1 minute');
  SELECT kunto_effective_plan(t.plan, t.subscription_status), t.active INTO v_plan, v_active
  FROM tenants t WHERE t.id = v_key.tenant_id;
  PERFORM set_config('app.tenant_id', v_tenant, true);
  id := v_key.id;
  tenant_id := v_key.tenant_id;
  name := v_key.name;
  scope := v_key.scope;
  ips := v_key.ips;
  created_by := v_key.created_by;
  plan := v_plan;
  active := coalesce(v_active, false);
  RETURN NEXT;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION kunto_use_api_key(text, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION kunto_use_api_key(text, text) TO kunto_app;
