import { randomBytes, randomUUID } from "node:crypto";
import { submitResponse } from "@kunto/api";
import { generatePublicKey, RATE_RULES } from "@kunto/auth";
import { createDb, schema } from "@kunto/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { actorFor, asOwner, connect, makeTenant, makeUser, startServer } from "../support/harness";
import { answeredSurvey, submissionFor } from "../support/reports";
import { errorOf, outputOf, type RestAnswer, rest } from "../support/rest";
import { makeSharedSurvey } from "../support/surveys";

/**
 * Issue 17.8: the second condition of the submission rules, each with a test that fails when that
 * condition breaks: a stored submission's retry succeeds whatever happened to the survey since, the
 * FREE cap is the whole survey's, a team must be one the share was given to, and the cap holds
 * under a race that is arranged, not hoped for.
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
const MINUTE = 60 * 1000;

beforeAll(async () => {
  server = await startServer(db.db);
});
afterAll(async () => {
  await server.close();
  await db.close();
});

const token = () => randomBytes(24).toString("base64url");
type SubmissionInput = Parameters<typeof submitResponse>[3];

const submission = (templateId: string, seed: number) => submissionFor(db.db, templateId, seed);

const submit = (link: string, body: SubmissionInput) =>
  rest(server, { method: "POST", path: `/api/public/survey/${link}/response`, body });
const page = (link: string) => rest(server, { method: "GET", path: `/api/public/survey/${link}?lang=en` });

async function storedResponses(surveyId: string): Promise<number> {
  const [row] = await db.ownerSql<{ n: number }[]>`
    select count(*)::int as n from survey_responses where survey_id = ${surveyId}`;
  return row?.n ?? 0;
}

/** Backends of this database waiting for a lock, with the backends they wait for. */
async function lockWaiters() {
  return db.ownerSql<{ pid: number; blockers: number[] }[]>`
    select pid, pg_blocking_pids(pid) as blockers from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`;
}

