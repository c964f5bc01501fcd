-- Issue 21: billing with Stripe. The organisation's Stripe customer and subscription (tenant-owned,
-- FORCE row-level security), the Stripe events already applied (a platform table: ids and types only,
-- no tenant data, no row-level security; the request role inserts and reads, never changes or deletes),
-- and the grace period of a failed payment in the effective plan.
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_billing" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"stripe_price_id" text,
	"interval" text,
	"stripe_status" text,
	"cancel_at" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"last_event_id" text,
	"last_event_type" text,
	"last_event_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_billing" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "payment_grace_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenant_billing" ADD CONSTRAINT "tenant_billing_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_billing_customer" ON "tenant_billing" USING btree ("stripe_customer_id");--> statement-breakpoint
CREATE POLICY "tenant_billing_tenant_isolation" ON "tenant_billing" AS PERMISSIVE FOR ALL TO public USING ("tenant_billing"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("tenant_billing"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
ALTER TABLE "tenant_billing" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
REVOKE UPDATE, DELETE ON "stripe_events" FROM kunto_app;--> statement-breakpoint

-- Document 1 §4 with issue 21's grace rule: the plan holds while the subscription is paid, while there
-- is none (a platform admin set the plan by hand), and while a failed payment is within its grace
-- period (payment_grace_until later than the transaction's now()); else FREE. The same rule is
-- effectivePlan() in packages/core/src/plans.ts. STABLE, not IMMUTABLE: it reads now(). The two-argument
-- form is dropped so that no caller can leave the grace period out.
CREATE OR REPLACE FUNCTION kunto_effective_plan(p_plan text, p_subscription_status text, p_grace_until timestamptz)
RETURNS text
LANGUAGE sql
STABLE
AS $$
  SELECT CASE
    WHEN p_subscription_status IS NULL OR p_subscription_status = 'PAID' THEN p_plan
    WHEN p_subscription_status = 'PAYMENT_FAILED' AND p_grace_until > now() THEN p_plan
    ELSE 'FREE'
  END
$$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION kunto_effective_plan(text, text, timestamptz) TO kunto_app;--> statement-breakpoint

-- As in 0006, reading the grace period.
CREATE OR REPLACE FUNCTION kunto_enter_tenant(p_session text, p_tenant uuid)
RETURNS TABLE(roles text[], plan text, active boolean)
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = public, pg_catalog
AS $$
DECLARE
  v_user uuid;
  v_roles text[];
  v_plan text;
  v_active boolean;
BEGIN
  PERFORM set_config('app.user_id', '', true),
          set_config('app.tenant_id', '', true),
          set_config('app.admin_token', '', true);
  SELECT s.user_id INTO v_user
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id = p_session AND s.state = 'active' AND s.expires_at > now() AND u.enabled;
  IF v_user IS NULL THEN
    RETURN;
  END IF;
  PERFORM set_config('app.user_id', v_user::text, true);
  SELECT m.roles, kunto_effective_plan(t.plan, t.subscription_status, t.payment_grace_until), t.active
    INTO v_roles, v_plan, v_active
  FROM memberships m JOIN tenants t ON t.id = m.tenant_id
  WHERE m.tenant_id = p_tenant AND m.user_id = v_user;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF v_active THEN
    PERFORM set_config('app.tenant_id', p_tenant::text, true);
  END IF;
  roles := v_roles;
  plan := v_plan;
  active := v_active;
  RETURN NEXT;
END
$$;--> statement-breakpoint

-- As in 0027, reading the grace period.
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
  SELECT kunto_effective_plan(t.plan, t.subscription_status, t.payment_grace_until), t.active
    INTO v_plan, v_active
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
DROP FUNCTION kunto_effective_plan(text, text);--> statement-breakpoint

-- As in 0016, answering the grace period too (the respondent cap reads the effective plan): a new
-- column of the answer, so the function is made again.
DROP FUNCTION kunto_public_share(text, text, uuid);--> statement-breakpoint
CREATE FUNCTION kunto_public_share(p_key text, p_team text, p_submission uuid)
RETURNS TABLE(
  share_id uuid, tenant_id uuid, survey_id uuid, type text, template_id uuid,
  starts_at timestamptz, ends_at timestamptz, plan text, subscription_status text,
  payment_grace_until timestamptz, latest_answer_on text, team_id uuid, team_name text, earlier json)
LANGUAGE plpgsql
VOLATILE
SET search_path = public, pg_catalog
AS $$
#variable_conflict use_column
DECLARE
  v_share survey_shares%ROWTYPE;
BEGIN
  PERFORM set_config('app.share_key', p_key, true);
  SELECT * INTO v_share FROM survey_shares sh WHERE sh.key = p_key;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  PERFORM set_config('app.tenant_id', v_share.tenant_id::text, true);
  RETURN QUERY
    SELECT v_share.id, v_share.tenant_id, v_share.survey_id, s.type, s.template_id,
      s.starts_at, s.ends_at, t.plan, t.subscription_status, t.payment_grace_until,
      s.latest_answer_on::text, tm.id, tm.name,
      (SELECT json_build_object('share_id', r.share_id, 'team_id', r.team_id, 'submitted_on', r.submitted_on::text)
        FROM survey_responses r WHERE r.submission_id = p_submission)
    FROM surveys s
    JOIN tenants t ON t.id = s.tenant_id
    LEFT JOIN (teams tm JOIN survey_share_teams st ON st.team_id = tm.id AND st.share_id = v_share.id)
      ON tm.url_safe_name = p_team
    WHERE s.id = v_share.survey_id;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION kunto_public_share(text, text, uuid) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION kunto_public_share(text, text, uuid) TO kunto_app;
