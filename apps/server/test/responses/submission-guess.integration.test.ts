import { randomBytes, randomUUID } from "node:crypto";
import { submitResponse } from "@kunto/api";
import { RATE_RULES, withLimit } from "@kunto/auth";
import { createDb, schema } from "@kunto/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { asOwner, connect, makeTenant } from "../support/harness";
import { answeredSurvey, submissionFor } from "../support/reports";
import { activeTemplate, makeSharedSurvey } from "../support/surveys";

/**
 * Issue 24: a link's submission is checked and scored against what this process last read of the
 * link (the guess), and stored in one statement when the database's fresh reading is what the
 * guess assumed (`kunto_public_submission`, migration 0040). Each test changes one thing the guess
 * assumed after it was taken and sees the rule decided on the fresh reading.
 */
const db = connect();
afterAll(() => db.close());

const HOUR = 60 * 60 * 1000;
const token = () => randomBytes(24).toString("base64url");

const submission = (templateId: string, seed: number) => submissionFor(db.db, templateId, seed);

/** A submission's outcome: "stored" or its error key. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "stored",
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );

async function storedResponses(surveyId: string) {
  const [row] = await db.ownerSql<{ n: number }[]>`
    select count(*)::int as n from survey_responses where survey_id = ${surveyId}`;
  return row?.n ?? 0;
}

describe("issue 24: a link's submission in one statement when the last reading holds", () => {
  it("issue 24: a link's first submission is two statements, the next one statement", async () => {
    const statements: string[] = [];
    const one = createDb(inject("appUrl"), { max: 1, onStatement: (s) => statements.push(s) });
    try {
      const tenant = await makeTenant(db.owner, { plan: "TOTAL" });
      const { share, team, template, survey } = await makeSharedSurvey(db.owner, tenant.id);
      await submitResponse(one.db, share.key, team.urlSafeName, await submission(template.id, 1));
      const first = statements.splice(0);
      await submitResponse(one.db, share.key, team.urlSafeName, await submission(template.id, 2));
      const next = statements.splice(0);
      const named = (list: string[], name: string) => list.filter((s) => s.includes(name)).length;
      expect(named(first, "kunto_public_submission"), first.join("\n")).toBe(1);
      expect(named(first, "kunto_submit_public_response"), first.join("\n")).toBe(1);
      expect(next.length, next.join("\n")).toBe(1);
      expect(named(next, "kunto_public_submission"), next.join("\n")).toBe(1);
      expect(await storedResponses(survey.id)).toBe(2);
    } finally {
      await one.close();
    }
  });
});

describe("issue 24: what changed since the link's last reading decides", () => {
  /** A running survey of a tenant with nine answers, and one more submitted: the link is read. */
  async function readLink(values: Partial<typeof schema.tenants.$inferInsert>) {
    const tenant = await makeTenant(db.owner, values);
    const survey = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [9], running: true });
    const share = survey.shares[0];
    if (!share) throw new Error("share");
    const submit = async (seed: number) =>
      outcome(submitResponse(db.db, share.key, share.team, await submission(survey.templateId, seed)));
    expect(await submit(1)).toBe("stored");
    return { tenant, survey, share, submit };
  }

  const setTenant = (tenantId: string, values: Partial<typeof schema.tenants.$inferInsert>) =>
    asOwner(db.owner, (tx) => tx.update(schema.tenants).set(values).where(eq(schema.tenants.id, tenantId)));

  it("issue 24: the plan, the subscription's status and its grace changed since: the FREE cap of ten holds", async () => {
    const future = new Date(Date.now() + HOUR);
    const past = new Date(Date.now() - HOUR);
    // Read as TOTAL and unlimited; then the plan is FREE.
    const plan = await readLink({ plan: "TOTAL" });
    await setTenant(plan.tenant.id, { plan: "FREE" });
    // Read as paid (a grace of an earlier failure long over); then a payment failed, no new grace.
    const status = await readLink({ plan: "TOTAL", subscriptionStatus: "PAID", paymentGraceUntil: past });
    await setTenant(status.tenant.id, { subscriptionStatus: "PAYMENT_FAILED" });
    // Read within the grace of a failed payment; then the grace is over.
    const grace = await readLink({
      plan: "TOTAL",
      subscriptionStatus: "PAYMENT_FAILED",
      paymentGraceUntil: future,
    });
    await setTenant(grace.tenant.id, { paymentGraceUntil: past });
    for (const [name, link] of Object.entries({ plan, status, grace })) {
      expect(await link.submit(2), name).toBe("survey_full");
      expect(await storedResponses(link.survey.surveyId), name).toBe(10);
    }
  });

  it("issue 24: a survey moved to start later, or ended, since: not started, ended", async () => {
    const later = await readLink({ plan: "TOTAL" });
    const ended = await readLink({ plan: "TOTAL" });
    await asOwner(db.owner, async (tx) => {
      await tx
        .update(schema.surveys)
        .set({ startsAt: new Date(Date.now() + HOUR), endsAt: new Date(Date.now() + 2 * HOUR) })
        .where(eq(schema.surveys.id, later.survey.surveyId));
      await tx
        .update(schema.surveys)
        .set({ endsAt: new Date(Date.now() - HOUR) })
        .where(eq(schema.surveys.id, ended.survey.surveyId));
    });
    expect(await later.submit(2)).toBe("survey_not_started");
    expect(await ended.submit(2)).toBe("survey_ended");
    expect(await storedResponses(later.survey.surveyId)).toBe(10);
    expect(await storedResponses(ended.survey.surveyId)).toBe(10);
  });

  it("issue 24: the link's team name given to another team since: the answer is that team's", async () => {
    const { tenant, share, survey, submit } = await readLink({ plan: "TOTAL" });
    const newcomer = await asOwner(db.owner, async (tx) => {
      await tx
        .update(schema.teams)
        .set({ urlSafeName: `${share.team}-old` })
        .where(eq(schema.teams.id, share.teamId));
      const [team] = await tx
        .insert(schema.teams)
        .values({
          tenantId: tenant.id,
          key: randomUUID(),
          name: "Uusi",
          type: "PERSONNEL",
          urlSafeName: share.team,
        })
        .returning();
      if (!team) throw new Error("team");
      await tx
        .insert(schema.surveyShareTeams)
        .values({ tenantId: tenant.id, shareId: share.id, teamId: team.id });
      return team;
    });
    expect(await submit(2)).toBe("stored");
    const teams = await db.ownerSql<{ team_id: string; n: number }[]>`
      select team_id, count(*)::int as n from survey_responses where survey_id = ${survey.surveyId}
      group by team_id order by n`;
    expect(teams).toEqual([
      { team_id: newcomer.id, n: 1 },
      { team_id: share.teamId, n: 10 },
    ]);
  });

  it("issue 24: the survey given another template since: the answers are checked against it", async () => {
    const { survey, submit } = await readLink({ plan: "TOTAL" });
    const management = await activeTemplate(db.owner, "MANAGEMENT");
    await asOwner(db.owner, (tx) =>
      tx
        .update(schema.surveys)
        .set({ templateId: management.id })
        .where(eq(schema.surveys.id, survey.surveyId)),
    );
    expect(await submit(2)).toBe("invalid_answer");
    expect(await storedResponses(survey.surveyId)).toBe(10);
  });

  it("issue 24: counters past their limit store nothing, though the reading holds", async () => {
    const { survey, share } = await readLink({ plan: "TOTAL" });
    const limits = [[withLimit(RATE_RULES.responseShareAddress, 1), `test-${randomUUID()}`]] as const;
    const send = async (seed: number) =>
      outcome(
        submitResponse(db.db, share.key, share.team, await submission(survey.templateId, seed), { limits }),
      );
    expect(await send(2)).toBe("stored");
    expect(await send(3)).toBe("too_many_requests");
    expect(await storedResponses(survey.surveyId)).toBe(11);
  });
});

