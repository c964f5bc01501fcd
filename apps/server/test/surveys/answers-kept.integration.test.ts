import { randomUUID } from "node:crypto";
import { addDays, dayEnd, dayOf, dayStart } from "@kunto/core";
import { loadDefaultContent, schema } from "@kunto/db";
import { eq, sql } from "drizzle-orm";
import type { TransactionSql } from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerThroughPage } from "../support/answers";
import { actorFor, asOwner, connect, makeTenant, makeUser, startServer } from "../support/harness";
import { duringUncommittedWrite } from "../support/held-write";
import { errorOf, outputOf, rest } from "../support/rest";

/**
 * Issue 17.2: no answers lost to a delete or a reschedule. A share with answers is refused
 * (`share_has_answers`, as a team with answers is), and a start may not move past the first answer
 * (`survey_start_after_answers`): the reopen that lost the demo's daily chart and the running survey
 * pushed back to "upcoming" are both refused, while the harmless halves of each rule still work.
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  await asOwner(db.owner, (tx) => loadDefaultContent(tx));
  server = await startServer(db.db);
});
afterAll(async () => {
  await server.close();
  await db.close();
});

async function organisation(plan: "FREE" | "PRO" = "PRO") {
  const tenant = await makeTenant(db.owner, { plan });
  const user = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
  const actor = await actorFor(db.db, "admin", user.id);
  return {
    tenant,
    admin: (method: string, path: string, body?: unknown) =>
      rest(server, { actor, tenantId: tenant.id, method, path: `/api${path}`, body }),
  };
}
type Org = Awaited<ReturnType<typeof organisation>>;

const today = () => dayOf(new Date());

/** A team, a survey running from today for a week, and a share of it with the team (all over REST). */
async function sharedSurvey(org: Org) {
  const team = outputOf(
    "team.create",
    await org.admin("POST", "/tenant/team", { name: `Team ${randomUUID().slice(0, 6)}`, type: "PERSONNEL" }),
  );
  const survey = outputOf(
    "survey.create",
    await org.admin("POST", "/tenant/survey", {
      type: "PERSONNEL",
      start: today(),
      end: addDays(today(), 7),
    }),
  );
  const share = await addShare(org, survey.key, team.key);
  return { team, survey, share, link: `${share.key}/${team.urlSafeName}` };
}

async function addShare(org: Org, surveyKey: string, teamKey: string) {
  const share = await org.admin("POST", "/tenant/surveyshare", { name: "Link", surveyKey, teams: [teamKey] });
  expect(share.status).toBe(200);
  return outputOf("surveyShare.create", share);
}

/** Answers of earlier days, stored as the respondent page stores them (one row each). */
async function answersOn(surveyKey: string, shareKey: string, teamKey: string, day: string, n: number) {
  await asOwner(db.owner, async (tx) => {
    const [survey] = await tx.select().from(schema.surveys).where(eq(schema.surveys.key, surveyKey));
    const [share] = await tx.select().from(schema.surveyShares).where(eq(schema.surveyShares.key, shareKey));
    const [team] = await tx.select().from(schema.teams).where(eq(schema.teams.key, teamKey));
    if (!survey || !share || !team) throw new Error("fixture");
    await tx.insert(schema.surveyResponses).values(
      Array.from({ length: n }, () => ({
        tenantId: survey.tenantId,
        surveyId: survey.id,
        shareId: share.id,
        teamId: team.id,
        submissionId: randomUUID(),
        browserTokenHash: randomUUID(),
        language: "en" as const,
        answers: {},
        submittedOn: day,
      })),
    );
    await tx.update(schema.surveys).set({ latestAnswerOn: day }).where(eq(schema.surveys.id, survey.id));
  });
}

async function setPeriod(key: string, first: string, last: string) {
  await asOwner(db.owner, (tx) =>
    tx
      .update(schema.surveys)
      .set({ startsAt: dayStart(first), endsAt: dayEnd(last) })
      .where(eq(schema.surveys.key, key)),
  );
}

