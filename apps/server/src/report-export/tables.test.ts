import type { TReport } from "@kunto/api";
import { beforeEach, describe, expect, it } from "vitest";
import { labelsFor } from "./labels";
import { anonymityText, dateOf, type ExportModel, exportModel, surveyTitle, type Table } from "./tables";

/**
 * The export tables (docs/reports.md "Exports", Anonymity 4): every number in its own table and row,
 * rounded as the screen rounds it, and a withheld value written as the anonymity text, never as a
 * number. The report below is written out by hand so that each expected cell can be read off it.
 */
type Side = NonNullable<TReport["personnel"]>;
type Band = "weakness" | "opportunity" | "strength" | "grey";

const ok = (value: number, band: Band, sd: number | null = null) =>
  ({ status: "ok", value, sd, count: 10, band }) as const;
const withheld = { status: "not_enough_answers", value: null, sd: null, count: null, band: "grey" } as const;
const noData = { status: "no_data", value: null, sd: null, count: 0, band: "grey" } as const;
const grey = { value: null, band: "grey" } as const;

const text = (key: string, title: string) => ({
  key,
  title,
  strengthTid: null,
  weaknessTid: null,
  opportunityTid: null,
  strength: `${title}: keep it`,
  weakness: `${title}: fix it`,
  opportunity: `${title}: try it`,
});

const personnel: Side = {
  survey: {
    key: "P",
    name: "Spring",
    type: "PERSONNEL",
    start: "2026-01-01T08:00:00.000Z",
    end: "2026-01-31T22:30:00.000Z",
    status: 200,
  },
  shares: [
    { key: "o", name: "Office", respondents: 7 },
    { key: "p", name: "Plant", respondents: 5 },
  ],
  heldBack: 0,
  anonymity: { status: "ok", respondents: 12, needed: 0, withShares: [] },
  result: {
    status: "ok",
    respondents: 12,
    categories: [
      {
        name: "efficiency",
        ...ok(66.25, "strength", 12.34),
        subcategories: [
          { name: "organization", ...ok(38.04, "weakness", 4.44) },
          { name: "processes", ...withheld },
        ],
      },
      { name: "leadership", ...noData, subcategories: [] },
    ],
    questions: [
      { key: "q1", category: "organization", ...ok(41.26, "opportunity") },
      { key: "q2", category: null, ...withheld },
      { key: "q3", category: "efficiency", ...ok(80, "strength") },
      { key: "q4", category: "efficiency", ...noData },
    ],
    fitnessIndex: {
      efficiency: { value: 66.25, band: "strength" },
      capability: grey,
      leadership: { value: 12.5, band: "weakness" },
      overall: { value: 39.375, band: "weakness", areas: 2 },
    },
    culture: {
      status: "ok",
      direction: 50,
      autonomy: 50,
      shares: { individual: 10.2, productive: 39.8, fragmented: 30, authoritative: 20 },
      percentages: { individual: 10, productive: 40, fragmented: 30, authoritative: 20 },
    },
  },
  questions: [text("q1", "Roles are clear"), text("q2", "Tools work"), text("q4", "Meetings help")],
  trend: {
    previous: { key: "OLD", name: null, end: "2025-06-30T20:00:00.000Z", respondents: 9 },
    categories: { efficiency: 4.26, organization: -3.04, processes: null },
    questions: {},
    fitness: { efficiency: 4.25, capability: null, leadership: -0.06, overall: null },
  },
  heatmap: {
    columns: [
      { key: "o", name: "Office", respondents: 7, shown: true },
      { key: "p", name: "Plant", respondents: 5, shown: true },
    ],
    rows: [
      {
        name: "efficiency",
        parent: null,
        total: { value: 66.25, band: "strength" },
        cells: [
          { value: 70.04, band: "strength", reason: "shown" },
          { value: null, band: "grey", reason: "derivable" },
        ],
      },
      {
        name: "organization",
        parent: "efficiency",
        total: { value: null, band: "grey" },
        cells: [
          { value: null, band: "grey", reason: "not_enough_answers" },
          { value: null, band: "grey", reason: "empty" },
        ],
      },
      {
        name: "leadership",
        parent: null,
        total: { value: 12.5, band: "weakness" },
        cells: [
          { value: null, band: "grey", reason: "shown" },
          { value: null, band: "grey", reason: "hidden" },
        ],
      },
    ],
  },
};

