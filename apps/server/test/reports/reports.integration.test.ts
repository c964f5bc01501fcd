import { loadTemplate } from "@kunto/api";
import { computeReport, DEFAULT_CATEGORY_TREE } from "@kunto/engine";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvRows } from "../support/csv";
import { actorFor, callerFor, connect, makeTenant, makeUser, startServer } from "../support/harness";
import { pdfText } from "../support/pdf-text";
import { answeredSurvey, storedAggregates } from "../support/reports";

/**
 * Reports (issue 8): the selection rules, plan limits, anonymity (selection threshold, derivable
 * selections and heatmap cells), economy_customers visibility, trends, and that every number is the
 * engine's on the same stored aggregates; the REST paths over real HTTP.
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

async function member(tenantId: string, role = "tenant_basic") {
  const user = await makeUser(db.owner, { tenantId, tenantRoles: [role] });
  const actor = await actorFor(db.db, "member", user.id);
  return { actor, caller: (await callerFor(db.db, actor, tenantId)).caller };
}

/**
 * Equal structure and values; numbers equal up to the last bits a different merge order of the
 * same sums can change (shares are added up per share first on the server).
 */
function expectSameNumbers(actual: unknown, expected: unknown, path = "$"): void {
  if (typeof expected === "number") {
    expect(typeof actual, path).toBe("number");
    expect(Math.abs((actual as number) - expected), path).toBeLessThan(1e-9);
    return;
  }
  if (expected === null || typeof expected !== "object") {
    expect(actual, path).toEqual(expected);
    return;
  }
  expect(actual !== null && typeof actual === "object", path).toBe(true);
  const a = actual as Record<string, unknown>;
  const e = expected as Record<string, unknown>;
  expect(Object.keys(a).sort(), path).toEqual(Object.keys(e).sort());
  for (const key of Object.keys(e)) expectSameNumbers(a[key], e[key], `${path}.${key}`);
}

async function errorKey(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { message: string }).message;
  }
  return "no error";
}

describe("reports over real HTTP", () => {
  it("serves the static report paths, not the one-survey path, and the options", async () => {
    const tenant = await makeTenant(db.owner, { plan: "PRO", anonymityThreshold: 3 });
    const survey = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [4, 3] });
    const { actor } = await member(tenant.id);
    const headers = { cookie: actor.cookie ?? "", "x-tenant-id": tenant.id };
    const bySurvey = await server.fetch(`/api/tenant/survey/reports/${survey.key}?lang=fi`, { headers });
    expect(bySurvey.status).toBe(200);
    const body = (await bySurvey.json()) as { personnel: { survey: { key: string } }; tenantName: string };
    expect(body.personnel.survey.key).toBe(survey.key);
    expect(body.tenantName).toBe(tenant.name);
    const shareKeys = survey.shares.map((s) => s.key).join(",");
    const byShares = await server.fetch(`/api/tenant/survey/reports/bysurveysharekeys/${shareKeys}`, {
      headers,
    });
    expect(byShares.status).toBe(200);
    expect(((await byShares.json()) as { metadata: { answers: { personnel: number } } }).metadata).toEqual({
      answers: { personnel: 7, management: 0 },
    });
    const options = await server.fetch("/api/tenant/reports/options", { headers });
    expect(options.status).toBe(200);
    expect(((await options.json()) as { defaults: { personnel: string } }).defaults.personnel).toBe(
      survey.key,
    );
    // Without membership: 403; unknown key: 404.
    const stranger = await member((await makeTenant(db.owner)).id);
    const denied = await server.fetch(`/api/tenant/survey/reports/${survey.key}`, {
      headers: { cookie: stranger.actor.cookie ?? "", "x-tenant-id": tenant.id },
    });
    expect(denied.status).toBe(403);
    const unknown = await server.fetch("/api/tenant/survey/reports/NOSUCHKEY", { headers });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error_key: string }).error_key).toBe("not_found");
  });
});

