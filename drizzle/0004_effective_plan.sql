-- Document 1 §4: an unpaid account counts as FREE. The plan an account gets is its plan while the
-- subscription is paid, or while there is no subscription at all (a platform admin set the plan
-- by hand); any other subscription state gives FREE. The same rule is effectivePlan() in
-- packages/core/src/plans.ts; the integration test of issue 10.8 holds the two together.
CREATE OR REPLACE FUNCTION kunto_effective_plan(p_plan text, p_subscription_status text)
RETURNS text
LANGUAGE sql
IMMUTABLE
AS $$
  SELECT CASE WHEN p_subscription_status IS NULL OR p_subscription_status = 'PAID' THEN p_plan ELSE 'FREE' END
$$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION kunto_effective_plan(text, text) TO kunto_app;--> statement-breakpoint
-- As in 0003, with the effective plan: every plan check of a tenant call reads this answer.
CREATE OR REPLACE FUNCTION kunto_enter_tenant(p_session text, p_tenant uuid)
RETURNS TABLE(roles text[], plan text, active boolean)
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = public
AS $$
DECLARE
  v_user uuid;
BEGIN
  SELECT s.user_id INTO v_user
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id = p_session AND s.state = 'active' AND s.expires_at > now() AND u.enabled;
  IF v_user IS NULL THEN
    RETURN;
  END IF;
  PERFORM set_config('app.user_id', v_user::text, true),
          set_config('app.tenant_id', p_tenant::text, true),
          set_config('app.platform_admin', '', true);
  RETURN QUERY
    SELECT m.roles, kunto_effective_plan(t.plan, t.subscription_status), t.active
    FROM memberships m JOIN tenants t ON t.id = m.tenant_id
    WHERE m.tenant_id = p_tenant AND m.user_id = v_user;
END
$$;