const management: Side = {
  survey: {
    key: "M",
    name: null,
    type: "MANAGEMENT",
    start: "2026-01-01T08:00:00.000Z",
    end: "2026-01-31T22:30:00.000Z",
    status: 200,
  },
  shares: [{ key: "b", name: "Board", respondents: 2 }],
  heldBack: 0,
  anonymity: { status: "ok", respondents: 2, needed: 0, withShares: [] },
  result: {
    status: "ok",
    respondents: 2,
    categories: [
      {
        name: "efficiency",
        ...ok(50, "opportunity", 7.25),
        subcategories: [{ name: "organization", ...ok(45.55, "opportunity", null) }],
      },
    ],
    questions: [{ key: "q1", category: "organization", ...ok(60, "opportunity", 3.33) }],
    fitnessIndex: {
      efficiency: { value: 50, band: "opportunity" },
      capability: grey,
      leadership: grey,
      overall: { value: 50, band: "opportunity", areas: 1 },
    },
    culture: { status: "no_data", direction: null, autonomy: null, shares: null, percentages: null },
  },
  questions: [text("q1", "Roles are clear")],
  trend: null,
  heatmap: null,
};

const report = (over: Partial<TReport> = {}): TReport => ({
  tenantName: "Oy Esimerkki Ab",
  anonymityThreshold: 5,
  heatmapAvailable: true,
  personnel,
  management,
  inputMap: [
    { axis: "organization", personnel: 38.04, management: 45.55, gap: 7.51, weaknessNote: false },
    { axis: "processes", personnel: 10, management: 55.06, gap: 45.06, weaknessNote: true },
    { axis: "leadership", personnel: null, management: 90, gap: null, weaknessNote: false },
  ],
  metadata: { answers: { personnel: 12, management: 2 } },
  categories: [
    { name: "efficiency", parent: null, title: "Efficiency", description: "" },
    { name: "organization", parent: "efficiency", title: "Organisation", description: "" },
    { name: "leadership", parent: null, title: "Leadership", description: "" },
  ],
  ...over,
});

const en = labelsFor("en");
const table = (tables: Table[], title: string) => {
  const found = tables.find((t) => t.title === title);
  if (!found) throw new Error(`no table ${title}: ${tables.map((t) => t.title).join(" | ")}`);
  return found;
};

