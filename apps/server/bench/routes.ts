import { hashBrowserToken, listMembers, type loadTemplate, submitResponse } from "@kunto/api";
import { generatePublicKey, generateToken } from "@kunto/auth";
import { type Db, schema, withScope } from "@kunto/db";
import { aggregateRespondents, type RawAnswers, scoreRespondent } from "@kunto/engine";
import { eq, sql } from "drizzle-orm";
import type { Hono } from "hono";
import { activePersonnelTemplate } from "./template";

/**
 * Only in the benchmark's server entry (bench/main.ts): the account's users read by a bare Hono route with the same
 * transaction, tenant setting and SQL as the procedure, so `pnpm bench` can show what the tRPC
 * and REST layers cost on top of the database work.
 */
export function addBenchRoutes(app: Hono, db: Db) {
  app.get("/__bench/tenant-users", async (c) => {
    const tenantId = c.req.header("x-tenant-id") ?? "";
    const userId = c.req.header("x-bench-user") ?? "";
    const users = await withScope(db, { userId, tenantId }, (tx) =>
      listMembers(tx, tenantId, null, {
        appUrl: "",
        internalEmailDomains: [],
        secureCookies: false,
        secretsKey: new Uint8Array(32),
      }),
    );
    return c.json(users);
  });
}

/**
 * Only in the benchmark's server entry (bench/main.ts), for `pnpm bench survey` (issue 7): a survey of the signed-in
 * account's tenant (its plan raised to TOTAL, so no respondent cap applies) with `shares` shares (one team each) and, when `respondents` is given, stored
 * aggregates of that many synthetic respondents spread over every share's stripes (the engine's
 * folding of random answers to the active personnel template); and the bare insert of one response
 * row in the same kind of transaction, for the submission benchmark's comparison.
 */
export function addSurveyBenchRoutes(app: Hono, db: Db) {
  app.post("/__bench/survey", async (c) => {
    const tenantId = c.req.header("x-tenant-id") ?? "";
    const { shares = 1, respondents = 0 } = (await c.req.json()) as { shares?: number; respondents?: number };
    const result = await withScope(db, { userId: null, tenantId }, async (tx) => {
      // The submission benchmark sends thousands of answers: no respondent cap in the way.
      await tx.update(schema.tenants).set({ plan: "TOTAL" }).where(eq(schema.tenants.id, tenantId));
      const { id: templateId, loaded } = await activePersonnelTemplate(tx);
      const [survey] = await tx
        .insert(schema.surveys)
        .values({
          tenantId,
          key: generatePublicKey(),
          type: "PERSONNEL",
          templateId,
          startsAt: new Date(Date.now() - 86_400_000),
          endsAt: new Date(Date.now() + 7 * 86_400_000),
        })
        .returning();
      if (!survey) throw new Error("survey");
      const links: string[] = [];
      const perStripe = Math.ceil(respondents / (shares * schema.AGGREGATE_STRIPES));
      let left = respondents;
      for (let i = 0; i < shares; i++) {
        const urlSafeName = `bench-${generatePublicKey().slice(0, 10).toLowerCase()}`;
        const [team] = await tx
          .insert(schema.teams)
          .values({ tenantId, key: generatePublicKey(), name: urlSafeName, type: "PERSONNEL", urlSafeName })
          .returning();
        const [share] = await tx
          .insert(schema.surveyShares)
          .values({ tenantId, surveyId: survey.id, key: generateToken(), name: urlSafeName })
          .returning();
        if (!team || !share) throw new Error("share");
        await tx.insert(schema.surveyShareTeams).values({ tenantId, shareId: share.id, teamId: team.id });
        links.push(`${share.key}/${urlSafeName}`);
        for (let stripe = 0; stripe < schema.AGGREGATE_STRIPES && left > 0; stripe++) {
          const n = Math.min(perStripe, left);
          left -= n;
          const folded = aggregateRespondents(
            Array.from({ length: n }, () => scoreRespondent(loaded.prepared, randomAnswers(loaded))),
          );
          await tx.insert(schema.surveyAggregates).values({
            tenantId,
            surveyId: survey.id,
            shareId: share.id,
            teamId: team.id,
            stripe,
            aggregates: folded,
          });
        }
      }
      return { surveyKey: survey.key, links };
    });
    return c.json(result);
  });

  // The submission's service without the tRPC / REST layer (and without the per-address counter).
  app.post("/__bench/submit/:shareKey/:team", async (c) => {
    const body = (await c.req.json()) as Parameters<typeof submitResponse>[3];
    return c.json(await submitResponse(db, c.req.param("shareKey"), c.req.param("team"), body));
  });

  app.post("/__bench/survey-response/:shareKey/:team", async (c) => {
    const body = (await c.req.json()) as {
      submissionId: string;
      browserToken: string;
      language: "en";
      answers: Record<string, number>;
    };
    const shareKey = c.req.param("shareKey");
    const team = c.req.param("team");
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.share_key', ${shareKey}, true)`);
      const [share] = await tx.execute<{ id: string; tenant_id: string; survey_id: string }>(
        sql`select id, tenant_id, survey_id, set_config('app.tenant_id', tenant_id::text, true) from survey_shares where key = ${shareKey}`,
      );
      if (!share) throw new Error("share");
      await tx.execute(sql`
        insert into survey_responses (tenant_id, survey_id, share_id, team_id, submission_id, browser_token_hash, language, answers, submitted_on)
        select ${share.tenant_id}, ${share.survey_id}, ${share.id}, t.id, ${body.submissionId}, ${hashBrowserToken(body.browserToken)}, ${body.language}, ${JSON.stringify(body.answers)}::jsonb, current_date
        from teams t where t.url_safe_name = ${team} and t.tenant_id = ${share.tenant_id}`);
    });
    return c.json({ stored: true });
  });
}

