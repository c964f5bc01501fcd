// The worked example of docs/scoring.md, number for number. If this test changes, the doc must too.
import { describe, expect, it } from "vitest";
import { aggregateRespondents, mergeAggregates } from "./aggregates";
import { DEFAULT_CATEGORY_TREE } from "./default-tree";
import type { RawAnswers, TemplateQuestion } from "./model";
import { computeReport } from "./report";
import type { CategoryReport, ScoreResult, SideReport } from "./report-types";
import { scoreRespondent } from "./respondent";
import { prepareTemplate } from "./template";

const questions: TemplateQuestion[] = [
  { key: "g1", type: "GROUP" },
  { key: "q1", type: "SLIDER", category: "organization", min: 0, max: 10, step: 1 },
  { key: "q2", type: "SLIDER", category: "processes", min: 1, max: 5, step: 1 },
  {
    key: "q3",
    type: "CHOICE_SINGLE",
    category: "cooperation",
    choices: [
      { key: "sometimes", value: 2 },
      { key: "never", value: 0 },
      { key: "always", value: 4 },
      { key: "rarely", value: 1 },
      { key: "often", value: 3 },
    ],
  },
  { key: "q4", type: "SLIDER", category: "leadership", min: 0, max: 100 },
  { key: "q5", type: "SLIDER", category: "culture_direction", min: 0, max: 100 },
  { key: "q6", type: "SLIDER", category: "culture_autonomy", min: 0, max: 100 },
  { key: "q7", type: "SLIDER", category: "economy_customers", min: 0, max: 10 },
  { key: "q8", type: "SLIDER", category: null, min: 0, max: 4 },
];

const personnelAnswers: RawAnswers[] = [
  { q1: 8, q2: 4, q3: "rarely", q4: 70, q5: 80, q6: 10, q8: 3 },
  { q1: 5, q2: 2, q3: "often", q4: 40, q5: 50, q6: 25, q8: 1 },
  { q1: 2, q3: "never", q4: 55, q5: 20, q6: 40 },
];
const managementAnswers: RawAnswers[] = [
  { q1: 8, q2: 5, q3: "often", q4: 90, q5: 70, q6: 40, q7: 7 },
  { q1: 6, q2: 4, q3: "often", q4: 80, q5: 50, q6: 60, q7: 5 },
];

const template = prepareTemplate(DEFAULT_CATEGORY_TREE, questions);
const personnelContributions = personnelAnswers.map((answers) => scoreRespondent(template, answers));
const managementContributions = managementAnswers.map((answers) => scoreRespondent(template, answers));
const personnel = aggregateRespondents(personnelContributions);
const management = aggregateRespondents(managementContributions);
const report = computeReport({
  tree: DEFAULT_CATEGORY_TREE,
  questions,
  personnel,
  management,
  anonymityThreshold: 3,
});

function category(side: SideReport | null, name: string): CategoryReport {
  const found = side?.categories.find((c) => c.name === name);
  if (found === undefined) throw new Error(`no category ${name}`);
  return found;
}

function item(side: SideReport | null, name: string): ScoreResult {
  for (const c of side?.categories ?? []) {
    if (c.name === name) return c;
    const sub = c.subcategories.find((s) => s.name === name);
    if (sub !== undefined) return sub;
  }
  throw new Error(`no item ${name}`);
}

function expectScore(result: ScoreResult, value: number, sd: number | null, count: number, band: string) {
  expect(result.status).toBe("ok");
  expect(result.value).toBeCloseTo(value, 9);
  if (sd === null) expect(result.sd).toBeNull();
  else expect(result.sd).toBeCloseTo(sd, 9);
  expect(result.count).toBe(count);
  expect(result.band).toBe(band);
}

