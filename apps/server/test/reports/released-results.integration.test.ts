import { randomBytes, randomUUID } from "node:crypto";
import { schema } from "@kunto/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFor, asOwner, callerFor, connect, makeTenant, makeUser, startServer } from "../support/harness";
import { makeSharedSurvey } from "../support/surveys";

/**
 * Issue 17.1: live results cannot be differenced. Every figure comes from released states that
 * advance only by steps of at least the anonymity threshold of new answers, per figure; answers
 * short of a step are held back, at the end of a survey too.
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer(db.db);
});
afterAll(async () => {
  await server.close();
  await db.close();
});

type PageQuestion = { key: string; slider: { min: number; max: number } | null };

/** The survey's first two sliders (0..10 in the default template). */
async function sliders(link: string): Promise<[string, string]> {
  const page = await server.fetch(`/api/public/survey/${link}?lang=en`);
  const { questions } = (await page.json()) as { questions: PageQuestion[] };
  const keys = questions.filter((q) => q.slider).map((q) => q.key);
  if (keys.length < 2) throw new Error("template without two sliders");
  return [keys[0] as string, keys[1] as string];
}

/** One respondent through the public REST call, answering only the given questions. */
async function answer(link: string, answers: Record<string, number>) {
  const res = await server.fetch(`/api/public/survey/${link}/response`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      submissionId: randomUUID(),
      browserToken: randomBytes(24).toString("base64url"),
      language: "en",
      answers,
    }),
  });
  expect(res.status).toBe(200);
}

async function answerMany(link: string, n: number, answers: Record<string, number>) {
  for (let i = 0; i < n; i++) await answer(link, answers);
}

/** A basic member's reading of the survey's calculation (what `report.read` gives everyone). */
async function organisation(threshold = 5) {
  const tenant = await makeTenant(db.owner, { plan: "PRO", anonymityThreshold: threshold });
  const user = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_basic"] });
  const { caller } = await callerFor(db.db, await actorFor(db.db, "basic", user.id), tenant.id);
  return { tenant, caller };
}

const questionOf = (
  calculation: {
    lta: { questions: ReadonlyArray<{ key: string; value: number | null; count: number | null }> } | null;
  },
  key: string,
) => calculation.lta?.questions.find((q) => q.key === key);