describe("export tables (docs/reports.md Exports)", () => {
  // Built in each test, not once for the block: a mutation tester activates its mutant per test.
  let model: ExportModel;
  beforeEach(() => {
    model = exportModel(report(), "en");
  });

  it("has the report table, then per side fitness, categories, culture, questions and heatmap, then the input map", () => {
    expect(model.tables.map((t) => t.title)).toEqual([
      "Report",
      "Company Fitness Index: Personnel",
      "Categories: Personnel",
      "Culture: Personnel",
      "Questions: Personnel",
      "Heatmap: Personnel",
      "Company Fitness Index: Management",
      "Categories: Management",
      "Culture: Management",
      "Questions: Management",
      "Input map",
    ]);
    expect(model.sides.map((s) => s.label)).toEqual(["Personnel", "Management"]);
    expect(model.language).toBe("en");
    expect(model.labels).toBe(en);
  });

  it("lists each survey with its period, target groups, answers and anonymity note", () => {
    const t = table(model.tables, "Report");
    expect(t.header).toEqual(["Survey", "Period", "Target groups", "Answers", ""]);
    expect(t.rows).toEqual([
      ["Spring (Personnel)", "1/1/2026 – 2/1/2026", "Office, Plant", 12, ""],
      ["Management 2/1/2026", "1/1/2026 – 2/1/2026", "Board", 2, ""],
    ]);
  });

  it("writes the fitness index one area a row, rounded to a tenth, with band and change", () => {
    const t = table(model.tables, "Company Fitness Index: Personnel");
    expect(t.header).toEqual(["Category", "Value (%)", "Band", "Change since previous survey"]);
    expect(t.rows).toEqual([
      ["Efficiency", 66.3, "Strength", 4.3],
      ["capability", "–", "No data", "–"],
      ["Leadership", 12.5, "Weakness", -0.1],
      ["Result", 39.4, "Weakness", "–"],
    ]);
    expect(table(model.tables, "Company Fitness Index: Management").rows[0]).toEqual([
      "Efficiency",
      50,
      "Opportunity",
      "–",
    ]);
  });

  it("writes categories and indented subcategories; a withheld one as the anonymity text", () => {
    const t = table(model.tables, "Categories: Personnel");
    expect(t.header).toEqual([
      "Category",
      "Value (%)",
      "Band",
      "Standard deviation",
      "Change since previous survey",
    ]);
    expect(t.rows).toEqual([
      ["Efficiency", 66.3, "Strength", "–", 4.3],
      ["  Organisation", 38, "Weakness", "–", -3],
      ["  processes", en.withheld, en.withheld, "–", "–"],
      ["Leadership", "–", "No data", "–", "–"],
    ]);
  });

  it("shows the standard deviation for management answers only", () => {
    expect(table(model.tables, "Categories: Management").rows).toEqual([
      ["Efficiency", 50, "Opportunity", 7.3, "–"],
      ["  Organisation", 45.6, "Opportunity", "–", "–"],
    ]);
    expect(table(model.tables, "Questions: Management").rows[0]?.[4]).toBe(3.3);
  });

  it("writes the culture's whole percentages, or none", () => {
    const t = table(model.tables, "Culture: Personnel");
    expect(t.header).toEqual(["Culture", "Value (%)"]);
    expect(t.rows).toEqual([
      ["Individual", 10],
      ["Productive", 40],
      ["Fragmented", 30],
      ["Authoritative", 20],
    ]);
    expect(table(model.tables, "Culture: Management").rows.map((r) => r[1])).toEqual(["–", "–", "–", "–"]);
  });

  it("writes each question with its category, value, band and the finding for its band", () => {
    const t = table(model.tables, "Questions: Personnel");
    expect(t.header).toEqual(["Question", "Category", "Value (%)", "Band", "Standard deviation", "Finding"]);
    expect(t.rows).toEqual([
      ["Roles are clear", "Organisation", 41.3, "Opportunity", "–", "Roles are clear: try it"],
      ["Tools work", "–", en.withheld, en.withheld, "–", ""],
      ["q3", "Efficiency", 80, "Strength", "–", ""],
      ["Meetings help", "Efficiency", "–", "No data", "–", ""],
    ]);
  });

  it("writes the heatmap with the total column and every hidden cell as text", () => {
    const t = table(model.tables, "Heatmap: Personnel");
    expect(t.header).toEqual(["Category", "Total", "Office", "Plant"]);
    expect(t.rows).toEqual([
      ["Efficiency", 66.3, 70, en.withheld],
      ["  Organisation", "–", en.withheld, "–"],
      ["Leadership", 12.5, "–", en.withheld],
    ]);
  });

  it("writes the input map with both views, the gap and the weakness note", () => {
    const t = table(model.tables, "Input map");
    expect(t.header).toEqual(["Category", "Personnel", "Management", "Gap", "Gap over 40 points: weakness"]);
    expect(t.rows).toEqual([
      ["Organisation", 38, 45.6, 7.5, ""],
      ["processes", 10, 55.1, 45.1, "yes"],
      ["Leadership", "–", 90, "–", ""],
    ]);
  });

  it("formats value cells: withheld text, none, or the number rounded to a tenth", () => {
    expect(model.value({ status: "not_enough_answers", value: null })).toBe(en.withheld);
    expect(model.value({ status: "not_enough_answers", value: 12 })).toBe(en.withheld);
    expect(model.value({ status: "no_data", value: null })).toBe(en.none);
    expect(model.value({ status: "ok", value: 0.05 })).toBe(0.1);
    expect(model.band("strength")).toBe("Strength");
    expect(model.band("strength", "not_enough_answers")).toBe(en.withheld);
    expect(model.titleOf("organization")).toBe("Organisation");
    expect(model.titleOf("unknown")).toBe("unknown");
  });
});