describe("issue 24: the one statement waits for the disk only when it stored an answer", () => {
  it("issue 24: synchronous_commit is on after a stored answer and off after a statement that stored nothing", async () => {
    const tenant = await makeTenant(db.owner, { plan: "TOTAL" });
    const { share, team, template } = await makeSharedSurvey(db.owner, tenant.id);
    const one = JSON.stringify({ respondents: 1, categories: {}, questions: {} });
    const setting = (guess: boolean) =>
      db.db.transaction(async (tx) => {
        const [row] = await tx.execute<{ outcome: string | null }>(sql`
          select outcome from kunto_public_submission(${share.key}, ${team.urlSafeName}, ${randomUUID()}::uuid, true,
            ${guess ? team.id : null}::uuid, ${template.id}::uuid, 'TOTAL', null, null, now(), ${token()}, 'en',
            '{}'::jsonb, current_date, 0, ${one}::jsonb, null)`);
        const [shown] = await tx.execute<{ synchronous_commit: string }>(sql`show synchronous_commit`);
        return { outcome: row?.outcome ?? null, synchronousCommit: shown?.synchronous_commit };
      });
    expect(await setting(true)).toEqual({ outcome: "stored", synchronousCommit: "on" });
    expect(await setting(false)).toEqual({ outcome: null, synchronousCommit: "off" });
  });
});

describe("issue 24: adding a respondent to a stripe is inlined", () => {
  it("issue 24: kunto_add_aggregates has no SET clause, so PostgreSQL can inline it into the write", async () => {
    const [row] = await db.ownerSql<{ config: string[] | null }[]>`
      select proconfig as config from pg_proc where proname = 'kunto_add_aggregates'`;
    expect(row).toEqual({ config: null });
  });
});
