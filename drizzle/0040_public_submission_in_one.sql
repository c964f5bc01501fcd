-- A public submission in one statement when the server's guess of its share holds (issue 24:
-- submissions at 10,000 organisations). Since 0039 a submission was two statements: the per-address
-- counter with kunto_public_share (what the checks in JS need: the survey's dates, the plan, the
-- template, any earlier response), then kunto_submit_public_response. A link is answered by many
-- respondents, so the server keeps what the first statement read of each link and checks and
-- scores the next submission against it before asking the database anything (a guess). The first
-- statement then reads the share afresh as before and, when the fresh row is what the guess
-- assumed — the same team and template, the same plan and subscription, the survey running at
-- p_now, no earlier response of this submission id, and the counters within their limits
-- (p_allowed) — stores it at once with kunto_submit_public_response. Otherwise it stores nothing,
-- answers the fresh row with a null outcome, and the server checks it and writes in a second
-- statement as before. A wrong guess costs nothing but that second statement: every rule is decided
-- on the fresh row, so the outcome is the one the two statements give.
CREATE FUNCTION kunto_public_submission(
  p_key text, p_team_name text, p_submission uuid, p_allowed boolean,
  p_team uuid, p_template uuid, p_plan text, p_status text, p_grace timestamptz, p_now timestamptz,
  p_browser_token_hash text, p_language text, p_answers jsonb, p_day date, p_stripe int, p_one jsonb,
  p_cap int)
RETURNS TABLE(
  share_id uuid, tenant_id uuid, survey_id uuid, type text, template_id uuid,
  starts_at timestamptz, ends_at timestamptz, plan text, subscription_status text,
  payment_grace_until timestamptz, latest_answer_on text, team_id uuid, team_name text, earlier json,
  outcome text, submitted_on text)
LANGUAGE plpgsql
VOLATILE
SET search_path = public, pg_catalog
AS $$
#variable_conflict use_column
DECLARE
  v record;
  v_outcome text;
  v_day text;
BEGIN
  SELECT * INTO v FROM kunto_public_share(p_key, p_team_name, p_submission);
  IF NOT FOUND THEN
    PERFORM set_config('synchronous_commit', 'off', true);
    RETURN;
  END IF;
  IF p_allowed AND p_team IS NOT NULL AND v.team_id = p_team AND v.template_id = p_template
      AND v.plan = p_plan AND v.subscription_status IS NOT DISTINCT FROM p_status
      AND v.payment_grace_until IS NOT DISTINCT FROM p_grace
      AND v.starts_at <= p_now AND p_now < v.ends_at AND v.earlier IS NULL THEN
    SELECT r.outcome, r.submitted_on INTO v_outcome, v_day
    FROM kunto_submit_public_response(p_key, p_team, p_submission, p_browser_token_hash, p_language,
      p_answers, p_day, p_stripe, p_one, v.latest_answer_on IS DISTINCT FROM p_day::text, p_cap) r;
  END IF;
  -- Nothing but the counters written: the commit need not wait for the disk (a crash of PostgreSQL
  -- could forget the last moment's counts, never an answer).
  IF v_outcome IS DISTINCT FROM 'stored' THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  RETURN QUERY SELECT v.share_id, v.tenant_id, v.survey_id, v.type, v.template_id, v.starts_at,
    v.ends_at, v.plan, v.subscription_status, v.payment_grace_until, v.latest_answer_on, v.team_id,
    v.team_name, v.earlier, v_outcome, v_day;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION kunto_public_submission(text, text, uuid, boolean, uuid, uuid, text, text, timestamptz, timestamptz, text, text, jsonb, date, int, jsonb, int) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION kunto_public_submission(text, text, uuid, boolean, uuid, uuid, text, text, timestamptz, timestamptz, text, text, jsonb, date, int, jsonb, int) TO kunto_app;
--> statement-breakpoint

-- Adding one respondent to a stripe, cheaper (a CPU profile of the submission put a quarter of
-- PostgreSQL's time in these two functions): kunto_add_moments walks only b's keys (one respondent:
-- a few dozen) and looks each up in a, keeping a's other keys as they are, where 0039 joined every
-- key of both sides and sorted them; the moments are read as numbers, not through text. And
-- kunto_add_aggregates has no SET clause any more, so PostgreSQL inlines it into the statement that
-- calls it (its names are qualified instead).
CREATE OR REPLACE FUNCTION kunto_add_moments(a jsonb, b jsonb) RETURNS jsonb
LANGUAGE sql
IMMUTABLE PARALLEL SAFE
SET search_path = pg_catalog
AS $$
  SELECT coalesce(a, '{}'::jsonb) || coalesce(jsonb_object_agg(y.k, jsonb_build_object(
    'count', coalesce((a->y.k->'count')::numeric, 0) + coalesce((y.v->'count')::numeric, 0),
    'sum', coalesce((a->y.k->'sum')::numeric, 0) + coalesce((y.v->'sum')::numeric, 0),
    'sumSquares', coalesce((a->y.k->'sumSquares')::numeric, 0) + coalesce((y.v->'sumSquares')::numeric, 0))),
    '{}'::jsonb)
  FROM jsonb_each(b) y(k, v)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION kunto_add_aggregates(a jsonb, b jsonb) RETURNS jsonb
LANGUAGE sql
IMMUTABLE PARALLEL SAFE
AS $$
  SELECT pg_catalog.jsonb_build_object(
    'respondents', (a->'respondents')::int + (b->'respondents')::int,
    'categories', public.kunto_add_moments(a->'categories', b->'categories'),
    'questions', public.kunto_add_moments(a->'questions', b->'questions'))
$$;