describe("report numbers", () => {
  it("equal the engine's computeReport on the same stored aggregates, both sides", async () => {
    const tenant = await makeTenant(db.owner, { plan: "PRO", anonymityThreshold: 3 });
    const personnel = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [5, 4] });
    const management = await answeredSurvey(db.db, db.owner, tenant.id, {
      type: "MANAGEMENT",
      answers: [3],
      seed: 40,
    });
    const { caller } = await member(tenant.id);
    const report = await caller.report.bySurveys({ keys: `${personnel.key},${management.key}`, lang: "en" });
    const expected = computeReport({
      tree: DEFAULT_CATEGORY_TREE,
      questions: (await loadTemplate(db.db, personnel.templateId)).engineQuestions,
      managementQuestions: (await loadTemplate(db.db, management.templateId)).engineQuestions,
      personnel: await storedAggregates(
        db.owner,
        personnel.shares.map((s) => s.id),
      ),
      management: await storedAggregates(
        db.owner,
        management.shares.map((s) => s.id),
      ),
      anonymityThreshold: 3,
    });
    expectSameNumbers(report.personnel?.result, expected.personnel);
    expectSameNumbers(report.management?.result, expected.management);
    expectSameNumbers(report.inputMap, expected.inputMap);
    expect(report.metadata).toEqual(expected.metadata);
    // economy_customers shows on the management side only.
    expect(report.management?.result.categories.map((c) => c.name)).toContain("economy_customers");
    expect(report.personnel?.result.categories.map((c) => c.name)).not.toContain("economy_customers");
    // The texts: every category named, every question with its SWOT wording.
    expect(report.categories.find((c) => c.name === "efficiency")?.title).toBe("Efficiency");
    const q = report.personnel?.questions[0];
    expect(q?.title).not.toBe("");
    expect(q?.strength).toBeTruthy();
    expect(q?.weakness).toBeTruthy();
    expect(q?.opportunity).toBeTruthy();
  });

  it("shows economy_customers only with management answers", async () => {
    const tenant = await makeTenant(db.owner, { plan: "PRO", anonymityThreshold: 3 });
    const personnel = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [3] });
    const management = await answeredSurvey(db.db, db.owner, tenant.id, {
      type: "MANAGEMENT",
      answers: [0],
    });
    const { caller } = await member(tenant.id);
    const report = await caller.report.bySurveys({ keys: `${personnel.key},${management.key}`, lang: "en" });
    expect(report.management?.result.respondents).toBe(0);
    expect(report.management?.result.categories.map((c) => c.name)).not.toContain("economy_customers");
    expect(report.management?.result.questions.some((q) => q.category === "economy_customers")).toBe(false);
  });
});

describe("selection and plan rules", () => {
  it("FREE: one share per survey; more, or a survey key for several shares, is refused; no heatmap", async () => {
    const tenant = await makeTenant(db.owner, { plan: "FREE", anonymityThreshold: 3 });
    const survey = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [3, 3] });
    const { caller } = await member(tenant.id);
    const [a, b] = survey.shares;
    expect(await errorKey(caller.report.byShares({ keys: `${a?.key},${b?.key}`, lang: "en" }))).toBe(
      "selected_share_free_warning",
    );
    expect(await errorKey(caller.report.bySurveys({ keys: survey.key, lang: "en" }))).toBe(
      "selected_share_free_warning",
    );
    const one = await caller.report.byShares({ keys: `${a?.key}`, lang: "en" });
    expect(one.personnel?.result.status).toBe("ok");
    expect(one.heatmapAvailable).toBe(false);
    expect(one.personnel?.heatmap).toBeNull();
    const options = await caller.report.options();
    expect(options.maxSelectedShares).toBe(1);
    expect(options.heatmap).toBe(false);
  });

  it("refuses two surveys of one type, an empty selection and another account's keys", async () => {
    const tenant = await makeTenant(db.owner, { plan: "PRO" });
    const one = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [1] });
    const two = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [1] });
    const other = await answeredSurvey(db.db, db.owner, (await makeTenant(db.owner)).id, { answers: [1] });
    const { caller } = await member(tenant.id);
    expect(await errorKey(caller.report.bySurveys({ keys: `${one.key},${two.key}`, lang: "en" }))).toBe(
      "report_selection_invalid",
    );
    expect(await errorKey(caller.report.bySurveys({ keys: " , ", lang: "en" }))).toBe("choose_target_group");
    expect(await errorKey(caller.report.bySurveys({ keys: other.key, lang: "en" }))).toBe("not_found");
    expect(
      await errorKey(
        caller.report.byShares({ keys: `${one.shares[0]?.key},${other.shares[0]?.key}`, lang: "en" }),
      ),
    ).toBe("not_found");
  });

  it("offers answered surveys only, ended ones first and only, newest by default", async () => {
    const tenant = await makeTenant(db.owner, { plan: "PRO" });
    const { caller } = await member(tenant.id);
    expect((await caller.report.options()).hasSurveys).toBe(false);
    const running = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [1], running: true });
    let options = await caller.report.options();
    expect(options.personnel.map((s) => s.key)).toEqual([running.key]);
    const older = await answeredSurvey(db.db, db.owner, tenant.id, {
      answers: [2],
      endsAt: new Date(Date.now() - 100 * DAY),
    });
    const newer = await answeredSurvey(db.db, db.owner, tenant.id, {
      answers: [1, 2],
      endsAt: new Date(Date.now() - 2 * DAY),
    });
    await answeredSurvey(db.db, db.owner, tenant.id, { answers: [0], endsAt: new Date(Date.now() - DAY) });
    options = await caller.report.options();
    expect(options.personnel.map((s) => s.key)).toEqual([newer.key, older.key]);
    expect(options.defaults).toEqual({ personnel: newer.key, management: null });
    expect(options.personnel[0]?.shares.map((s) => s.answers)).toEqual([1, 2]);
    expect(options.personnel[0]?.answers).toBe(3);
    expect(options.hasSurveys).toBe(true);
  });
});

