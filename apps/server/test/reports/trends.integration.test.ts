import { randomBytes, randomUUID } from "node:crypto";
import { submitResponse } from "@kunto/api";
import { schema } from "@kunto/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Actor,
  actorFor,
  asOwner,
  connect,
  makeTenant,
  makeUser,
  startServer,
} from "../support/harness";
import { answeredSurvey, answersFor, type ReportSurvey } from "../support/reports";
import { type OutputOf, outputOf, rest } from "../support/rest";

/**
 * Issue 17.8: the trends' second conditions. A trend is current − previous, so wherever the
 * previous survey's figure is withheld the change must be withheld too (else previous = current −
 * change gives it away); and the previous survey is the newest earlier one of the same type, with
 * several earlier surveys of both types to choose from.
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

beforeAll(async () => {
  server = await startServer(db.db);
});
afterAll(async () => {
  await server.close();
  await db.close();
});

type Report = OutputOf<"report.bySurveys">;
type Trend = NonNullable<NonNullable<Report["personnel"]>["trend"]>;

async function reader(tenantId: string): Promise<Actor> {
  const user = await makeUser(db.owner, { tenantId, tenantRoles: ["tenant_basic"] });
  return actorFor(db.db, "basic", user.id);
}

async function reportOf(actor: Actor, tenantId: string, keys: string): Promise<Report> {
  return outputOf(
    "report.bySurveys",
    await rest(server, {
      method: "GET",
      path: `/api/tenant/survey/reports/${keys}?lang=en`,
      actor,
      tenantId,
    }),
  );
}

/** Every change a trend carries as a number (a withheld one is null). */
function changes(trend: Trend | null | undefined): Array<[string, number]> {
  if (!trend) return [];
  const all: Array<[string, number | null]> = [
    ...Object.entries(trend.categories).map(([k, v]): [string, number | null] => [`category ${k}`, v]),
    ...Object.entries(trend.questions).map(([k, v]): [string, number | null] => [`question ${k}`, v]),
    ...Object.entries(trend.fitness).map(([k, v]): [string, number | null] => [`fitness ${k}`, v]),
  ];
  return all.filter((entry): entry is [string, number] => typeof entry[1] === "number");
}

async function setThreshold(tenantId: string, anonymityThreshold: number) {
  await asOwner(db.owner, (tx) =>
    tx.update(schema.tenants).set({ anonymityThreshold }).where(eq(schema.tenants.id, tenantId)),
  );
}

/** One respondent on the survey's only share, answering all questions but `skip`. */
async function answerWithout(survey: ReportSurvey, seed: number, skip: string | null) {
  const share = survey.shares[0];
  if (!share) throw new Error("share");
  const answers = await answersFor(db.db, survey.templateId, seed);
  if (skip) delete answers[skip];
  await submitResponse(db.db, share.key, share.team, {
    submissionId: randomUUID(),
    browserToken: randomBytes(24).toString("base64url"),
    language: "en",
    answers,
  });
}

describe("issue 17.8: trends never read a previous survey below the threshold", () => {
  it("issue 17.8: trends never read a previous survey below the threshold (else previous = current − change reveals it)", async () => {
    // (1) A previous survey that never reached the threshold: its answers were never released.
    const tenant = await makeTenant(db.owner, { plan: "PRO", anonymityThreshold: 5 });
    const actor = await reader(tenant.id);
    const small = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [3], endsAt: daysAgo(100) });
    const current = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [5], seed: 30 });
    expect((await reportOf(actor, tenant.id, small.key)).personnel?.anonymity.status).toBe(
      "not_enough_answers",
    );
    const now = await reportOf(actor, tenant.id, current.key);
    expect(now.personnel?.anonymity.status).toBe("ok");
    expect(now.personnel?.trend ?? null).toBeNull();

    // (2) A previous survey released under a lower threshold, which the organisation then raised:
    // its report now withholds every number, so its trend must too.
    const raised = await makeTenant(db.owner, { plan: "PRO", anonymityThreshold: 3 });
    const raisedActor = await reader(raised.id);
    const before = await answeredSurvey(db.db, db.owner, raised.id, { answers: [3], endsAt: daysAgo(100) });
    // Read while the threshold was 3: released and shown then.
    const shownThen = await reportOf(raisedActor, raised.id, before.key);
    expect(shownThen.personnel?.anonymity.status).toBe("ok");
    await setThreshold(raised.id, 5);
    const after = await answeredSurvey(db.db, db.owner, raised.id, { answers: [5], seed: 40 });
    const previousNow = await reportOf(raisedActor, raised.id, before.key);
    expect(previousNow.personnel?.anonymity.status).toBe("not_enough_answers");
    const currentNow = await reportOf(raisedActor, raised.id, after.key);
    expect(currentNow.personnel?.anonymity.status).toBe("ok");
    expect(changes(currentNow.personnel?.trend)).toEqual([]);

    // (3) Per figure: a previous survey of six (shown at threshold 5) in which only three answered
    // one question. That question is withheld in the previous report, so its change is too, while
    // the other figures do change.
    const perFigure = await makeTenant(db.owner, { plan: "PRO", anonymityThreshold: 3 });
    const perFigureActor = await reader(perFigure.id);
    const six = await answeredSurvey(db.db, db.owner, perFigure.id, { answers: [0], running: true });
    const skipped = (await answersFor(db.db, six.templateId, 1)) as Record<string, number>;
    const question = Object.keys(skipped)[0] ?? "";
    for (let i = 0; i < 6; i++) await answerWithout(six, 60 + i, i < 3 ? question : null);
    await asOwner(db.owner, (tx) =>
      tx
        .update(schema.surveys)
        .set({ endsAt: daysAgo(100) })
        .where(eq(schema.surveys.id, six.surveyId)),
    );
    const sixThen = await reportOf(perFigureActor, perFigure.id, six.key);
    expect(sixThen.personnel?.result.questions.find((q) => q.key === question)?.value).not.toBeNull();
    await setThreshold(perFigure.id, 5);
    const sixNow = await reportOf(perFigureActor, perFigure.id, six.key);
    expect(sixNow.personnel?.anonymity.status).toBe("ok");
    expect(sixNow.personnel?.result.questions.find((q) => q.key === question)?.value).toBeNull();
    const next = await answeredSurvey(db.db, db.owner, perFigure.id, { answers: [5], seed: 70 });
    const trend = (await reportOf(perFigureActor, perFigure.id, next.key)).personnel?.trend;
    expect(trend?.previous.key).toBe(six.key);
    expect(trend?.questions[question]).toBeNull();
    expect(changes(trend).length).toBeGreaterThan(0);
    // Generally: no change where the previous report shows no value.
    const previousValues = new Map(sixNow.personnel?.result.questions.map((q) => [q.key, q.value]));
    for (const [key, change] of Object.entries(trend?.questions ?? {}))
      if (change !== null) expect(previousValues.get(key), key).not.toBeNull();
  });
});

