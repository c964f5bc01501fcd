import { randomBytes, randomUUID } from "node:crypto";
import { submitResponse } from "@kunto/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, actorFor, connect, makeTenant, makeUser, startServer } from "../support/harness";
import { answeredSurvey, answersFor, type ReportSurvey } from "../support/reports";
import { outputOf, rest } from "../support/rest";

/**
 * Issue 17.8: the "N more answers needed" status, on every call that shows it (the report, the
 * survey calculation, the dashboard and the exported file), at each side of the threshold: below it
 * with the count that is still missing (held-back answers counted), and at exactly the threshold
 * with the numbers shown and nothing said to be missing.
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

/** More respondents through the real submission path, on the survey's only share. */
async function addAnswers(survey: ReportSurvey, n: number, seed: number) {
  const share = survey.shares[0];
  if (!share) throw new Error("share");
  for (let i = 0; i < n; i++)
    await submitResponse(db.db, share.key, share.team, {
      submissionId: randomUUID(),
      browserToken: randomBytes(24).toString("base64url"),
      language: "en",
      answers: await answersFor(db.db, survey.templateId, seed + i),
    });
}

/** What a basic member reads of the survey: report, calculation, dashboard and the CSV in `lang`. */
async function readings(actor: Actor, tenantId: string, key: string, lang: "en" | "fi") {
  const get = (path: string) => rest(server, { method: "GET", path, actor, tenantId });
  const report = outputOf("report.bySurveys", await get(`/api/tenant/survey/reports/${key}?lang=${lang}`));
  const calculation = outputOf(
    "surveyResults.calculation",
    await get(`/api/tenant/survey/${key}/calculation`),
  );
  const dashboard = outputOf("dashboard.survey", await get("/api/tenant/survey/dashboard"));
  // A file, not JSON: fetched as the browser downloads it (rest() reads JSON answers).
  const csv = await server.fetch(`/api/tenant/reports/export/csv?surveys=${key}&lang=${lang}`, {
    headers: { cookie: actor.cookie ?? "", "x-tenant-id": tenantId },
  });
  expect(csv.status).toBe(200);
  return { report, calculation, dashboard, csv: await csv.text() };
}

describe("issue 17.8: the N more answers needed status", () => {
  it("issue 17.8: the 'N more answers needed' status: the missing count below the threshold, none at it", async () => {
    const tenant = await makeTenant(db.owner, { plan: "PRO", anonymityThreshold: 5 });
    const user = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_basic"] });
    const actor = await actorFor(db.db, "basic", user.id);
    const survey = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [1], running: true });

    // One answer of five: four more are needed, on every call that shows results.
    let seen = await readings(actor, tenant.id, survey.key, "fi");
    expect(seen.report.personnel?.anonymity).toEqual({
      status: "not_enough_answers",
      respondents: 0,
      needed: 4,
      withShares: [],
    });
    expect(seen.report.personnel?.heldBack).toBe(1);
    expect(seen.calculation.metadata).toEqual({ answers: 0, heldBack: 1, needed: 4 });
    expect(seen.calculation.lta?.status).toBe("not_enough_answers");
    expect(seen.dashboard.personnel).toMatchObject({
      status: "not_enough_answers",
      answers: 0,
      heldBack: 1,
      missingAnswers: 4,
    });
    expect(seen.csv).toContain("Tarvitaan vielä 4 vastausta");

    // Four of five: one more.
    await addAnswers(survey, 3, 10);
    seen = await readings(actor, tenant.id, survey.key, "en");
    expect(seen.report.personnel?.anonymity).toMatchObject({ status: "not_enough_answers", needed: 1 });
    expect(seen.report.personnel?.heldBack).toBe(4);
    expect(seen.dashboard.personnel).toMatchObject({ status: "not_enough_answers", missingAnswers: 1 });
    expect(seen.csv).toContain("1 more answers needed");
    expect(seen.report.personnel?.result.categories.every((c) => c.value === null)).toBe(true);

    // Exactly the threshold: shown, nothing missing, nothing held back.
    await addAnswers(survey, 1, 20);
    seen = await readings(actor, tenant.id, survey.key, "en");
    expect(seen.report.personnel?.anonymity).toEqual({
      status: "ok",
      respondents: 5,
      needed: 0,
      withShares: [],
    });
    expect(seen.report.personnel?.heldBack).toBe(0);
    expect(seen.report.personnel?.result.status).toBe("ok");
    expect(seen.report.personnel?.result.categories.some((c) => c.value !== null)).toBe(true);
    expect(seen.calculation.metadata).toEqual({ answers: 5, heldBack: 0, needed: 0 });
    expect(seen.calculation.lta?.status).toBe("ok");
    expect(seen.dashboard.personnel).toMatchObject({
      status: "ok",
      answers: 5,
      heldBack: 0,
      missingAnswers: null,
    });
    expect(seen.dashboard.personnel?.fitnessIndex.overall.value).not.toBeNull();
    expect(seen.csv).not.toContain("more answers needed");
    expect(seen.csv).not.toContain("Not enough answers to protect anonymity");
  });
});