describe("anonymity", () => {
  it("withholds a personnel selection below the threshold with how many more answers are needed", async () => {
    const tenant = await makeTenant(db.owner, { plan: "PRO", anonymityThreshold: 5 });
    const survey = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [3] });
    const { caller } = await member(tenant.id);
    const report = await caller.report.bySurveys({ keys: survey.key, lang: "en" });
    const side = report.personnel;
    // Issue 17.1: fewer answers than a step are held back, not released: 0 shown, 3 held, 2 needed.
    expect(side?.anonymity).toEqual({
      status: "not_enough_answers",
      respondents: 0,
      needed: 2,
      withShares: [],
    });
    expect(side?.heldBack).toBe(3);
    expect(side?.result.status).toBe("not_enough_answers");
    for (const c of side?.result.categories ?? []) {
      expect(c.value).toBeNull();
      for (const s of c.subcategories) expect(s.value).toBeNull();
    }
    for (const q of side?.result.questions ?? []) expect(q.value).toBeNull();
    expect(side?.result.fitnessIndex.overall.value).toBeNull();
    expect(side?.result.culture.percentages).toBeNull();
    expect(report.inputMap.every((axis) => axis.personnel === null && axis.gap === null)).toBe(true);
    expect(side?.heatmap?.rows.every((row) => row.cells.every((cell) => cell.value === null))).toBe(true);
  });

  it("holds a small share's answers back, so no selection can single it out by subtraction", async () => {
    // Threshold 5: shares of 6, 3 and 7 answers. The 3 are never released (issue 17.1), so the
    // whole survey shows 13 and every selection is a sum of shares of at least 5.
    const tenant = await makeTenant(db.owner, { plan: "PRO", anonymityThreshold: 5 });
    const survey = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [6, 3, 7] });
    const [six, three, seven] = survey.shares;
    const { caller } = await member(tenant.id);
    const alone = await caller.report.byShares({ keys: `${six?.key}`, lang: "en" });
    expect(alone.personnel?.anonymity).toEqual({ status: "ok", respondents: 6, needed: 0, withShares: [] });
    expect(alone.personnel?.result.categories[0]?.value).not.toBeNull();
    expect(alone.personnel?.heldBack).toBe(0);
    const small = await caller.report.byShares({ keys: `${three?.key}`, lang: "en" });
    expect(small.personnel?.anonymity).toMatchObject({
      status: "not_enough_answers",
      respondents: 0,
      needed: 2,
    });
    expect(small.personnel?.heldBack).toBe(3);
    expect(small.personnel?.result.categories.every((c) => c.value === null)).toBe(true);
    // The whole survey: the six and the seven, the three held back; whole − six − seven = nothing.
    const whole = await caller.report.bySurveys({ keys: survey.key, lang: "en" });
    expect(whole.personnel?.anonymity.status).toBe("ok");
    expect(whole.personnel?.result.respondents).toBe(13);
    expect(whole.personnel?.heldBack).toBe(3);
    expect(whole.personnel?.shares.map((s) => s.respondents)).toEqual([6, 0, 7]);
    const pair = await caller.report.byShares({ keys: `${six?.key},${seven?.key}`, lang: "en" });
    expect(pair.personnel?.result.categories.map((c) => c.value)).toEqual(
      whole.personnel?.result.categories.map((c) => c.value),
    );
    const heatmap = whole.personnel?.heatmap;
    for (const row of heatmap?.rows ?? []) {
      expect(row.cells[1]?.value).toBeNull();
      if (row.total.value !== null) {
        expect(row.cells[0]?.reason).toBe("shown");
        expect(row.cells[2]?.reason).toBe("shown");
      }
    }
  });

  it("never withholds management numbers", async () => {
    const tenant = await makeTenant(db.owner, { plan: "PRO", anonymityThreshold: 10 });
    const survey = await answeredSurvey(db.db, db.owner, tenant.id, { type: "MANAGEMENT", answers: [1, 1] });
    const { caller } = await member(tenant.id);
    const report = await caller.report.bySurveys({ keys: survey.key, lang: "en" });
    expect(report.management?.anonymity.status).toBe("ok");
    expect(report.management?.result.categories[0]?.value).not.toBeNull();
    expect(report.management?.result.categories[0]?.sd).not.toBeNull();
    expect(report.management?.heatmap?.rows[0]?.cells.every((c) => c.reason === "shown")).toBe(true);
  });
});