/** Answers a respondent could give: a slider value on its step, or a choice's key. */
function randomAnswers(template: Awaited<ReturnType<typeof loadTemplate>>): RawAnswers {
  const answers: Record<string, number | string> = {};
  for (const [key, rule] of template.rules) {
    if (rule.kind === "slider") {
      const steps = Math.round((rule.max - rule.min) / rule.step);
      answers[key] = rule.min + Math.floor(Math.random() * (steps + 1)) * rule.step;
    } else {
      const keys = [...rule.keys.values()];
      answers[key] = keys[Math.floor(Math.random() * keys.length)] as string;
    }
  }
  return answers;
}

/**
 * Only in the benchmark's server entry (bench/main.ts), for `pnpm bench tasks` (issue 9): `tasks` tasks spread over the
 * category tree's top-level categories and the help types, and `votes` votes of distinct browser
 * tokens spread over them (each task's `vote_count` kept as the vote path keeps it), in the
 * signed-in account's tenant.
 */
export function addTaskBenchRoutes(app: Hono, db: Db) {
  app.post("/__bench/tasks", async (c) => {
    const tenantId = c.req.header("x-tenant-id") ?? "";
    const { tasks = 2000, votes = 50000 } = (await c.req.json()) as { tasks?: number; votes?: number };
    await withScope(db, { userId: null, tenantId }, async (tx) => {
      await tx.execute(sql`
        insert into tasks (tenant_id, type, name, description, priority, category_id, year, status)
        select ${tenantId}::uuid,
          case when i % 10 = 0 then 'personnel_help' else 'manual' end,
          'Bench task ' || i, 'A task of the benchmark', (array['HIGH','MEDIUM','LOW'])[1 + i % 3],
          case when i % 10 = 0 then null else (select id from categories where level <= 2 order by "order" offset (i % 8) limit 1) end,
          2026, case when i % 4 = 0 then 'DONE' else null end
        from generate_series(1, ${tasks}) i`);
      await tx.execute(sql`
        with numbered as (
          select id, row_number() over (order by created_at, id) - 1 as n, count(*) over () as total
          from tasks where tenant_id = ${tenantId})
        insert into task_votes (tenant_id, task_id, session_hash)
        select ${tenantId}::uuid, t.id, md5('bench' || v)
        from generate_series(0, ${votes} - 1) v join numbered t on t.n = v % t.total`);
      await tx.execute(sql`
        update tasks t set vote_count = v.n
        from (select task_id, count(*)::int as n from task_votes where tenant_id = ${tenantId} group by task_id) v
        where v.task_id = t.id`);
    });
    return c.json({ ok: true });
  });
}
