import { schema } from "@kunto/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerThroughPage } from "../support/answers";
import {
  type Actor,
  actorFor,
  asOwner,
  callerFor,
  connect,
  makeTenant,
  makeUser,
  startServer,
} from "../support/harness";
import { makeSharedSurvey } from "../support/surveys";

/**
 * GET /api/tenant/survey/dashboard (issue 8, document 2 §2 Dashboard): the latest answered surveys'
 * fitness index and culture, the change since the previous one, the empty states, and the anonymity
 * threshold honoured (withheld numbers stay withheld, with how many answers are missing).
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  server = await startServer(db.db);
});
afterAll(async () => {
  await server.close();
  await db.close();
});

async function organisation() {
  const tenant = await makeTenant(db.owner, { plan: "PRO" });
  const adminUser = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
  const basicUser = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_basic"] });
  const admin = await actorFor(db.db, "admin", adminUser.id);
  const basic = await actorFor(db.db, "basic", basicUser.id);
  return { tenant, admin, basic };
}

const dashboardOf = async (actor: Actor, tenantId: string) =>
  (await callerFor(db.db, actor, tenantId)).caller.dashboard.survey();

/** Ends a survey `daysAgo` days ago (answers are taken only while it runs). */
const endSurvey = (surveyId: string, daysAgo: number) =>
  asOwner(db.owner, (tx) =>
    tx
      .update(schema.surveys)
      .set({ endsAt: new Date(Date.now() - daysAgo * DAY) })
      .where(eq(schema.surveys.id, surveyId)),
  );

describe("the dashboard's survey data", () => {
  it("says when there is no survey, and when the personnel survey has no answers yet", async () => {
    const { tenant, admin, basic } = await organisation();
    expect(await dashboardOf(basic, tenant.id)).toEqual({
      comparisonAvailable: true,
      hasSurveys: false,
      hasPersonnelSurvey: false,
      personnel: null,
      management: null,
    });
    await makeSharedSurvey(db.owner, tenant.id);
    expect(await dashboardOf(admin, tenant.id)).toEqual({
      comparisonAvailable: true,
      hasSurveys: true,
      hasPersonnelSurvey: true,
      personnel: null,
      management: null,
    });
  });

  it("withholds personnel numbers below the anonymity threshold and says how many answers are missing", async () => {
    const { tenant, basic } = await organisation();
    const { link } = await makeSharedSurvey(db.owner, tenant.id);
    await answerThroughPage(server, link, 3);
    const data = await dashboardOf(basic, tenant.id);
    expect(data.personnel?.status).toBe("not_enough_answers");
    // Issue 17.1: three answers are fewer than a step: held back, none released.
    expect(data.personnel?.answers).toBe(0);
    expect(data.personnel?.heldBack).toBe(3);
    expect(data.personnel?.anonymityThreshold).toBe(5);
    expect(data.personnel?.missingAnswers).toBe(2);
    const index = data.personnel?.fitnessIndex;
    expect(
      [index?.efficiency, index?.capability, index?.leadership, index?.overall].map((v) => v?.value),
    ).toEqual([null, null, null, null]);
    expect(data.personnel?.culture.percentages).toBeNull();
    // The REST path answers the same, with no number in the body.
    const res = await server.fetch("/api/tenant/survey/dashboard", {
      headers: { cookie: basic.cookie ?? "", "x-tenant-id": tenant.id },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual(JSON.parse(JSON.stringify(data)));
  });

  it("shows the latest ended survey's numbers as the engine computes them, with the previous survey for the change", async () => {
    const { tenant, admin } = await organisation();
    const earlier = await makeSharedSurvey(db.owner, tenant.id, { startsAt: new Date(Date.now() - 3 * DAY) });
    await answerThroughPage(server, earlier.link, 5, 1);
    await endSurvey(earlier.survey.id, 2);
    const latest = await makeSharedSurvey(db.owner, tenant.id, { startsAt: new Date(Date.now() - 3 * DAY) });
    await answerThroughPage(server, latest.link, 6, 4);
    await endSurvey(latest.survey.id, 1);
    // A running survey with answers is not chosen while ended ones exist (document 2 §4).
    const running = await makeSharedSurvey(db.owner, tenant.id);
    await answerThroughPage(server, running.link, 5, 2);
    const management = await makeSharedSurvey(db.owner, tenant.id, { type: "MANAGEMENT" });
    await answerThroughPage(server, management.link, 1, 3);

    const { caller } = await callerFor(db.db, admin, tenant.id);
    const data = await caller.dashboard.survey();
    const latestCalc = await caller.surveyResults.calculation({ key: latest.survey.key });
    const earlierCalc = await caller.surveyResults.calculation({ key: earlier.survey.key });
    expect(data.personnel?.survey.key).toBe(latest.survey.key);
    expect(data.personnel?.status).toBe("ok");
    expect(data.personnel?.missingAnswers).toBeNull();
    expect(data.personnel?.answers).toBe(6);
    expect(data.personnel?.fitnessIndex).toEqual(latestCalc.lta?.fitnessIndex);
    expect(data.personnel?.fitnessIndex.overall.value).toEqual(expect.any(Number));
    expect(data.personnel?.culture).toEqual(latestCalc.lta?.culture);
    expect(data.personnel?.previous?.survey.key).toBe(earlier.survey.key);
    expect(data.personnel?.previous?.fitnessIndex).toEqual(earlierCalc.lta?.fitnessIndex);
    // Management answers have no threshold: one answer shows its numbers.
    const managementCalc = await caller.surveyResults.calculation({ key: management.survey.key });
    expect(data.management?.survey.key).toBe(management.survey.key);
    expect(data.management?.status).toBe("ok");
    expect(data.management?.anonymityThreshold).toBeNull();
    expect(data.management?.fitnessIndex).toEqual(managementCalc.oja?.fitnessIndex);
    expect(data.management?.previous).toBeNull();
  });

  it("answers each organisation with its own surveys only", async () => {
    const a = await organisation();
    const b = await organisation();
    const { link } = await makeSharedSurvey(db.owner, a.tenant.id);
    await answerThroughPage(server, link, 5);
    expect((await dashboardOf(a.basic, a.tenant.id)).personnel?.answers).toBe(5);
    expect(await dashboardOf(b.admin, b.tenant.id)).toMatchObject({ hasSurveys: false, personnel: null });
    // A member of B naming A's account is turned away.
    await expect(dashboardOf(b.admin, a.tenant.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
