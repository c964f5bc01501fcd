-- Invitations (issue 6.7). The organisation reads and writes its own rows under the tenant policy
-- (migration 0008); even the owner obeys it.
ALTER TABLE "invitations" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "invitations" TO kunto_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "invitations" TO kunto_system;--> statement-breakpoint
-- The confirmed e-mail address of the user of an active session (null for anything else). It takes
-- the session's raw token, as kunto_enter_admin does (migration 0006): the request role can read
-- session hashes and sets user ids itself, but a token exists only in its owner's cookie.
CREATE OR REPLACE FUNCTION kunto_session_email(p_token text)
RETURNS text
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = public, pg_catalog
AS $$
  SELECT u.email
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE p_token IS NOT NULL AND p_token <> ''
    AND s.id = encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
    AND s.state = 'active' AND s.expires_at > now() AND u.enabled
    AND u.type = 'CLOUD' AND u.email_confirmed_at IS NOT NULL
    -- A demo sandbox's people are copies, never the owner of the address (issue 6.6).
    AND u.sandbox_id IS NULL
$$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION kunto_session_email(text) TO PUBLIC;--> statement-breakpoint
-- The invitee reads (never writes) the invitations addressed to their own confirmed address, in
-- any organisation, while the transaction names their session: set_config('app.session_token',
-- token, true). Evaluated once per statement (an init plan).
CREATE POLICY "invitations_invitee" ON "invitations" AS PERMISSIVE FOR SELECT TO public
  USING ("invitations"."email" = (select kunto_session_email(current_setting('app.session_token', true))));--> statement-breakpoint
-- The one way an invitation becomes a membership, or is declined: the session's own user, with a
-- confirmed address equal to the invitation's, while it is pending and not expired. It works under
-- the policies (no bypass): it names the session to find the row, then the row's tenant to lock
-- it, write the membership and the audit row, and puts both settings back as they were.
-- Outcomes: accepted, declined, not_found, revoked, answered, expired.
CREATE OR REPLACE FUNCTION kunto_answer_invitation(p_token text, p_invitation uuid, p_accept boolean)
RETURNS TABLE(outcome text, tenant_id uuid)
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = public, pg_catalog
AS $$
DECLARE
  v_user uuid;
  v_email text;
  v_tenant uuid;
  v_row invitations%ROWTYPE;
  v_outcome text;
  v_prev_tenant text := coalesce(current_setting('app.tenant_id', true), '');
  v_prev_session text := coalesce(current_setting('app.session_token', true), '');
BEGIN
  SELECT u.id, u.email INTO v_user, v_email
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
    AND s.state = 'active' AND s.expires_at > now() AND u.enabled
    AND u.type = 'CLOUD' AND u.email_confirmed_at IS NOT NULL AND u.sandbox_id IS NULL;
  IF v_user IS NULL THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::uuid;
    RETURN;
  END IF;
  PERFORM set_config('app.session_token', p_token, true);
  SELECT i.tenant_id INTO v_tenant FROM invitations i WHERE i.id = p_invitation AND i.email = v_email;
  IF v_tenant IS NULL THEN
    PERFORM set_config('app.session_token', v_prev_session, true);
    RETURN QUERY SELECT 'not_found'::text, NULL::uuid;
    RETURN;
  END IF;
  PERFORM set_config('app.tenant_id', v_tenant::text, true);
  SELECT * INTO v_row FROM invitations i WHERE i.id = p_invitation AND i.tenant_id = v_tenant FOR UPDATE;
  IF EXISTS (SELECT 1 FROM tenants t WHERE t.id = v_tenant AND t.sandbox_id IS NOT NULL) THEN
    -- A demo sandbox's invitation never makes a real person a member (issue 6.6).
    v_outcome := 'not_found';
  ELSIF v_row.state = 'revoked' THEN
    v_outcome := 'revoked';
  ELSIF v_row.state <> 'pending' THEN
    v_outcome := 'answered';
  ELSIF v_row.expires_at <= now() THEN
    v_outcome := 'expired';
  ELSIF p_accept THEN
    INSERT INTO memberships (tenant_id, user_id, roles) VALUES (v_tenant, v_user, v_row.roles)
      ON CONFLICT DO NOTHING;
    UPDATE invitations SET state = 'accepted', answered_at = now() WHERE id = p_invitation;
    v_outcome := 'accepted';
  ELSE
    UPDATE invitations SET state = 'declined', answered_at = now() WHERE id = p_invitation;
    v_outcome := 'declined';
  END IF;
  IF v_outcome IN ('accepted', 'declined') THEN
    INSERT INTO audit_log (actor_user_id, tenant_id, action, target_type, target_id)
      VALUES (v_user, v_tenant, 'tenant.invitation_' || v_outcome, 'invitation', p_invitation::text);
  END IF;
  PERFORM set_config('app.tenant_id', v_prev_tenant, true),
          set_config('app.session_token', v_prev_session, true);
  RETURN QUERY SELECT v_outcome, v_tenant;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION kunto_answer_invitation(text, uuid, boolean) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION kunto_answer_invitation(text, uuid, boolean) TO kunto_app;
--> statement-breakpoint
-- What the invitee sees of their open invitations: the organisation's name, the roles and who sent
-- it. The organisation is not theirs yet, so its name is read with the row's tenant named for that
-- one statement (under the tenants policy), and both settings are put back.
CREATE OR REPLACE FUNCTION kunto_session_invitations(p_token text)
RETURNS TABLE(id uuid, organisation text, roles text[], inviter text, created_at timestamptz, expires_at timestamptz)
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = public, pg_catalog
AS $$
DECLARE
  v_email text := kunto_session_email(p_token);
  v_row invitations%ROWTYPE;
  v_prev_tenant text := coalesce(current_setting('app.tenant_id', true), '');
  v_prev_session text := coalesce(current_setting('app.session_token', true), '');
BEGIN
  IF v_email IS NULL THEN
    RETURN;
  END IF;
  PERFORM set_config('app.session_token', p_token, true);
  FOR v_row IN
    SELECT * FROM invitations i
    WHERE i.email = v_email AND i.state = 'pending' AND i.expires_at > now()
    ORDER BY i.created_at
  LOOP
    PERFORM set_config('app.tenant_id', v_row.tenant_id::text, true);
    RETURN QUERY
      SELECT v_row.id, t.name, v_row.roles,
             coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email),
             v_row.created_at, v_row.expires_at
      FROM tenants t LEFT JOIN users u ON u.id = v_row.invited_by
      -- A demo sandbox's invitations never reach a real person (issue 6.6).
      WHERE t.id = v_row.tenant_id AND t.active AND t.sandbox_id IS NULL;
  END LOOP;
  PERFORM set_config('app.tenant_id', v_prev_tenant, true),
          set_config('app.session_token', v_prev_session, true);
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION kunto_session_invitations(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION kunto_session_invitations(text) TO kunto_app;