/** Waits on the state, not on time: until `count` backends wait for a lock. */
async function untilWaiting(count: number) {
  let waiters = await lockWaiters();
  for (const since = Date.now(); waiters.length < count; waiters = await lockWaiters()) {
    if (Date.now() - since > 20_000) throw new Error(`not ${count} waiting: ${JSON.stringify(waiters)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return waiters;
}

describe("issue 17.8: a stored submission's retry", () => {
  it("issue 17.8: a retried submission after the survey ended still answers success when it was stored", async () => {
    const tenant = await makeTenant(db.owner, { plan: "TOTAL" });
    const { link, survey, template } = await makeSharedSurvey(db.owner, tenant.id);
    const body = await submission(template.id, 1);
    const first = outputOf("publicSurvey.submit", await submit(link, body));
    // The survey ends (the admin's "end now") before the page's retry arrives.
    await asOwner(db.owner, (tx) =>
      tx
        .update(schema.surveys)
        .set({ endsAt: new Date(Date.now() - MINUTE) })
        .where(eq(schema.surveys.id, survey.id)),
    );
    // The first condition holds: a new submission is refused now.
    expect(errorOf(await submit(link, await submission(template.id, 2))).error_key).toBe("survey_ended");
    // The second: the stored one's retry answers as the first call did, and stores nothing more.
    const retry = await submit(link, body);
    expect(retry.status).toBe(200);
    expect(outputOf("publicSurvey.submit", retry)).toEqual(first);
    expect(await storedResponses(survey.id)).toBe(1);
  });

  it("issue 17.8: a retried submission after the survey filled up still answers success when it was stored", async () => {
    const tenant = await makeTenant(db.owner, { plan: "FREE" });
    const { link, survey, template } = await makeSharedSurvey(db.owner, tenant.id);
    const bodies: SubmissionInput[] = [];
    for (let i = 0; i < 10; i++) bodies.push(await submission(template.id, i));
    const answers = [];
    for (const body of bodies) answers.push(outputOf("publicSurvey.submit", await submit(link, body)));
    // Full: the page says so and an eleventh respondent is refused.
    expect(outputOf("publicSurvey.get", await page(link)).state).toBe("full");
    expect(errorOf(await submit(link, await submission(template.id, 10))).error_key).toBe("survey_full");
    // The last and the first stored submission retried: success, as their first calls answered.
    for (const i of [9, 0]) {
      const retry = await submit(link, bodies[i] as SubmissionInput);
      expect(retry.status, `retry of submission ${i}`).toBe(200);
      expect(outputOf("publicSurvey.submit", retry)).toEqual(answers[i]);
    }
    expect(await storedResponses(survey.id)).toBe(10);
  });
});

describe("issue 17.8: the FREE cap and the share's teams", () => {
  it("issue 17.8: the FREE cap counts the whole survey, not per team", async () => {
    const tenant = await makeTenant(db.owner, { plan: "FREE" });
    // Two target groups (a share and a team each): 6 + 4 answers fill the survey's 10 places.
    const survey = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [6, 4], running: true });
    expect(await storedResponses(survey.surveyId)).toBe(10);
    for (const share of survey.shares) {
      const link = `${share.key}/${share.team}`;
      expect(outputOf("publicSurvey.get", await page(link)).state, share.name).toBe("full");
      const refused = await submit(link, await submission(survey.templateId, 50));
      expect(refused.status, share.name).toBe(409);
      expect(errorOf(refused).error_key).toBe("survey_full");
    }
    expect(await storedResponses(survey.surveyId)).toBe(10);
  });

  it("issue 17.8: an answer is refused for a team the survey was not shared with", async () => {
    const tenant = await makeTenant(db.owner, { plan: "TOTAL" });
    // Shares A and B of one survey, each with its own team.
    const survey = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [0, 0], running: true });
    const [a, b] = survey.shares;
    if (!a || !b) throw new Error("two shares");
    // A team of the same organisation that no share holds, and one shared with another survey.
    const loose = `team-${generatePublicKey().slice(0, 8).toLowerCase()}`;
    await asOwner(db.owner, (tx) =>
      tx.insert(schema.teams).values({
        tenantId: tenant.id,
        key: generatePublicKey(),
        name: "Not shared",
        type: "PERSONNEL",
        urlSafeName: loose,
      }),
    );
    const other = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [0], running: true });
    const elsewhere = other.shares[0]?.team ?? "";
    for (const team of [b.team, loose, elsewhere]) {
      const link = `${a.key}/${team}`;
      const shown = await page(link);
      expect(shown.status, team).toBe(404);
      expect(errorOf(shown).error_key).toBe("survey_link_unknown");
      const sent = await submit(link, await submission(survey.templateId, 1));
      expect(sent.status, team).toBe(404);
      expect(errorOf(sent).error_key).toBe("survey_link_unknown");
    }
    expect(await storedResponses(survey.surveyId)).toBe(0);
    expect(await storedResponses(other.surveyId)).toBe(0);
    // The share's own team answers (the link works; only the team was wrong).
    outputOf(
      "publicSurvey.submit",
      await submit(`${a.key}/${a.team}`, await submission(survey.templateId, 2)),
    );
    const [row] = await db.ownerSql<{ share_id: string; team_id: string }[]>`
      select share_id, team_id from survey_responses where survey_id = ${survey.surveyId}`;
    expect(row).toEqual({ share_id: a.id, team_id: a.teamId });
  });
});

describe("issue 17.8: the survey cap under a race", () => {
  it("issue 17.8: the survey-cap race: a submission racing for the last place waits on the survey's lock and is refused (deterministic)", async () => {
    const tenant = await makeTenant(db.owner, { plan: "FREE" });
    // Nine of the FREE plan's ten places taken.
    const survey = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [9], running: true });
    const share = survey.shares[0];
    if (!share) throw new Error("share");
    expect(await storedResponses(survey.surveyId)).toBe(9);

    // A transaction holds every aggregate stripe of the team (each submission adds to one), so a
    // submission that has counted the survey's answers stops before it commits. Two submissions
    // then race for the last place: with the survey's lock, the second waits on the first (which
    // has the lock) and counts after it commits; without it, both count 9 and both wait here.
    const holder = await db.ownerSql.reserve();
    const results: Array<Promise<string>> = [];
    let waiting: { holderPid: number; waiters: Array<{ pid: number; blockers: number[] }> } | null = null;
    try {
      await holder`begin`;
      await holder`
        insert into survey_aggregates (tenant_id, survey_id, share_id, team_id, stripe, aggregates)
        select ${tenant.id}, ${survey.surveyId}, ${share.id}, ${share.teamId}, s,
          '{"respondents":0,"categories":{},"questions":{}}'::jsonb
        from generate_series(0, ${schema.AGGREGATE_STRIPES - 1}) s
        on conflict (share_id, team_id, stripe, tenant_id) do update set aggregates = survey_aggregates.aggregates`;
      const [{ pid: holderPid } = { pid: 0 }] = await holder<
        { pid: number }[]
      >`select pg_backend_pid() as pid`;

      for (const seed of [100, 101]) {
        const input = await submission(survey.templateId, seed);
        const result = submitResponse(db.db, share.key, share.team, input).then(
          () => "stored",
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        );
        results.push(result);
      }
      // Wait on the state, not on time: both submissions blocked on a lock.
      waiting = { holderPid, waiters: await untilWaiting(2) };
    } finally {
      // Nothing the holder wrote stays: the stripes are as the nine submissions left them.
      await holder`rollback`;
      holder.release();
    }
    const outcomes = await Promise.all(results);
    // Exactly one took the last place; without the survey's lock both would have (11 answers).
    expect(outcomes.sort()).toEqual(["stored", "survey_full"]);
    expect(await storedResponses(survey.surveyId)).toBe(10);
    // And the survey's lock is what ordered them: one waited for the holder (it had counted and
    // written its row), the other for that first submission, not for the holder.
    const first = waiting?.waiters.find((w) => w.blockers.includes(waiting?.holderPid ?? -1));
    const second = waiting?.waiters.find((w) => w !== first);
    expect(first, JSON.stringify(waiting)).toBeDefined();
    expect(second?.blockers, JSON.stringify(waiting)).toEqual([first?.pid]);
    const [aggregates] = await db.ownerSql<{ n: number }[]>`
      select coalesce(sum((aggregates->>'respondents')::int), 0)::int as n
      from survey_aggregates where survey_id = ${survey.surveyId}`;
    expect(aggregates?.n).toBe(10);
  });
});

describe("issue 24: the submission's write opens the share again (no transaction spans its two statements)", () => {
  /** `kunto_submit_public_response` as the request role calls it, with one empty respondent. */
  async function write(
    key: string,
    teamId: string,
    options: { submissionId?: string; browserHash?: string; cap?: number | null } = {},
  ) {
    const one = JSON.stringify({ respondents: 1, categories: {}, questions: {} });
    const [row] = await db.db.execute<{ outcome: string; submitted_on: string | null }>(sql`
      select * from kunto_submit_public_response(${key}, ${teamId}, ${options.submissionId ?? randomUUID()},
        ${options.browserHash ?? token()}, 'en', '{}'::jsonb, '2026-11-20'::date, 0, ${one}::jsonb, true,
        ${options.cap ?? null}::int)`);
    return row;
  }

  it("issue 24: a team taken off the link, an unknown key or a deleted share store nothing; a cap reached refuses; a twin submission answers as the first", async () => {
    const tenant = await makeTenant(db.owner, { plan: "TOTAL" });
    const { share, team, survey } = await makeSharedSurvey(db.owner, tenant.id);
    const other = await makeSharedSurvey(db.owner, tenant.id);

    // A team of the same organisation that this share does not hold (taken off since the read).
    expect(await write(share.key, other.team.id)).toEqual({
      outcome: "survey_link_unknown",
      submitted_on: null,
    });
    expect(await write("no-such-share-key", team.id)).toEqual({
      outcome: "survey_link_unknown",
      submitted_on: null,
    });
    expect(await storedResponses(survey.id)).toBe(0);

    const submissionId = randomUUID();
    const browserHash = token();
    expect(await write(share.key, team.id, { submissionId, browserHash })).toEqual({
      outcome: "stored",
      submitted_on: "2026-11-20",
    });
    // The same submission id again (the page's retry racing the first): the first call's answer.
    expect(await write(share.key, team.id, { submissionId, browserHash })).toEqual({
      outcome: "stored",
      submitted_on: "2026-11-20",
    });
    // Another submission of the same browser to the same share.
    expect(await write(share.key, team.id, { browserHash })).toEqual({
      outcome: "already_answered",
      submitted_on: null,
    });
    // A capped plan's last place taken since the read: refused; one place more still answers.
    expect(await write(share.key, team.id, { cap: 1 })).toEqual({
      outcome: "survey_full",
      submitted_on: null,
    });
    expect((await write(share.key, team.id, { cap: 2 }))?.outcome).toBe("stored");
    expect(await storedResponses(survey.id)).toBe(2);

    // The share deleted since the read.
    await asOwner(db.owner, (tx) =>
      tx.delete(schema.surveyShares).where(eq(schema.surveyShares.id, share.id)),
    );
    expect(await write(share.key, team.id)).toEqual({ outcome: "survey_link_unknown", submitted_on: null });
    expect(await storedResponses(survey.id)).toBe(0);
  });
});

describe("issue 24: the counter's statement commits without waiting for the disk, and only it", () => {
  it("issue 24: after a counted submission the connection's synchronous_commit is on again (the answer's write waits for the disk)", async () => {
    const one = createDb(inject("appUrl"), { max: 1 });
    try {
      const tenant = await makeTenant(db.owner, { plan: "TOTAL" });
      const { share, team, template } = await makeSharedSurvey(db.owner, tenant.id);
      const limits = [[RATE_RULES.responseShareAddress, `test-${randomUUID()}`]] as const;
      const stored = await submitResponse(
        one.db,
        share.key,
        team.urlSafeName,
        await submission(template.id, 3),
        {
          limits,
        },
      );
      expect(stored.stored).toBe(true);
      const [setting] = await one.db.execute<{ synchronous_commit: string }>(sql`show synchronous_commit`);
      expect(setting?.synchronous_commit).toBe("on");
    } finally {
      await one.close();
    }
  });
});

describe("issue 24: a delete racing a submission's write (deterministic)", () => {
  it("issue 24: a team delete waits for an answer in flight and then keeps it (team_has_answers), not cascading it away", async () => {
    const tenant = await makeTenant(db.owner, { plan: "TOTAL" });
    const { share, team, survey } = await makeSharedSurvey(db.owner, tenant.id);
    const admin = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
    const actor = await actorFor(db.db, "admin", admin.id);
    // A submission's write, held before its commit.
    const holder = await db.ownerSql.reserve();
    let deleted: Promise<Awaited<ReturnType<typeof rest>>> | null = null;
    try {
      await holder`begin`;
      const [written] = await holder<{ outcome: string }[]>`
        select outcome from kunto_submit_public_response(${share.key}, ${team.id}, ${randomUUID()}, ${token()},
          'en', '{}'::jsonb, current_date, 0, '{"respondents":1,"categories":{},"questions":{}}'::jsonb, false, null)`;
      expect(written?.outcome).toBe("stored");
      deleted = rest(server, {
        method: "DELETE",
        path: `/api/tenant/team/${team.key}`,
        actor,
        tenantId: tenant.id,
      });
      await untilWaiting(1);
      await holder`commit`;
    } finally {
      holder.release();
    }
    const answer = await deleted;
    expect(answer?.status, answer?.text).toBe(409);
    expect(errorOf(answer as RestAnswer).error_key).toBe("team_has_answers");
    expect(await storedResponses(survey.id)).toBe(1);
  });

  it("issue 24: a write that waits for a share's delete answers survey_link_unknown, not a failed foreign key", async () => {
    const tenant = await makeTenant(db.owner, { plan: "TOTAL" });
    const { share, team, template, survey } = await makeSharedSurvey(db.owner, tenant.id);
    const input = await submission(template.id, 7);
    // The share's delete (as deleteShare makes it, the row locked first), held before its commit.
    const holder = await db.ownerSql.reserve();
    let outcome: Promise<string> | null = null;
    try {
      await holder`begin`;
      await holder`select id from survey_shares where id = ${share.id} for update`;
      await holder`delete from survey_shares where id = ${share.id}`;
      outcome = submitResponse(db.db, share.key, team.urlSafeName, input).then(
        () => "stored",
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      await untilWaiting(1);
      await holder`commit`;
    } finally {
      holder.release();
    }
    expect(await outcome).toBe("survey_link_unknown");
    expect(await storedResponses(survey.id)).toBe(0);
  });
});

describe("issue 24: a process's submissions to one team take the aggregate stripes in turn", () => {
  it("issue 24: consecutive submissions add to every stripe once before any stripe twice (concurrent ones seldom wait on one stripe's lock)", async () => {
    const tenant = await makeTenant(db.owner, { plan: "TOTAL" });
    const survey = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [0], running: true });
    const share = survey.shares[0];
    if (!share) throw new Error("share");
    const stripes = schema.AGGREGATE_STRIPES;
    const respondents = async () =>
      db.ownerSql<{ stripe: number; n: number }[]>`
        select stripe, (aggregates->>'respondents')::int as n from survey_aggregates
        where share_id = ${share.id} order by stripe`;
    for (let seed = 0; seed < stripes; seed++)
      await submitResponse(db.db, share.key, share.team, await submission(survey.templateId, 300 + seed));
    // At random, eight submissions would fill all eight stripes once in 400 runs.
    expect(await respondents()).toEqual(Array.from({ length: stripes }, (_, stripe) => ({ stripe, n: 1 })));
    for (let seed = 0; seed < stripes; seed++)
      await submitResponse(db.db, share.key, share.team, await submission(survey.templateId, 400 + seed));
    expect(await respondents()).toEqual(Array.from({ length: stripes }, (_, stripe) => ({ stripe, n: 2 })));
  });
});