describe("export tables of a withheld selection (docs/reports.md Anonymity 4)", () => {
  const hidden: Side = {
    ...personnel,
    anonymity: { status: "not_enough_answers", respondents: 3, needed: 2, withShares: [] },
    result: {
      ...personnel.result,
      status: "not_enough_answers",
      respondents: 3,
      categories: [
        { name: "efficiency", ...withheld, subcategories: [{ name: "organization", ...withheld }] },
      ],
      questions: [{ key: "q1", category: "organization", ...withheld }],
      // Even if a figure slipped through, a withheld side writes none of it.
      fitnessIndex: {
        efficiency: { value: 61, band: "strength" },
        capability: grey,
        leadership: grey,
        overall: { value: 61, band: "strength", areas: 1 },
      },
      culture: {
        status: "not_enough_answers",
        direction: null,
        autonomy: null,
        shares: null,
        percentages: null,
      },
    },
    trend: null,
    // The heatmap of a withheld selection hides every column and cell (heatmap.ts); the totals, were
    // any left, are withheld by the export itself.
    heatmap: {
      columns: personnel.heatmap?.columns.map((c) => ({ ...c, shown: false })) ?? [],
      rows: (personnel.heatmap?.rows ?? []).map((row) => ({
        ...row,
        total: { value: 61, band: "strength" },
        cells: row.cells.map(() => ({ value: null, band: "grey", reason: "hidden" }) as const),
      })),
    },
  };
  let model: ExportModel;
  beforeEach(() => {
    model = exportModel(
      report({
        personnel: hidden,
        management: null,
        inputMap: [{ axis: "leadership", personnel: null, management: null, gap: null, weaknessNote: false }],
      }),
      "en",
    );
  });
  const numbers = (rows: unknown[][]) => rows.flat().filter((cell) => typeof cell === "number");

  it("writes no number of the side anywhere but its answer count", () => {
    expect(table(model.tables, "Report").rows).toEqual([
      [
        "Spring (Personnel)",
        "1/1/2026 – 2/1/2026",
        "Office, Plant",
        3,
        `${en.withheld}. 2 more answers needed`,
      ],
    ]);
    for (const t of model.tables.slice(1)) expect(numbers(t.rows)).toEqual([]);
  });

  it("writes the withheld text for every fitness value and band, culture share and input map value", () => {
    expect(table(model.tables, "Company Fitness Index: Personnel").rows.map((r) => r.slice(1, 3))).toEqual([
      [en.withheld, en.withheld],
      [en.withheld, en.withheld],
      [en.withheld, en.withheld],
      [en.withheld, en.withheld],
    ]);
    expect(table(model.tables, "Culture: Personnel").rows.map((r) => r[1])).toEqual([
      en.withheld,
      en.withheld,
      en.withheld,
      en.withheld,
    ]);
    expect(table(model.tables, "Heatmap: Personnel").rows.map((r) => r[1])).toEqual([
      en.withheld,
      en.withheld,
      en.withheld,
    ]);
    expect(table(model.tables, "Input map").rows).toEqual([["Leadership", en.withheld, "–", "–", ""]]);
  });

  it("writes a missing personnel view in the input map as none when the side is shown", () => {
    const shown = exportModel(
      report({
        inputMap: [{ axis: "leadership", personnel: null, management: 90, gap: null, weaknessNote: false }],
      }),
      "en",
    );
    expect(table(shown.tables, "Input map").rows).toEqual([["Leadership", "–", 90, "–", ""]]);
  });

  it("explains a derivable selection", () => {
    const derivable = {
      ...hidden,
      anonymity: { status: "derivable", respondents: 6, needed: 0, withShares: ["x"] },
    } as Side;
    expect(anonymityText(derivable, en)).toBe(`${en.withheld}. ${en.derivable}`);
    expect(anonymityText(personnel, en)).toBe("");
  });
});

describe("export tables of one side", () => {
  it("writes a management-only report without personnel tables, its personnel views as none", () => {
    const model = exportModel(
      report({
        personnel: null,
        inputMap: [{ axis: "leadership", personnel: null, management: 90, gap: null, weaknessNote: false }],
      }),
      "en",
    );
    expect(model.tables.map((t) => t.title)).toEqual([
      "Report",
      "Company Fitness Index: Management",
      "Categories: Management",
      "Culture: Management",
      "Questions: Management",
      "Input map",
    ]);
    expect(table(model.tables, "Report").rows).toEqual([
      ["Management 2/1/2026", "1/1/2026 – 2/1/2026", "Board", 2, ""],
    ]);
    expect(table(model.tables, "Input map").rows).toEqual([["Leadership", "–", 90, "–", ""]]);
  });

  it("writes no finding for a question without a value, whatever band it carries", () => {
    // The finding's wording names the band; a withheld question must not give it away.
    const slipped: Side = {
      ...personnel,
      result: {
        ...personnel.result,
        questions: [{ key: "q1", category: null, ...withheld, band: "strength" }],
      },
    };
    const model = exportModel(report({ personnel: slipped, management: null }), "en");
    expect(table(model.tables, "Questions: Personnel").rows).toEqual([
      ["Roles are clear", "–", en.withheld, en.withheld, "–", ""],
    ]);
  });
});

describe("export tables in the chosen language", () => {
  it("writes fixed words, bands and dates in that language, category names as the report gives them", () => {
    const fi = labelsFor("fi");
    const model = exportModel(
      report({
        categories: [{ name: "efficiency", parent: null, title: "Tehokkuus", description: "" }],
      }),
      "fi",
    );
    expect(model.tables[0]?.title).toBe(fi.report);
    expect(model.tables[0]?.rows[0]?.slice(0, 2)).toEqual([
      `Spring (${fi.personnel})`,
      "1.1.2026 – 1.2.2026",
    ]);
    expect(table(model.tables, `${fi.categories}: ${fi.personnel}`).rows[0]).toEqual([
      "Tehokkuus",
      66.3,
      fi.strength,
      fi.none,
      4.3,
    ]);
  });

  it("writes Estonian dates with the Estonian locale (et), in Helsinki time", () => {
    expect(dateOf("2026-01-31T22:30:00.000Z", "ee")).toBe("1.2.2026");
    expect(dateOf("2026-01-31T22:30:00.000Z", "en")).toBe("2/1/2026");
    expect(dateOf("2026-01-31T22:30:00.000Z", "ru")).toBe("01.02.2026");
    expect(surveyTitle(management, "pl", labelsFor("pl"))).toBe(`${labelsFor("pl").management} 1.02.2026`);
  });
});