async function storedResponses(surveyKey: string) {
  const [row] = await asOwner(db.owner, (tx) =>
    tx.execute<{ n: number }>(
      sql`select count(*)::int as n from survey_responses r join surveys s on s.id = r.survey_id where s.key = ${surveyKey}`,
    ),
  );
  return row?.n ?? 0;
}

/** One response row written by a transaction the test keeps open (see duringUncommittedWrite). */
async function insertResponse(
  tx: TransactionSql,
  surveyKey: string,
  shareKey: string,
  teamKey: string,
  day: string,
) {
  await tx`
    insert into survey_responses
      (tenant_id, survey_id, share_id, team_id, submission_id, browser_token_hash, language, answers, submitted_on)
    select s.tenant_id, s.id, sh.id, tm.id, ${randomUUID()}, ${randomUUID()}, 'en', '{}'::jsonb, ${day}::date
    from surveys s, survey_shares sh, teams tm
    where s.key = ${surveyKey} and sh.key = ${shareKey} and tm.key = ${teamKey}`;
}

const chartTotal = (points: Array<{ answers: number }>) => points.reduce((sum, p) => sum + p.answers, 0);

describe("issue 17.2: a share with answers keeps them", () => {
  it("issue 17.2: refuses to delete a share with answers; the answers, the latest day and the FREE cap stay", async () => {
    const org = await organisation("FREE");
    const { survey, share, link } = await sharedSurvey(org);
    await answerThroughPage(server, link, 10);
    const before = await org.admin("GET", `/tenant/survey/${survey.key}`);
    expect(outputOf("survey.get", before)).toMatchObject({
      totalAnswers: 10,
      latestAnswerAt: today(),
      capReached: true,
    });

    const refused = await org.admin("DELETE", `/tenant/surveyshare/${share.key}`);
    expect([refused.status, errorOf(refused).error_key]).toEqual([409, "share_has_answers"]);

    expect((await org.admin("GET", `/tenant/surveyshare/${share.key}`)).status).toBe(200);
    expect(await storedResponses(survey.key)).toBe(10);
    const after = await org.admin("GET", `/tenant/survey/${survey.key}`);
    expect(outputOf("survey.get", after)).toMatchObject({
      totalAnswers: 10,
      latestAnswerAt: today(),
      capReached: true,
    });
    expect(
      chartTotal(
        outputOf("survey.statistics", await org.admin("GET", `/tenant/survey/${survey.key}/statistics`)),
      ),
    ).toBe(10);
    // The survey stays selectable in reports with its answers, and the FREE cap did not start over.
    const page = await rest(server, {
      method: "GET",
      path: `/api/public/survey/${link}?lang=en`,
      origin: null,
    });
    expect(outputOf("publicSurvey.get", page).state).toBe("full");
  });

  it("issue 17.2: deletes a share nobody has answered through, beside one that has answers", async () => {
    const org = await organisation();
    const { team, survey, share, link } = await sharedSurvey(org);
    await answerThroughPage(server, link, 2);
    const unused = await addShare(org, survey.key, team.key);

    expect(
      outputOf("surveyShare.delete", await org.admin("DELETE", `/tenant/surveyshare/${unused.key}`)),
    ).toEqual({
      ok: true,
    });
    expect((await org.admin("GET", `/tenant/surveyshare/${unused.key}`)).status).toBe(404);
    const left = await org.admin("GET", `/tenant/surveyshare/bysurvey/${survey.key}`);
    expect(outputOf("surveyShare.bySurvey", left).map((s) => s.key)).toEqual([share.key]);
    expect(outputOf("survey.get", await org.admin("GET", `/tenant/survey/${survey.key}`)).totalAnswers).toBe(
      2,
    );
  });

  it("issue 17.2: a delete meeting a submission still in flight refuses, and the answer stays", async () => {
    const org = await organisation();
    const { team, survey, share } = await sharedSurvey(org);
    // The submission's insert holds a key-share lock on the share until it commits; the delete
    // must wait for it and then see the answer (without the lock, its cascade would take it).
    const { result, waited } = await duringUncommittedWrite(
      db,
      (tx) => insertResponse(tx, survey.key, share.key, team.key, today()),
      () => org.admin("DELETE", `/tenant/surveyshare/${share.key}`),
    );
    expect(waited).toBe(true);
    expect([result.status, errorOf(result).error_key]).toEqual([409, "share_has_answers"]);
    expect(await storedResponses(survey.key)).toBe(1);
  });
});

