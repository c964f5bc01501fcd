-- The respondent page's entry to a share in one statement (issue 7, submission throughput): the
-- share's key opens its row (policy survey_shares_by_key), the share's tenant is set for the rest
-- of the transaction, and the survey, plan, team and any earlier response with the submission id
-- are read under that tenant. Runs as the caller (kunto_app), so row-level security applies to
-- every read exactly as it did for the three statements this replaces.
CREATE OR REPLACE FUNCTION kunto_public_share(p_key text, p_team text, p_submission uuid)
RETURNS TABLE(
  share_id uuid, tenant_id uuid, survey_id uuid, type text, template_id uuid,
  starts_at timestamptz, ends_at timestamptz, plan text, subscription_status text,
  latest_answer_on text, team_id uuid, team_name text, earlier json)
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
      s.starts_at, s.ends_at, t.plan, t.subscription_status, s.latest_answer_on::text,
      tm.id, tm.name,
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
--> statement-breakpoint
ALTER TABLE survey_aggregates ALTER COLUMN aggregates SET STORAGE MAIN;