describe("released results (issue 17.1)", () => {
  it("issue 17.1: the differencing reproduction no longer learns one person's answer", async () => {
    const { tenant, caller } = await organisation(5);
    const { survey, link } = await makeSharedSurvey(db.owner, tenant.id);
    const [q] = await sliders(link);
    // Five known answers of 5 (50 on the 0..100 scale).
    await answerMany(link, 5, { [q]: 5 });
    const first = await caller.surveyResults.calculation({ key: survey.key });
    expect(first.metadata).toMatchObject({ answers: 5, heldBack: 0 });
    expect(questionOf(first, q)).toMatchObject({ value: 50, count: 5 });
    // A real respondent answers 9: the next reading is the same state, the answer held back.
    await answer(link, { [q]: 9 });
    const second = await caller.surveyResults.calculation({ key: survey.key });
    expect(second.lta).toEqual(first.lta);
    expect(second.metadata).toMatchObject({ answers: 5, heldBack: 1 });
    // n·mean(n) − (n−1)·mean(n−1) needs two readings one respondent apart: there are none.
    const readings = [first, second];
    for (let more = 0; more < 4; more++) {
      await answer(link, { [q]: 5 });
      readings.push(await caller.surveyResults.calculation({ key: survey.key }));
    }
    const counts = readings.map((r) => questionOf(r, q)?.count ?? 0);
    expect(counts).toEqual([5, 5, 5, 5, 5, 10]);
    for (let i = 1; i < readings.length; i++) {
      const step = (counts[i] ?? 0) - (counts[i - 1] ?? 0);
      expect(step === 0 || step >= 5).toBe(true);
      if (step === 0) expect(readings[i]?.lta).toEqual(readings[i - 1]?.lta);
    }
    // The released step adds five people at once: 9 is inside a mean of five, not alone.
    expect(questionOf(readings[5] as typeof first, q)?.value).toBeCloseTo(54, 10);
    expect(readings[5]?.metadata).toMatchObject({ answers: 10, heldBack: 0 });
  });

  it("issue 17.1: a small share never comes out of two readings of the whole survey", async () => {
    const { tenant, caller } = await organisation(5);
    const big = await makeSharedSurvey(db.owner, tenant.id);
    const [q] = await sliders(big.link);
    // A second share of the same survey for a small team of two.
    const small = await asOwner(db.owner, async (tx) => {
      const [share] = await tx
        .insert(schema.surveyShares)
        .values({ tenantId: tenant.id, surveyId: big.survey.id, key: randomUUID(), name: "Pieni" })
        .returning();
      if (!share) throw new Error("share");
      await tx
        .insert(schema.surveyShareTeams)
        .values({ tenantId: tenant.id, shareId: share.id, teamId: big.team.id });
      return share;
    });
    const smallLink = `${small.key}/${big.link.split("/")[1]}`;
    await answerMany(big.link, 6, { [q]: 5 });
    const before = await caller.report.bySurveys({ keys: big.survey.key, lang: "en" });
    await answerMany(smallLink, 2, { [q]: 10 });
    const after = await caller.report.bySurveys({ keys: big.survey.key, lang: "en" });
    expect(after.personnel?.result).toEqual(before.personnel?.result);
    expect(after.personnel?.heldBack).toBe(2);
    expect(after.personnel?.shares.map((s) => s.respondents).sort()).toEqual([0, 6]);
  });

  it("issue 17.1: a figure most new respondents skipped keeps its value until it has a step of its own", async () => {
    const { tenant, caller } = await organisation(5);
    const { survey, link } = await makeSharedSurvey(db.owner, tenant.id);
    const [a, b] = await sliders(link);
    await answerMany(link, 5, { [a]: 5, [b]: 5 });
    const first = await caller.surveyResults.calculation({ key: survey.key });
    expect(questionOf(first, b)).toMatchObject({ value: 50, count: 5 });
    // Five new respondents: four answer a only, one answers both (b: 100).
    await answerMany(link, 4, { [a]: 8 });
    await answer(link, { [a]: 8, [b]: 10 });
    const second = await caller.surveyResults.calculation({ key: survey.key });
    expect(second.metadata.answers).toBe(10);
    expect(questionOf(second, a)).toMatchObject({ count: 10 });
    expect(questionOf(second, b)).toMatchObject({ value: 50, count: 5 });
    // b reaches a step of its own with five more respondents who answer it.
    await answerMany(link, 5, { [b]: 0 });
    const third = await caller.surveyResults.calculation({ key: survey.key });
    expect(questionOf(third, b)).toMatchObject({ count: 11 });
    expect(questionOf(third, a)).toMatchObject({ count: 10 });
  });

  it("issue 17.1: answers short of a step stay held back when the survey ends, and are released after a reopen", async () => {
    const { tenant, caller } = await organisation(5);
    const { survey, link } = await makeSharedSurvey(db.owner, tenant.id);
    const [q] = await sliders(link);
    await answerMany(link, 5, { [q]: 5 });
    expect((await caller.surveyResults.calculation({ key: survey.key })).metadata.answers).toBe(5);
    await answerMany(link, 3, { [q]: 10 });
    const end = (at: Date) =>
      asOwner(db.owner, (tx) =>
        tx.update(schema.surveys).set({ endsAt: at }).where(eq(schema.surveys.id, survey.id)),
      );
    await end(new Date(Date.now() - 1000));
    const ended = await caller.surveyResults.calculation({ key: survey.key });
    expect(ended.metadata).toMatchObject({ answers: 5, heldBack: 3 });
    expect(questionOf(ended, q)).toMatchObject({ value: 50, count: 5 });
    const report = await caller.report.bySurveys({ keys: survey.key, lang: "en" });
    expect(report.personnel?.heldBack).toBe(3);
    expect(report.personnel?.result.respondents).toBe(5);
    // Reopened, two more make a step of five with the held-back three.
    await end(new Date(Date.now() + 86_400_000));
    await answerMany(link, 2, { [q]: 10 });
    const reopened = await caller.surveyResults.calculation({ key: survey.key });
    expect(reopened.metadata).toMatchObject({ answers: 10, heldBack: 0 });
    expect(questionOf(reopened, q)?.value).toBeCloseTo(75, 10);
  });

  it("issue 17.1: answers held back in two shares need a step in one of them: 3 + 3 of 5 need 2 more, not 1", async () => {
    const { tenant, caller } = await organisation(5);
    const first = await makeSharedSurvey(db.owner, tenant.id);
    const [q] = await sliders(first.link);
    const second = await asOwner(db.owner, async (tx) => {
      const [share] = await tx
        .insert(schema.surveyShares)
        .values({ tenantId: tenant.id, surveyId: first.survey.id, key: randomUUID(), name: "Toinen" })
        .returning();
      if (!share) throw new Error("share");
      await tx
        .insert(schema.surveyShareTeams)
        .values({ tenantId: tenant.id, shareId: share.id, teamId: first.team.id });
      return `${share.key}/${first.link.split("/")[1]}`;
    });
    await answerMany(first.link, 3, { [q]: 5 });
    await answerMany(second, 3, { [q]: 5 });
    const calculation = await caller.surveyResults.calculation({ key: first.survey.key });
    expect(calculation.metadata).toEqual({ answers: 0, heldBack: 6, needed: 2 });
    const report = await caller.report.bySurveys({ keys: first.survey.key, lang: "en" });
    expect(report.personnel?.anonymity).toMatchObject({ status: "not_enough_answers", needed: 2 });
    // One more answer releases nothing; the second one releases its share.
    await answer(first.link, { [q]: 5 });
    expect((await caller.surveyResults.calculation({ key: first.survey.key })).metadata).toEqual({
      answers: 0,
      heldBack: 7,
      needed: 1,
    });
    await answer(first.link, { [q]: 5 });
    expect((await caller.surveyResults.calculation({ key: first.survey.key })).metadata).toEqual({
      answers: 5,
      heldBack: 3,
      needed: 0,
    });
  });

  it("issue 17.1: readers at the same moment agree on one release", async () => {
    const { tenant, caller } = await organisation(5);
    const { survey, link } = await makeSharedSurvey(db.owner, tenant.id);
    const [q] = await sliders(link);
    await answerMany(link, 5, { [q]: 3 });
    const readings = await Promise.all(
      Array.from({ length: 6 }, () => caller.surveyResults.calculation({ key: survey.key })),
    );
    for (const reading of readings) expect(reading).toEqual(readings[0]);
    const [stored] = await asOwner(db.owner, (tx) =>
      tx
        .select({ released: schema.surveyShares.releasedAggregates })
        .from(schema.surveyShares)
        .where(eq(schema.surveyShares.surveyId, survey.id)),
    );
    expect(stored?.released).toMatchObject({ respondents: 5 });
  });

  it("issue 17.1: management results step by one answer (they have no threshold)", async () => {
    const { tenant, caller } = await organisation(5);
    const { survey, link } = await makeSharedSurvey(db.owner, tenant.id, { type: "MANAGEMENT" });
    const [q] = await sliders(link);
    await answer(link, { [q]: 4 });
    expect((await caller.surveyResults.calculation({ key: survey.key })).metadata).toMatchObject({
      answers: 1,
      heldBack: 0,
    });
    await answer(link, { [q]: 6 });
    expect((await caller.surveyResults.calculation({ key: survey.key })).metadata).toMatchObject({
      answers: 2,
      heldBack: 0,
    });
  });
});