describe("worked example (docs/scoring.md)", () => {
  it("step 1: normalises every answer and scores each respondent", () => {
    expect(personnelContributions.map((c) => ({ ...c.questions }))).toEqual([
      { q1: 80, q2: 75, q3: 25, q4: 70, q5: 80, q6: 10, q8: 75 },
      { q1: 50, q2: 25, q3: 75, q4: 40, q5: 50, q6: 25, q8: 25 },
      { q1: 20, q3: 0, q4: 55, q5: 20, q6: 40 },
    ]);
    expect(personnelContributions.map((c) => ({ ...c.categories }))).toEqual([
      {
        organization: 80,
        processes: 75,
        cooperation: 25,
        efficiency: 60,
        leadership: 70,
        culture_direction: 80,
        culture_autonomy: 10,
        culture: 45,
      },
      {
        organization: 50,
        processes: 25,
        cooperation: 75,
        efficiency: 50,
        leadership: 40,
        culture_direction: 50,
        culture_autonomy: 25,
        culture: 37.5,
      },
      {
        organization: 20,
        cooperation: 0,
        efficiency: 10,
        leadership: 55,
        culture_direction: 20,
        culture_autonomy: 40,
        culture: 30,
      },
    ]);
    expect({ ...managementContributions[0]?.categories }).toEqual({
      organization: 80,
      processes: 100,
      cooperation: 75,
      efficiency: 85,
      leadership: 90,
      culture_direction: 70,
      culture_autonomy: 40,
      culture: 55,
      economy_customers: 70,
    });
    expect({ ...managementContributions[1]?.categories }).toEqual({
      organization: 60,
      processes: 75,
      cooperation: 75,
      efficiency: 70,
      leadership: 80,
      culture_direction: 50,
      culture_autonomy: 60,
      culture: 55,
      economy_customers: 50,
    });
  });

  it("step 2: folds the personnel respondents into count, sum and sum of squares", () => {
    expect(JSON.parse(JSON.stringify(personnel))).toEqual({
      respondents: 3,
      categories: {
        organization: { count: 3, sum: 150, sumSquares: 9300 },
        processes: { count: 2, sum: 100, sumSquares: 6250 },
        cooperation: { count: 3, sum: 100, sumSquares: 6250 },
        efficiency: { count: 3, sum: 120, sumSquares: 6200 },
        leadership: { count: 3, sum: 165, sumSquares: 9525 },
        culture_direction: { count: 3, sum: 150, sumSquares: 9300 },
        culture_autonomy: { count: 3, sum: 75, sumSquares: 2325 },
        culture: { count: 3, sum: 112.5, sumSquares: 4331.25 },
      },
      questions: {
        q1: { count: 3, sum: 150, sumSquares: 9300 },
        q2: { count: 2, sum: 100, sumSquares: 6250 },
        q3: { count: 3, sum: 100, sumSquares: 6250 },
        q4: { count: 3, sum: 165, sumSquares: 9525 },
        q5: { count: 3, sum: 150, sumSquares: 9300 },
        q6: { count: 3, sum: 75, sumSquares: 2325 },
        q8: { count: 2, sum: 100, sumSquares: 6250 },
      },
    });
  });

  it("step 2: the same aggregates come from merging two parts of the selection", () => {
    const [first, ...rest] = personnelContributions;
    if (first === undefined) throw new Error("fixture");
    expect(mergeAggregates(aggregateRespondents([first]), aggregateRespondents(rest))).toEqual(personnel);
  });

  it("step 3: personnel categories, subcategories and questions", () => {
    const p = report.personnel;
    expect(p.status).toBe("ok");
    expect(p.respondents).toBe(3);
    expectScore(category(p, "efficiency"), 40, Math.sqrt(700), 3, "weakness");
    expectScore(item(p, "organization"), 50, 30, 3, "opportunity");
    // Answered by 2 < threshold 3: hidden on its own although the selection is shown.
    expect(item(p, "processes")).toMatchObject({ status: "not_enough_answers", value: null, count: null });
    expectScore(item(p, "cooperation"), 100 / 3, Math.sqrt(4375 / 3), 3, "weakness");
    expect(category(p, "capability")).toMatchObject({ status: "no_data", value: null, band: "grey" });
    expectScore(category(p, "leadership"), 55, 15, 3, "opportunity");
    expectScore(item(p, "culture_direction"), 50, 30, 3, "opportunity");
    expectScore(item(p, "culture_autonomy"), 25, 15, 3, "weakness");
    expectScore(category(p, "culture"), 12.5, null, 3, "weakness");
    expect(p.categories.map((c) => c.name)).not.toContain("economy_customers");

    expect(p.questions.map((q) => [q.key, q.status, q.value])).toEqual([
      ["q1", "ok", 50],
      ["q2", "not_enough_answers", null],
      ["q3", "ok", 100 / 3],
      ["q4", "ok", 55],
      ["q5", "ok", 50],
      ["q6", "ok", 25],
      ["q8", "not_enough_answers", null],
    ]);
  });

  it("step 4: fitness index over the areas that have data", () => {
    expect(report.personnel.fitnessIndex).toEqual({
      efficiency: { value: 40, band: "weakness" },
      capability: { value: null, band: "grey" },
      leadership: { value: 55, band: "opportunity" },
      overall: { value: 47.5, band: "opportunity", areas: 2 },
    });
    expect(report.management?.fitnessIndex).toEqual({
      efficiency: { value: 77.5, band: "strength" },
      capability: { value: null, band: "grey" },
      leadership: { value: 85, band: "strength" },
      overall: { value: 81.25, band: "strength", areas: 2 },
    });
  });

  it("step 5: culture shares and largest-remainder percentages", () => {
    expect(report.personnel.culture).toEqual({
      status: "ok",
      direction: 50,
      autonomy: 25,
      shares: { productive: 12.5, authoritative: 37.5, individual: 12.5, fragmented: 37.5 },
      percentages: { productive: 13, authoritative: 38, individual: 12, fragmented: 37 },
    });
    expect(report.management?.culture).toMatchObject({
      direction: 60,
      autonomy: 50,
      percentages: { productive: 30, authoritative: 30, individual: 20, fragmented: 20 },
    });
  });

  it("step 6: management side, with economy_customers and no threshold", () => {
    const m = report.management;
    expectScore(category(m, "efficiency"), 77.5, Math.sqrt(112.5), 2, "strength");
    expectScore(item(m, "organization"), 70, Math.sqrt(200), 2, "strength");
    expectScore(item(m, "processes"), 87.5, Math.sqrt(312.5), 2, "strength");
    expectScore(item(m, "cooperation"), 75, 0, 2, "strength");
    expectScore(category(m, "leadership"), 85, Math.sqrt(50), 2, "strength");
    expectScore(category(m, "culture"), 30, null, 2, "opportunity");
    expectScore(category(m, "economy_customers"), 60, Math.sqrt(200), 2, "opportunity");
  });

  it("step 7: input map gaps, with a weakness note above 40 points", () => {
    expect(report.inputMap).toEqual([
      { axis: "organization", personnel: 50, management: 70, gap: 20, weaknessNote: false },
      { axis: "processes", personnel: null, management: 87.5, gap: null, weaknessNote: false },
      { axis: "cooperation", personnel: 100 / 3, management: 75, gap: 75 - 100 / 3, weaknessNote: true },
      { axis: "motivation", personnel: null, management: null, gap: null, weaknessNote: false },
      { axis: "know_how", personnel: null, management: null, gap: null, weaknessNote: false },
      { axis: "work_ability", personnel: null, management: null, gap: null, weaknessNote: false },
      { axis: "leadership", personnel: 55, management: 85, gap: 30, weaknessNote: false },
    ]);
    expect(report.metadata).toEqual({ answers: { personnel: 3, management: 2 } });
  });

  it("step 8: with the default threshold of 5 the personnel side shows no numbers", () => {
    const strict = computeReport({ tree: DEFAULT_CATEGORY_TREE, questions, personnel, management });
    expect(strict.personnel.status).toBe("not_enough_answers");
    expect(strict.personnel.categories.every((c) => c.value === null && c.band === "grey")).toBe(true);
    expect(strict.inputMap.every((axis) => axis.personnel === null && axis.gap === null)).toBe(true);
    expect(strict.management?.status).toBe("ok");
  });
});
