-- Answers' keys led by the organisation (issue 24: submissions at 10,000 organisations). The
-- primary key (id, tenant_id) and the unique submission key (submission_id, tenant_id) began with
-- random values, so each new response wrote a random leaf of two indexes over every organisation's
-- responses, and at a million responses nearly every such leaf was changed for the first time
-- since the checkpoint: its whole page went into the WAL (9.4-9.8 kB per commit against about
-- 3 kB at 200 organisations), and the commit waited on flushing it. Led by tenant_id, an
-- organisation's new responses share the few leaves of its part of each index. Nothing reads a
-- response by id or submission id without its organisation: the functions that look a submission
-- up now name the share's organisation: the table's policy, an OR with the system role, cannot lead
-- an index by it.
DROP INDEX "survey_responses_submission";--> statement-breakpoint
ALTER TABLE "survey_responses" DROP CONSTRAINT "survey_responses_id_tenant_id_pk";--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_submission" ON "survey_responses" USING btree ("tenant_id","submission_id");--> statement-breakpoint
-- As in 0029 and 0039, the earlier response of a submission id looked up in the share's organisation.
CREATE OR REPLACE FUNCTION kunto_public_share(p_key text, p_team text, p_submission uuid)
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
        FROM survey_responses r
        WHERE r.tenant_id = v_share.tenant_id AND r.submission_id = p_submission)
    FROM surveys s
    JOIN tenants t ON t.id = s.tenant_id
    LEFT JOIN (teams tm JOIN survey_share_teams st ON st.team_id = tm.id AND st.share_id = v_share.id)
      ON tm.url_safe_name = p_team
    WHERE s.id = v_share.survey_id;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION kunto_submit_public_response(
  p_key text, p_team uuid, p_submission uuid, p_browser_token_hash text, p_language text,
  p_answers jsonb, p_day date, p_stripe int, p_one jsonb, p_new_day boolean, p_cap int)
RETURNS TABLE(outcome text, submitted_on text)
LANGUAGE plpgsql
VOLATILE
SET search_path = public, pg_catalog
AS $$
#variable_conflict use_column
DECLARE
  v_share survey_shares%ROWTYPE;
  v_first_share uuid;
  v_first_day date;
BEGIN
  PERFORM set_config('app.share_key', p_key, true);
  SELECT * INTO v_share FROM survey_shares sh WHERE sh.key = p_key;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'survey_link_unknown'::text, NULL::text;
    RETURN;
  END IF;
  PERFORM set_config('app.tenant_id', v_share.tenant_id::text, true);
  -- The share and the team locked as their foreign keys would lock them: a delete of either in
  -- progress is waited for and then finds this answer (share_has_answers, team_has_answers), or
  -- has removed the row, and this answers survey_link_unknown instead of failing a foreign key.
  PERFORM 1 FROM survey_share_teams st
    JOIN survey_shares sh ON sh.id = st.share_id AND sh.tenant_id = st.tenant_id
    JOIN teams t ON t.id = st.team_id AND t.tenant_id = st.tenant_id
  WHERE st.share_id = v_share.id AND st.team_id = p_team
  FOR KEY SHARE OF sh, t;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'survey_link_unknown'::text, NULL::text;
    RETURN;
  END IF;
  IF p_cap IS NOT NULL THEN
    PERFORM 1 FROM surveys s WHERE s.id = v_share.survey_id FOR UPDATE;
    IF (SELECT count(*) FROM survey_responses r WHERE r.survey_id = v_share.survey_id) >= p_cap THEN
      RETURN QUERY SELECT 'survey_full'::text, NULL::text;
      RETURN;
    END IF;
  END IF;
  IF kunto_store_response(v_share.tenant_id, v_share.survey_id, v_share.id, p_team, p_submission,
      p_browser_token_hash, p_language, p_answers, p_day, p_stripe, p_one, p_new_day) THEN
    RETURN QUERY SELECT 'stored'::text, p_day::text;
    RETURN;
  END IF;
  -- Refused by a unique key: the same submission arrived twice at once (answer as the first did),
  -- or this browser already answered this share.
  SELECT r.share_id, r.submitted_on INTO v_first_share, v_first_day
  FROM survey_responses r WHERE r.tenant_id = v_share.tenant_id AND r.submission_id = p_submission;
  IF v_first_share = v_share.id THEN
    RETURN QUERY SELECT 'stored'::text, v_first_day::text;
  ELSE
    RETURN QUERY SELECT 'already_answered'::text, NULL::text;
  END IF;
END
$$;
