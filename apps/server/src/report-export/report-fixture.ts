import type { TReport } from "@kunto/api";

/**
 * A report written out by hand for the export tests (tables.test.ts, csv.test.ts), so that each
 * expected cell can be read off it: two sides, a withheld subcategory and question, a heatmap with
 * every kind of hidden cell, a trend and an input map.
 */
export type Side = NonNullable<TReport["personnel"]>;
type Band = "weakness" | "opportunity" | "strength" | "grey";

const ok = (value: number, band: Band, sd: number | null = null) =>
  ({ status: "ok", value, sd, count: 10, band }) as const;
export const withheld = {
  status: "not_enough_answers",
  value: null,
  sd: null,
  count: null,
  band: "grey",
} as const;
const noData = { status: "no_data", value: null, sd: null, count: 0, band: "grey" } as const;
export const grey = { value: null, band: "grey" } as const;

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

export const personnel: Side = {
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

export const management: Side = {
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

export const sampleReport = (over: Partial<TReport> = {}): TReport => ({
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