describe("issue 17.2: a reschedule keeps the answers inside the period", () => {
  it("issue 17.2: refuses a reopen that moves the start past the first answer; reopening from the original start keeps the chart", async () => {
    // The demo's ended personnel survey: 30 to 17 days ago, 49 answers.
    const org = await organisation();
    const { team, survey, share } = await sharedSurvey(org);
    const t = today();
    await setPeriod(survey.key, addDays(t, -30), addDays(t, -17));
    await answersOn(survey.key, share.key, team.key, addDays(t, -29), 20);
    await answersOn(survey.key, share.key, team.key, addDays(t, -20), 29);
    const chart = async () =>
      outputOf("survey.statistics", await org.admin("GET", `/tenant/survey/${survey.key}/statistics`));
    const before = await chart();
    expect(chartTotal(before)).toBe(49);
    expect(outputOf("survey.get", await org.admin("GET", `/tenant/survey/${survey.key}`)).status).toBe(200);

    // What the old dialog sent: start today.
    const reopenToday = await org.admin("PUT", `/tenant/survey/${survey.key}`, {
      start: t,
      end: addDays(t, 7),
    });
    expect([reopenToday.status, errorOf(reopenToday).error_key]).toEqual([409, "survey_start_after_answers"]);
    // A start after the first answer, even one still before the last.
    const between = await org.admin("PUT", `/tenant/survey/${survey.key}`, {
      start: addDays(t, -25),
      end: addDays(t, 7),
    });
    expect([between.status, errorOf(between).error_key]).toEqual([409, "survey_start_after_answers"]);
    const unchangedSurvey = outputOf("survey.get", await org.admin("GET", `/tenant/survey/${survey.key}`));
    expect(unchangedSurvey).toMatchObject({ status: 200, start: dayStart(addDays(t, -30)).toISOString() });
    expect(await chart()).toEqual(before);

    // What the dialog sends now: the original start, a new end.
    const reopened = await org.admin("PUT", `/tenant/survey/${survey.key}`, {
      start: addDays(t, -30),
      end: addDays(t, 7),
    });
    expect(reopened.status).toBe(200);
    expect(outputOf("survey.update", reopened)).toMatchObject({
      status: 100,
      totalAnswers: 49,
      start: dayStart(addDays(t, -30)).toISOString(),
      end: dayEnd(addDays(t, 7)).toISOString(),
    });
    const after = await chart();
    expect(chartTotal(after)).toBe(49);
    expect(after.slice(0, before.length)).toEqual(before);
    // The start may stay while only the end moves, as often as needed.
    const longer = await org.admin("PUT", `/tenant/survey/${survey.key}`, {
      start: addDays(t, -30),
      end: addDays(t, 14),
    });
    expect(outputOf("survey.update", longer)).toMatchObject({
      status: 100,
      start: dayStart(addDays(t, -30)).toISOString(),
    });
  });

  it("issue 17.2: a reschedule meeting a first answer still in flight refuses to move the start past it", async () => {
    const org = await organisation();
    const { team, survey, share } = await sharedSurvey(org);
    const t = today();
    const { result, waited } = await duringUncommittedWrite(
      db,
      (tx) => insertResponse(tx, survey.key, share.key, team.key, t),
      () => org.admin("PUT", `/tenant/survey/${survey.key}`, { start: addDays(t, 2), end: addDays(t, 9) }),
    );
    expect(waited).toBe(true);
    expect([result.status, errorOf(result).error_key]).toEqual([409, "survey_start_after_answers"]);
    expect(outputOf("survey.get", await org.admin("GET", `/tenant/survey/${survey.key}`))).toMatchObject({
      status: 100,
      totalAnswers: 1,
    });
  });

  it("issue 17.2: accepts a start earlier than or equal to the first answer's day", async () => {
    const org = await organisation();
    const { survey, link } = await sharedSurvey(org);
    const t = today();
    // Answers today, on the survey's first day: the start may stay today.
    await answerThroughPage(server, link, 3);
    const same = await org.admin("PUT", `/tenant/survey/${survey.key}`, { start: t, end: addDays(t, 3) });
    expect(outputOf("survey.update", same)).toMatchObject({
      status: 100,
      totalAnswers: 3,
      end: dayEnd(addDays(t, 3)).toISOString(),
    });
    // A survey whose first answer came after its first day may keep that day (earlier than the answer).
    const other = await sharedSurvey(org);
    await setPeriod(other.survey.key, addDays(t, -6), addDays(t, 2));
    await answersOn(other.survey.key, other.share.key, other.team.key, addDays(t, -3), 4);
    const earlier = await org.admin("PUT", `/tenant/survey/${other.survey.key}`, {
      start: addDays(t, -6),
      end: addDays(t, 9),
    });
    expect(outputOf("survey.update", earlier)).toMatchObject({
      status: 100,
      start: dayStart(addDays(t, -6)).toISOString(),
    });
    expect(
      chartTotal(
        outputOf(
          "survey.statistics",
          await org.admin("GET", `/tenant/survey/${other.survey.key}/statistics`),
        ),
      ),
    ).toBe(4);
  });

  it("issue 17.2: a running survey with answers cannot be pushed back to upcoming", async () => {
    const org = await organisation();
    const { survey, link } = await sharedSurvey(org);
    const t = today();
    await answerThroughPage(server, link, 2);
    const pushed = await org.admin("PUT", `/tenant/survey/${survey.key}`, {
      start: addDays(t, 2),
      end: addDays(t, 9),
    });
    expect([pushed.status, errorOf(pushed).error_key]).toEqual([409, "survey_start_after_answers"]);
    const still = outputOf("survey.get", await org.admin("GET", `/tenant/survey/${survey.key}`));
    expect(still).toMatchObject({ status: 100, totalAnswers: 2, start: dayStart(t).toISOString() });
    expect(
      chartTotal(
        outputOf("survey.statistics", await org.admin("GET", `/tenant/survey/${survey.key}/statistics`)),
      ),
    ).toBe(2);
  });

  it("issue 17.2: reschedules a survey without answers: upcoming later or earlier, running to upcoming", async () => {
    const org = await organisation();
    const t = today();
    const upcoming = outputOf(
      "survey.create",
      await org.admin("POST", "/tenant/survey", {
        type: "PERSONNEL",
        start: addDays(t, 3),
        end: addDays(t, 6),
      }),
    );
    expect(upcoming.status).toBe(0);
    const later = await org.admin("PUT", `/tenant/survey/${upcoming.key}`, {
      start: addDays(t, 10),
      end: addDays(t, 12),
    });
    expect(outputOf("survey.update", later)).toMatchObject({
      status: 0,
      start: dayStart(addDays(t, 10)).toISOString(),
    });
    const earlier = await org.admin("PUT", `/tenant/survey/${upcoming.key}`, {
      start: addDays(t, 1),
      end: addDays(t, 12),
    });
    expect(outputOf("survey.update", earlier)).toMatchObject({
      status: 0,
      start: dayStart(addDays(t, 1)).toISOString(),
    });
    // A running survey nobody has answered may still be moved to a later start.
    const { survey } = await sharedSurvey(org);
    const moved = await org.admin("PUT", `/tenant/survey/${survey.key}`, {
      start: addDays(t, 2),
      end: addDays(t, 9),
    });
    expect(outputOf("survey.update", moved)).toMatchObject({ status: 0, totalAnswers: 0 });
    // The old rule still holds beside the new one: new days in the past are refused.
    expect(
      errorOf(await org.admin("PUT", `/tenant/survey/${survey.key}`, { start: addDays(t, -1), end: t }))
        .error_key,
    ).toBe("dates_in_past_error");
  });
});
