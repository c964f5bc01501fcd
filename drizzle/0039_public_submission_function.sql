-- A public submission's write in one statement, no BEGIN and COMMIT around it (issue 24: submissions
-- at 10,000 organisations). A submission was five statements (the per-address counter, BEGIN,
-- kunto_public_share, the insert, COMMIT); now three, each its own transaction: the counter, then
-- kunto_public_share (what the checks in JS need: the survey's dates, the plan, the template, any
-- earlier response), then kunto_submit_public_response, which opens the share by its key again,
-- sets its tenant, takes the respondent cap's lock, and stores. Every function runs as the caller
-- (kunto_app): row-level security applies to every read and write as it did inside the transaction.
--
-- The arithmetic of adding one stored aggregate to another (the engine's mergeAggregates, in SQL:
-- moments key by key) moves here from the TypeScript that wrote it into each insert, so the public
-- submission and the demo data add answers with the same function.

-- Moments of two jsonb sections ({key: {count, sum, sumSquares}}) added key by key.
CREATE FUNCTION kunto_add_moments(a jsonb, b jsonb) RETURNS jsonb
LANGUAGE sql
IMMUTABLE PARALLEL SAFE
SET search_path = pg_catalog
AS $$
  SELECT coalesce(jsonb_object_agg(k, jsonb_build_object(
    'count', coalesce((x.v->>'count')::numeric, 0) + coalesce((y.v->>'count')::numeric, 0),
    'sum', coalesce((x.v->>'sum')::numeric, 0) + coalesce((y.v->>'sum')::numeric, 0),
    'sumSquares', coalesce((x.v->>'sumSquares')::numeric, 0) + coalesce((y.v->>'sumSquares')::numeric, 0))), '{}'::jsonb)
  FROM jsonb_each(a) x(k, v) FULL JOIN jsonb_each(b) y(k, v) USING (k)
$$;--> statement-breakpoint

-- Two stored aggregates added: respondents, and the moments of every category and question.
CREATE FUNCTION kunto_add_aggregates(a jsonb, b jsonb) RETURNS jsonb
LANGUAGE sql
IMMUTABLE PARALLEL SAFE
SET search_path = public, pg_catalog
AS $$
  SELECT jsonb_build_object(
    'respondents', (a->>'respondents')::int + (b->>'respondents')::int,
    'categories', kunto_add_moments(a->'categories', b->'categories'),
    'questions', kunto_add_moments(a->'questions', b->'questions'))
$$;--> statement-breakpoint

-- One response row (idempotent: nothing is written when either unique key refuses it), its
-- respondent added to one stripe of the team's aggregate, and the survey's day of latest answer
-- when p_new_day. The caller has set the response's tenant. Answers whether the row was stored.
CREATE FUNCTION kunto_store_response(
  p_tenant uuid, p_survey uuid, p_share uuid, p_team uuid, p_submission uuid, p_browser_token_hash text,
  p_language text, p_answers jsonb, p_day date, p_stripe int, p_one jsonb, p_new_day boolean)
RETURNS boolean
LANGUAGE plpgsql
VOLATILE
SET search_path = public, pg_catalog
AS $$
BEGIN
  INSERT INTO survey_responses
    (tenant_id, survey_id, share_id, team_id, submission_id, browser_token_hash, language, answers, submitted_on)
  VALUES (p_tenant, p_survey, p_share, p_team, p_submission, p_browser_token_hash, p_language, p_answers, p_day)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  INSERT INTO survey_aggregates AS sa (tenant_id, survey_id, share_id, team_id, stripe, aggregates)
  VALUES (p_tenant, p_survey, p_share, p_team, p_stripe, p_one)
  ON CONFLICT (share_id, team_id, stripe, tenant_id)
  DO UPDATE SET aggregates = kunto_add_aggregates(sa.aggregates, excluded.aggregates);
  IF p_new_day THEN
    UPDATE surveys SET latest_answer_on = p_day
    WHERE id = p_survey AND tenant_id = p_tenant AND latest_answer_on IS DISTINCT FROM p_day;
  END IF;
  RETURN true;
END
$$;--> statement-breakpoint

-- A public submission's write, checked in JS against what kunto_public_share read a moment before.
-- The share is opened by its key again (a share or team deleted since, or a team taken off the
-- share, answers survey_link_unknown); on a capped plan (p_cap not null) the survey row is locked and its responses
-- counted, so the cap is exact under concurrent submissions. Outcomes: stored (with the day stored,
-- or the first call's day when the same submission id was stored a moment ago), already_answered
-- (this browser token already answered the share), survey_full, survey_link_unknown.
CREATE FUNCTION kunto_submit_public_response(
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
  FROM survey_responses r WHERE r.submission_id = p_submission;
  IF v_first_share = v_share.id THEN
    RETURN QUERY SELECT 'stored'::text, v_first_day::text;
  ELSE
    RETURN QUERY SELECT 'already_answered'::text, NULL::text;
  END IF;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION kunto_store_response(uuid, uuid, uuid, uuid, uuid, text, text, jsonb, date, int, jsonb, boolean) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION kunto_store_response(uuid, uuid, uuid, uuid, uuid, text, text, jsonb, date, int, jsonb, boolean) TO kunto_app, kunto_system;--> statement-breakpoint
REVOKE ALL ON FUNCTION kunto_submit_public_response(text, uuid, uuid, text, text, jsonb, date, int, jsonb, boolean, int) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION kunto_submit_public_response(text, uuid, uuid, text, text, jsonb, date, int, jsonb, boolean, int) TO kunto_app;
