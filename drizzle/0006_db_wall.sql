-- Issue 6.9, the database's second wall. Three things the request role (kunto_app) could do by
-- itself before: enter a tenant it is not a member of (kunto_enter_tenant set app.tenant_id before
-- the membership check), open every tenant by setting app.platform_admin, and cross tenants for
-- background work. After this migration:
--   * kunto_enter_tenant sets app.tenant_id only for a member of an active account;
--   * platform-admin access is entered through kunto_enter_admin(token), which validates the admin's
--     session in the database; the policies ask kunto_is_platform_admin(), which re-checks it for
--     every statement. The token, not its hash, is what proves it: kunto_app can read session
--     hashes (it looks sessions up by them), but the raw token exists only in the admin's cookie;
--   * work that crosses tenants without a session (seed, background jobs) runs as kunto_system, a
--     NOLOGIN role only the owner connection can SET ROLE to (kunto_app is no member of it).

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'kunto_system') THEN
    CREATE ROLE kunto_system NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
END
$$;--> statement-breakpoint
-- The owner (the role that migrates) enters kunto_system with SET LOCAL ROLE.
GRANT kunto_system TO CURRENT_USER;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO kunto_system;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO kunto_system;--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO kunto_system;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO kunto_system;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO kunto_system;--> statement-breakpoint

-- True while the transaction was entered by kunto_enter_admin with the token of an active session
-- of an enabled user who is a platform admin (and app.user_id still names that user). STABLE and
-- called as `(select kunto_is_platform_admin())` in the policies, so it runs at most once per
-- statement, and returns at once when no admin token is set (every tenant request).
CREATE OR REPLACE FUNCTION kunto_is_platform_admin()
RETURNS boolean
LANGUAGE plpgsql
STABLE
SECURITY DEFINER
SET search_path = public, pg_catalog
AS $$
DECLARE
  v_token text := current_setting('app.admin_token', true);
BEGIN
  IF v_token IS NULL OR v_token = '' THEN
    RETURN false;
  END IF;
  RETURN EXISTS (
    SELECT 1
    FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id = encode(sha256(convert_to(v_token, 'UTF8')), 'hex')
      AND s.state = 'active' AND s.expires_at > now()
      AND u.enabled AND 'admin' = ANY (u.system_roles)
      AND u.id::text = current_setting('app.user_id', true));
END
$$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION kunto_is_platform_admin() TO PUBLIC;--> statement-breakpoint

-- The admin path's one statement (it replaces the set_config of the request transaction): checks
-- the session token like kunto_is_platform_admin, then names the user and records the token.
-- Answers false (and leaves every setting empty) for anyone else.
CREATE OR REPLACE FUNCTION kunto_enter_admin(p_token text)
RETURNS boolean
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = public, pg_catalog
AS $$
DECLARE
  v_user uuid;
BEGIN
  PERFORM set_config('app.user_id', '', true),
          set_config('app.tenant_id', '', true),
          set_config('app.admin_token', '', true);
  SELECT u.id INTO v_user
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id = encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
    AND s.state = 'active' AND s.expires_at > now()
    AND u.enabled AND 'admin' = ANY (u.system_roles);
  IF v_user IS NULL THEN
    RETURN false;
  END IF;
  PERFORM set_config('app.user_id', v_user::text, true),
          set_config('app.admin_token', p_token, true);
  RETURN true;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION kunto_enter_admin(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION kunto_enter_admin(text) TO kunto_app;--> statement-breakpoint

-- As in 0004, but the tenant is set only after the membership is found, and only for an active
-- account: a non-member (or a member of an inactive account) leaves app.tenant_id empty. The user
-- is set first so that a non-superuser owner (FORCE row-level security) can read the membership
-- through memberships_own_rows.
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
  SELECT m.roles, kunto_effective_plan(t.plan, t.subscription_status), t.active
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
$$;
