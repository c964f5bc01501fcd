import { beforeEach, describe, expect, it } from "vitest";
import { labelsFor } from "./labels";
import { grey, management, personnel, sampleReport as report, type Side, withheld } from "./report-fixture";
import {
  anonymityText,
  dateOf,
  type ExportModel,
  exportModel,
  isoDate,
  reasonsOf,
  surveyTitle,
  type Table,
  withheldNote,
} from "./tables";

/**
 * The export tables (docs/reports.md "Exports", Anonymity 4): every number in its own table and row,
 * rounded as the screen rounds it, a withheld value a withheld cell with its reason (never a
 * number), a value that does not exist null (never "–").
 */
const en = labelsFor("en");
const FEW = { withheld: "few" } as const;
const GROUP = { withheld: "group" } as const;
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

  it("has the report and participation tables, then per side fitness, categories, culture, questions and heatmap, then the input map", () => {
    expect(model.tables.map((t) => t.title)).toEqual([
      "Report",
      "Participation",
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
    expect(model.tables.map((t) => t.sheet)).toEqual([
      "Report",
      "Participation",
      "Fitness index – Personnel",
      "Categories – Personnel",
      "Culture – Personnel",
      "Questions – Personnel",
      "Heatmap – Personnel",
      "Fitness index – Management",
      "Categories – Management",
      "Culture – Management",
      "Questions – Management",
      "Input map",
    ]);
    expect(model.sides.map((s) => s.label)).toEqual(["Personnel", "Management"]);
    expect(model.language).toBe("en");
    expect(model.labels).toBe(en);
  });

  it("lists each survey with ISO start and end dates, target groups, answers, held back and the anonymity note", () => {
    const t = table(model.tables, "Report");
    expect(t.header).toEqual([
      "Survey",
      "Start",
      "End",
      "Teams",
      "Answers",
      "Held back to protect anonymity",
      "Note",
    ]);
    expect(t.rows).toEqual([
      ["Spring (Personnel)", "2026-01-01", "2026-02-01", "Office, Plant", 12, 0, ""],
      ["Management 2/1/2026", "2026-01-01", "2026-02-01", "Board", 2, 0, ""],
    ]);
    const held = exportModel(report({ personnel: { ...personnel, heldBack: 3 } }), "en");
    expect(table(held.tables, "Report").rows[0]?.[5]).toBe(3);
  });

  it("gives the participation: each target group's answers and the side's total", () => {
    const t = table(model.tables, "Participation");
    expect(t.header).toEqual(["Survey type", "Team", "Answers"]);
    expect(t.rows).toEqual([
      ["Personnel", "Office", 7],
      ["Personnel", "Plant", 5],
      ["Personnel", "Total", 12],
      ["Management", "Board", 2],
      ["Management", "Total", 2],
    ]);
  });

  it("writes the fitness index one area a row, rounded to a tenth, with band and change; none is null", () => {
    const t = table(model.tables, "Company Fitness Index: Personnel");
    expect(t.header).toEqual(["Category", "Value (%)", "Band", "Change since previous survey"]);
    expect(t.rows).toEqual([
      ["Efficiency", 66.3, "Strength", 4.3],
      ["capability", null, "No data", null],
      ["Leadership", 12.5, "Weakness", -0.1],
      ["Result", 39.4, "Weakness", null],
    ]);
    expect(table(model.tables, "Company Fitness Index: Management").rows[0]).toEqual([
      "Efficiency",
      50,
      "Opportunity",
      null,
    ]);
  });

  it("writes categories and indented subcategories; a withheld one as a withheld cell (fewer answers)", () => {
    const t = table(model.tables, "Categories: Personnel");
    expect(t.header).toEqual([
      "Category",
      "Value (%)",
      "Band",
      "Standard deviation",
      "Change since previous survey",
    ]);
    expect(t.rows).toEqual([
      ["Efficiency", 66.3, "Strength", null, 4.3],
      ["  Organisation", 38, "Weakness", null, -3],
      ["  processes", FEW, FEW, null, null],
      ["Leadership", null, "No data", null, null],
    ]);
  });

  it("shows the standard deviation for management answers only", () => {
    expect(table(model.tables, "Categories: Management").rows).toEqual([
      ["Efficiency", 50, "Opportunity", 7.3, null],
      ["  Organisation", 45.6, "Opportunity", null, null],
    ]);
    expect(table(model.tables, "Questions: Management").rows[0]?.[4]).toBe(3.3);
  });

  it("writes the culture's whole percentages, or null", () => {
    const t = table(model.tables, "Culture: Personnel");
    expect(t.header).toEqual(["Culture", "Value (%)"]);
    expect(t.rows).toEqual([
      ["Individual", 10],
      ["Productive", 40],
      ["Fragmented", 30],
      ["Authoritative", 20],
    ]);
    expect(table(model.tables, "Culture: Management").rows.map((r) => r[1])).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it("writes each question with its category, value, band and the finding for its band", () => {
    const t = table(model.tables, "Questions: Personnel");
    expect(t.header).toEqual(["Question", "Category", "Value (%)", "Band", "Standard deviation", "Finding"]);
    expect(t.rows).toEqual([
      ["Roles are clear", "Organisation", 41.3, "Opportunity", null, "Roles are clear: try it"],
      ["Tools work", null, FEW, FEW, null, ""],
      ["q3", "Efficiency", 80, "Strength", null, ""],
      ["Meetings help", "Efficiency", null, "No data", null, ""],
    ]);
  });

  it("writes the heatmap with the total column; a small share's cell withheld as few, a derivable or hidden one as group", () => {
    const t = table(model.tables, "Heatmap: Personnel");
    expect(t.header).toEqual(["Category", "Total", "Office", "Plant"]);
    expect(t.rows).toEqual([
      ["Efficiency", 66.3, 70, GROUP],
      ["  Organisation", null, FEW, null],
      ["Leadership", 12.5, null, GROUP],
    ]);
    expect(reasonsOf(t.rows)).toEqual(["few", "group"]);
  });

  it("writes the input map with both views, the gap and the weakness note", () => {
    const t = table(model.tables, "Input map");
    expect(t.header).toEqual(["Category", "Personnel", "Management", "Gap", "Gap over 40 points: weakness"]);
    expect(t.rows).toEqual([
      ["Organisation", 38, 45.6, 7.5, ""],
      ["processes", 10, 55.1, 45.1, "yes"],
      ["Leadership", null, 90, null, ""],
    ]);
  });

  it("formats value and band cells: withheld with its reason, null for none, or the number rounded to a tenth", () => {
    expect(model.value(personnel, { status: "not_enough_answers", value: null })).toEqual(FEW);
    expect(model.value(personnel, { status: "not_enough_answers", value: 12 })).toEqual(FEW);
    expect(model.value(personnel, { status: "no_data", value: null })).toBeNull();
    expect(model.value(personnel, { status: "ok", value: 0.05 })).toBe(0.1);
    expect(model.band(personnel, "strength")).toBe("Strength");
    expect(model.band(personnel, "strength", "not_enough_answers")).toEqual(FEW);
    expect(model.titleOf("organization")).toBe("Organisation");
    expect(model.titleOf("unknown")).toBe("unknown");
    expect(model.pathOf("organization")).toEqual({ category: "Efficiency", subcategory: "Organisation" });
    expect(model.pathOf("efficiency")).toEqual({ category: "Efficiency", subcategory: "" });
    expect(model.pathOf(null)).toEqual({ category: "", subcategory: "" });
  });
});

describe("why a cell is withheld (said once per table)", () => {
  it("names the threshold for too few answers, and a smaller group for a derivable value", () => {
    expect(withheldNote("few", en, 5)).toBe(
      "withheld: fewer than 5 answers; results are shown from 5 answers on to protect anonymity.",
    );
    expect(withheldNote("group", en, 5)).toBe(
      "withheld: the value could reveal the answers of a smaller group.",
    );
    expect(withheldNote("few", labelsFor("fi"), 3)).toContain("alle 3 vastausta");
  });

  it("lists each reason of a table once, few first, none for a table without withheld cells", () => {
    expect(
      reasonsOf([
        [GROUP, FEW, 1],
        [FEW, null, "x"],
      ]),
    ).toEqual(["few", "group"]);
    expect(reasonsOf([[GROUP], [GROUP]])).toEqual(["group"]);
    expect(reasonsOf([[1, null, "withheld"]])).toEqual([]);
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
        percentages: { individual: 25, productive: 25, fragmented: 25, authoritative: 25 },
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
  const inputMap = [
    { axis: "leadership", personnel: null, management: null, gap: null, weaknessNote: false },
  ];
  let model: ExportModel;
  beforeEach(() => {
    model = exportModel(report({ personnel: hidden, management: null, inputMap }), "en");
  });
  const numbers = (rows: unknown[][]) => rows.flat().filter((cell) => typeof cell === "number");

  it("writes no number of the side anywhere but its answer counts", () => {
    expect(table(model.tables, "Report").rows).toEqual([
      [
        "Spring (Personnel)",
        "2026-01-01",
        "2026-02-01",
        "Office, Plant",
        3,
        0,
        `${en.withheld}. 2 more answers needed`,
      ],
    ]);
    for (const t of model.tables.slice(2)) expect(numbers(t.rows), t.title).toEqual([]);
  });

  it("withholds every fitness value and band, culture share, heatmap cell and input map value as too few answers", () => {
    expect(table(model.tables, "Company Fitness Index: Personnel").rows.map((r) => r.slice(1, 3))).toEqual([
      [FEW, FEW],
      [FEW, FEW],
      [FEW, FEW],
      [FEW, FEW],
    ]);
    expect(table(model.tables, "Culture: Personnel").rows.map((r) => r[1])).toEqual([FEW, FEW, FEW, FEW]);
    expect(table(model.tables, "Heatmap: Personnel").rows.map((r) => r.slice(1))).toEqual([
      [FEW, FEW, FEW],
      [FEW, FEW, FEW],
      [FEW, FEW, FEW],
    ]);
    expect(table(model.tables, "Input map").rows).toEqual([["Leadership", FEW, null, null, ""]]);
  });

  it("withholds a derivable selection's figures as revealing a smaller group", () => {
    const derivable: Side = {
      ...hidden,
      anonymity: { status: "derivable", respondents: 6, needed: 0, withShares: ["x"] },
    };
    const m = exportModel(
      report({
        personnel: derivable,
        inputMap: [{ axis: "leadership", personnel: null, management: 90, gap: null, weaknessNote: false }],
      }),
      "en",
    );
    expect(table(m.tables, "Categories: Personnel").rows[0]?.slice(1, 3)).toEqual([GROUP, GROUP]);
    expect(table(m.tables, "Input map").rows).toEqual([["Leadership", GROUP, 90, GROUP, ""]]);
    for (const t of m.tables.filter((t) => t.title.endsWith(": Personnel")))
      expect(reasonsOf(t.rows), t.title).toEqual(["group"]);
  });

  it("writes a missing personnel view in the input map as null when the side is shown", () => {
    const shown = exportModel(
      report({
        inputMap: [{ axis: "leadership", personnel: null, management: 90, gap: null, weaknessNote: false }],
      }),
      "en",
    );
    expect(table(shown.tables, "Input map").rows).toEqual([["Leadership", null, 90, null, ""]]);
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
  it("writes a management-only report without personnel tables, its personnel views as null", () => {
    const model = exportModel(
      report({
        personnel: null,
        inputMap: [{ axis: "leadership", personnel: null, management: 90, gap: null, weaknessNote: false }],
      }),
      "en",
    );
    expect(model.tables.map((t) => t.title)).toEqual([
      "Report",
      "Participation",
      "Company Fitness Index: Management",
      "Categories: Management",
      "Culture: Management",
      "Questions: Management",
      "Input map",
    ]);
    expect(table(model.tables, "Report").rows).toEqual([
      ["Management 2/1/2026", "2026-01-01", "2026-02-01", "Board", 2, 0, ""],
    ]);
    expect(table(model.tables, "Input map").rows).toEqual([["Leadership", null, 90, null, ""]]);
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
      ["Roles are clear", null, FEW, FEW, null, ""],
    ]);
  });
});

describe("export tables in the chosen language", () => {
  it("writes fixed words, bands, sheet names and dates in that language, category names as the report gives them", () => {
    const fi = labelsFor("fi");
    const model = exportModel(
      report({
        categories: [{ name: "efficiency", parent: null, title: "Tehokkuus", description: "" }],
      }),
      "fi",
    );
    expect(model.tables[0]?.title).toBe(fi.report);
    expect(model.tables[0]?.rows[0]?.slice(0, 3)).toEqual([
      `Spring (${fi.personnel})`,
      "2026-01-01",
      "2026-02-01",
    ]);
    expect(table(model.tables, `${fi.categories}: ${fi.personnel}`).rows[0]).toEqual([
      "Tehokkuus",
      66.3,
      fi.strength,
      null,
      4.3,
    ]);
    expect(model.tables[2]?.sheet).toBe("Kuntoindeksi – Henkilöstö");
  });

  it("keeps every sheet name of every language within Excel's 31 characters", () => {
    for (const language of ["en", "fi", "ee", "ru", "pl"] as const)
      for (const t of exportModel(report(), language).tables)
        expect(t.sheet.length, `${language} ${t.sheet}`).toBeLessThanOrEqual(31);
  });

  it("writes dates as the language does on the cover, and as YYYY-MM-DD in Helsinki time in the data", () => {
    expect(dateOf("2026-01-31T22:30:00.000Z", "ee")).toBe("1.2.2026");
    expect(dateOf("2026-01-31T22:30:00.000Z", "en")).toBe("2/1/2026");
    expect(dateOf("2026-01-31T22:30:00.000Z", "ru")).toBe("01.02.2026");
    expect(surveyTitle(management, "pl", labelsFor("pl"))).toBe(`${labelsFor("pl").management} 1.02.2026`);
    expect(isoDate("2026-01-31T22:30:00.000Z")).toBe("2026-02-01");
    expect(isoDate("2026-07-04T20:59:59.000Z")).toBe("2026-07-04");
    expect(isoDate("2026-07-04T21:00:00.000Z")).toBe("2026-07-05");
  });
});