describe("trends", () => {
  it("carry the change since the previous survey of the same type", async () => {
    const tenant = await makeTenant(db.owner, { plan: "PRO", anonymityThreshold: 3 });
    const before = await answeredSurvey(db.db, db.owner, tenant.id, {
      answers: [4],
      seed: 3,
      endsAt: new Date(Date.now() - 180 * DAY),
    });
    const now = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [4], seed: 11 });
    const { caller } = await member(tenant.id);
    const [previous, current] = await Promise.all([
      caller.report.bySurveys({ keys: before.key, lang: "en" }),
      caller.report.bySurveys({ keys: now.key, lang: "en" }),
    ]);
    expect(previous.personnel?.trend).toBeNull();
    const trend = current.personnel?.trend;
    expect(trend?.previous.key).toBe(before.key);
    const value = (r: typeof current, name: string) =>
      r.personnel?.result.categories.find((c) => c.name === name)?.value as number;
    expect(trend?.categories.efficiency).toBeCloseTo(
      value(current, "efficiency") - value(previous, "efficiency"),
      9,
    );
    expect(trend?.fitness.overall).toBeCloseTo(
      (current.personnel?.result.fitnessIndex.overall.value as number) -
        (previous.personnel?.result.fitnessIndex.overall.value as number),
      9,
    );
  });
});