describe("issue 17.8: trends compare with the newest earlier survey of the same type", () => {
  it("issue 17.8: trends compare with the newest earlier survey of the same type (several earlier surveys of both types)", async () => {
    const tenant = await makeTenant(db.owner, { plan: "PRO", anonymityThreshold: 3 });
    const actor = await reader(tenant.id);
    const survey = (options: {
      type: "PERSONNEL" | "MANAGEMENT";
      answers: number;
      ended?: number;
      seed: number;
    }) =>
      answeredSurvey(db.db, db.owner, tenant.id, {
        type: options.type,
        answers: [options.answers],
        seed: options.seed,
        ...(options.ended === undefined ? { running: true } : { endsAt: daysAgo(options.ended) }),
      });
    // Personnel: older ones, the newest earlier one (100 days), a newer one without answers, the
    // current one (1 day) and one still running (ends after the current one).
    await survey({ type: "PERSONNEL", answers: 3, ended: 400, seed: 1 });
    await survey({ type: "PERSONNEL", answers: 3, ended: 300, seed: 5 });
    const p3 = await survey({ type: "PERSONNEL", answers: 3, ended: 100, seed: 9 });
    await survey({ type: "PERSONNEL", answers: 0, ended: 60, seed: 13 });
    const p4 = await survey({ type: "PERSONNEL", answers: 4, ended: 1, seed: 17 });
    await survey({ type: "PERSONNEL", answers: 3, seed: 21 });
    // Management: older ones and the newest earlier one (50 days: newer than personnel's 100).
    await survey({ type: "MANAGEMENT", answers: 2, ended: 350, seed: 25 });
    await survey({ type: "MANAGEMENT", answers: 2, ended: 200, seed: 29 });
    const m3 = await survey({ type: "MANAGEMENT", answers: 2, ended: 50, seed: 33 });
    const m4 = await survey({ type: "MANAGEMENT", answers: 3, ended: 1, seed: 37 });

    const current = await reportOf(actor, tenant.id, `${p4.key},${m4.key}`);
    const previous = await reportOf(actor, tenant.id, `${p3.key},${m3.key}`);
    expect(current.personnel?.trend?.previous.key).toBe(p3.key);
    expect(current.management?.trend?.previous.key).toBe(m3.key);

    // And the changes are against those surveys' numbers.
    for (const side of ["personnel", "management"] as const) {
      const now = current[side];
      const then = previous[side];
      const trend = now?.trend;
      expect(trend?.previous.respondents).toBe(then?.result.respondents);
      for (const category of now?.result.categories ?? []) {
        const before = then?.result.categories.find((c) => c.name === category.name)?.value;
        if (category.value === null || before === null || before === undefined) continue;
        expect(trend?.categories[category.name], `${side} ${category.name}`).toBeCloseTo(
          category.value - before,
          9,
        );
      }
      const overall = now?.result.fitnessIndex.overall.value;
      const overallBefore = then?.result.fitnessIndex.overall.value;
      expect(typeof overall).toBe("number");
      expect(typeof overallBefore).toBe("number");
      expect(trend?.fitness.overall).toBeCloseTo((overall as number) - (overallBefore as number), 9);
      expect(changes(trend).length).toBeGreaterThan(0);
    }
  });
});
