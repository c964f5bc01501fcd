-- One statement that binds a request's transaction to its user and tenant: it validates the
-- session itself (so app.user_id always belongs to the session's real user), sets the
-- row-level-security settings for the transaction, and answers the membership. SECURITY DEFINER
-- only to read sessions and users; memberships and tenants are still read under their policies.
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
    SELECT m.roles, t.plan, t.active
    FROM memberships m JOIN tenants t ON t.id = m.tenant_id
    WHERE m.tenant_id = p_tenant AND m.user_id = v_user;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION kunto_enter_tenant(text, uuid) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION kunto_enter_tenant(text, uuid) TO kunto_app;