describe("report exports over real HTTP", () => {
  async function download(cookie: string, tenantId: string, path: string) {
    return server.fetch(path, { headers: { cookie, "x-tenant-id": tenantId } });
  }

  it("download a PDF with the account's name and the selection, a CSV and an XLSX of the same numbers", async () => {
    const tenant = await makeTenant(db.owner, {
      plan: "PRO",
      anonymityThreshold: 3,
      name: "Kuntotesti Åström Oy",
    });
    const personnel = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [4], name: "Syksy" });
    const management = await answeredSurvey(db.db, db.owner, tenant.id, { type: "MANAGEMENT", answers: [2] });
    const { actor, caller } = await member(tenant.id);
    const keys = `${personnel.key},${management.key}`;
    const report = await caller.report.bySurveys({ keys, lang: "fi" });

    const pdf = await download(
      actor.cookie ?? "",
      tenant.id,
      `/api/tenant/reports/export/pdf?surveys=${keys}&lang=fi`,
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toContain("attachment");
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain("Kuntotesti Åström Oy");
    expect(text).toContain("Syksy");
    expect(text).toContain("Share 1");
    expect(text).toContain("Yrityksen kuntoindeksi");

    const csv = await download(
      actor.cookie ?? "",
      tenant.id,
      `/api/tenant/reports/export/csv?surveys=${keys}&lang=en`,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const csvText = await csv.text();
    const efficiency = report.personnel?.result.categories.find((c) => c.name === "efficiency")
      ?.value as number;
    // The tidy CSV (issue 18.6): the category's own row carries its value, rounded to one decimal.
    const [, ...csvLines] = csvRows(csvText.slice(1), ",");
    const efficiencyRow = csvLines.find(
      (r) => r[6] === "Efficiency" && r[7] === "" && r[8] === "" && r[10] !== "",
    );
    expect(efficiencyRow?.[10]).toBe(String(Math.round(efficiency * 10) / 10));

    const xlsx = await download(
      actor.cookie ?? "",
      tenant.id,
      `/api/tenant/reports/export/xlsx?shares=${personnel.shares[0]?.key}`,
    );
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const categories = workbook.worksheets.find((s) => s.name.startsWith("Categories"));
    const row = categories?.getRows(1, 40)?.find((r) => r.getCell(1).value === "Efficiency");
    expect(row?.getCell(2).value).toBe(Math.round(efficiency * 10) / 10);
  });

  it("withhold in every file what the screen withholds", async () => {
    const tenant = await makeTenant(db.owner, { plan: "PRO", anonymityThreshold: 5, name: "Pieni Oy" });
    const survey = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [6, 3, 7] });
    const [six, three] = survey.shares;
    const { actor, caller } = await member(tenant.id);
    const cookie = actor.cookie ?? "";
    // A share held back below the threshold: no number of its own anywhere.
    const single = await caller.report.byShares({ keys: `${three?.key}`, lang: "en" });
    expect(single.personnel?.anonymity.status).toBe("not_enough_answers");
    const csv = await (
      await download(cookie, tenant.id, `/api/tenant/reports/export/csv?shares=${three?.key}`)
    ).text();
    // Columns of the tidy CSV: 0 section, 5 target group, 6 category, 8 question, 10 value, 14 note.
    const categoryRows = csvRows(csv.slice(1), ",")
      .slice(1)
      .filter((r) => ["Efficiency", "Capability", "Leadership"].includes(r[6] ?? "") && r[8] === "");
    expect(categoryRows.length).toBeGreaterThan(0);
    for (const row of categoryRows) {
      expect(row[10]).toBe("");
      expect(row[14]).not.toBe("");
    }
    const pdf = await download(cookie, tenant.id, `/api/tenant/reports/export/pdf?shares=${three?.key}`);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text.replace(/\s+/g, " ")).toMatch(/withheld|Not enough answers/i);
    // The whole survey: the held-back share's heatmap cells are withheld in the CSV as on screen.
    const whole = await (
      await download(cookie, tenant.id, `/api/tenant/reports/export/csv?surveys=${survey.key}`)
    ).text();
    const heatmap = csvRows(whole.slice(1), ",").filter((r) => r[0] === "Heatmap");
    expect(heatmap.length).toBeGreaterThan(0);
    const column = (name: string | undefined) => heatmap.filter((r) => r[5] === name);
    expect(column(three?.name).length).toBeGreaterThan(0);
    for (const row of column(three?.name)) expect(row[10]).toBe("");
    expect(column(six?.name).some((r) => /^\d/.test(r[10] ?? ""))).toBe(true);
    // A survey below the threshold, and refusals: another account's member, a bad format.
    const small = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [2] });
    const smallCsv = await (
      await download(cookie, tenant.id, `/api/tenant/reports/export/csv?surveys=${small.key}`)
    ).text();
    expect(smallCsv).toContain("3 more answers needed");
    const stranger = await member((await makeTenant(db.owner)).id);
    expect(
      (
        await download(
          stranger.actor.cookie ?? "",
          tenant.id,
          `/api/tenant/reports/export/pdf?surveys=${survey.key}`,
        )
      ).status,
    ).toBe(403);
    expect(
      (await download("", tenant.id, `/api/tenant/reports/export/pdf?surveys=${survey.key}`)).status,
    ).toBe(401);
    expect(
      (await download(cookie, tenant.id, `/api/tenant/reports/export/doc?surveys=${survey.key}`)).status,
    ).toBe(404);
    expect((await download(cookie, tenant.id, "/api/tenant/reports/export/pdf")).status).toBe(400);
  });
});
