import {
  type Aggregates,
  computeReport,
  DEFAULT_CATEGORY_TREE,
  emptyAggregates,
  type Moments,
  type SideReport,
  type TemplateQuestion,
} from "@kunto/engine";
import { describe, expect, it } from "vitest";
import { trendOf } from "./trends";

/** `count` answers whose mean is `mean` (the engine reports an item's value as that mean). */
const answers = (count: number, mean: number): Moments => ({
  count,
  sum: count * mean,
  sumSquares: count * mean * mean,
});

const slider = (key: string, category: string): TemplateQuestion => ({
  key,
  type: "SLIDER",
  category,
  min: 0,
  max: 10,
});

const aggregates = (
  respondents: number,
  categories: Record<string, Moments>,
  questions: Record<string, Moments> = {},
): Aggregates => ({ ...emptyAggregates(), respondents, categories, questions });

const currentQuestions = [slider("q1", "organization"), slider("q2", "leadership")];
const previousQuestions = [slider("q1", "organization"), slider("q3", "leadership")];

function side(type: "PERSONNEL" | "MANAGEMENT", total: Aggregates, threshold = 5): SideReport {
  const report = computeReport({
    tree: DEFAULT_CATEGORY_TREE,
    questions: currentQuestions,
    personnel: type === "PERSONNEL" ? total : emptyAggregates(),
    management: type === "PERSONNEL" ? null : total,
    anonymityThreshold: threshold,
  });
  const result = type === "PERSONNEL" ? report.personnel : report.management;
  if (!result) throw new Error("no side");
  return result;
}

const current = aggregates(
  10,
  {
    efficiency: answers(10, 70),
    organization: answers(10, 60),
    leadership: answers(10, 50),
    capability: answers(10, 40),
  },
  { q1: answers(10, 80), q2: answers(10, 30) },
);

const previous = (total: Aggregates) => ({
  key: "PREV",
  name: "Spring",
  endsAt: new Date("2026-03-31T21:00:00.000Z"),
  total,
});

describe("trends (issue 8 Trends; docs/reports.md)", () => {
  const before = aggregates(
    6,
    { efficiency: answers(6, 65.5), organization: answers(6, 75), leadership: answers(6, 50) },
    { q1: answers(6, 70) },
  );

  it("gives current − previous in points per category and subcategory, null where either has no value", () => {
    const trend = trendOf(side("PERSONNEL", current), previous(before), previousQuestions, {
      isPersonnel: true,
      threshold: 5,
    });
    expect(trend.categories.efficiency).toBeCloseTo(4.5, 10);
    expect(trend.categories.organization).toBeCloseTo(-15, 10);
    expect(trend.categories.leadership).toBe(0);
    // The previous survey has no capability value, and neither survey a processes one.
    expect(trend.categories.capability).toBeNull();
    expect(trend.categories.processes).toBeNull();
    expect(Object.keys(trend.categories)).toEqual([
      "efficiency",
      "organization",
      "processes",
      "cooperation",
      "capability",
      "work_ability",
      "know_how",
      "motivation",
      "leadership",
      "culture",
      "culture_direction",
      "culture_autonomy",
    ]);
  });

  it("compares questions by key, null for a question the previous template did not have", () => {
    const trend = trendOf(side("PERSONNEL", current), previous(before), previousQuestions, {
      isPersonnel: true,
      threshold: 5,
    });
    expect(trend.questions).toEqual({ q1: 10, q2: null });
  });

  it("compares the fitness index per area and overall", () => {
    const trend = trendOf(side("PERSONNEL", current), previous(before), previousQuestions, {
      isPersonnel: true,
      threshold: 5,
    });
    expect(trend.fitness.efficiency).toBeCloseTo(4.5, 10);
    expect(trend.fitness.capability).toBeNull();
    expect(trend.fitness.leadership).toBe(0);
    // Current (70 + 40 + 50) / 3, previous (65.5 + 50) / 2: the areas each has.
    expect(trend.fitness.overall).toBeCloseTo((70 + 40 + 50) / 3 - (65.5 + 50) / 2, 10);
  });

  it("names the survey compared with", () => {
    const trend = trendOf(side("PERSONNEL", current), previous(before), previousQuestions, {
      isPersonnel: true,
      threshold: 5,
    });
    expect(trend.previous).toEqual({
      key: "PREV",
      name: "Spring",
      end: "2026-03-31T21:00:00.000Z",
      respondents: 6,
    });
  });

  it("never compares with a previous personnel survey below the threshold (previous = current − change)", () => {
    const small = aggregates(
      4,
      { efficiency: answers(4, 10), leadership: answers(4, 90) },
      { q1: answers(4, 0) },
    );
    const trend = trendOf(side("PERSONNEL", current), previous(small), previousQuestions, {
      isPersonnel: true,
      threshold: 5,
    });
    expect(Object.values(trend.categories).every((d) => d === null)).toBe(true);
    expect(trend.questions).toEqual({ q1: null, q2: null });
    expect(trend.fitness).toEqual({ efficiency: null, capability: null, leadership: null, overall: null });
  });

  it("never compares a previous figure that fewer answers than the threshold had", () => {
    const skipped = aggregates(
      8,
      { efficiency: answers(8, 60), organization: answers(3, 10) },
      { q1: answers(2, 0) },
    );
    const trend = trendOf(side("PERSONNEL", current), previous(skipped), previousQuestions, {
      isPersonnel: true,
      threshold: 5,
    });
    expect(trend.categories.efficiency).toBeCloseTo(10, 10);
    expect(trend.categories.organization).toBeNull();
    expect(trend.questions.q1).toBeNull();
  });

  it("compares nothing when the current selection is withheld", () => {
    const few = aggregates(
      3,
      { efficiency: answers(3, 90), leadership: answers(3, 20) },
      { q1: answers(3, 50) },
    );
    const trend = trendOf(side("PERSONNEL", few), previous(before), previousQuestions, {
      isPersonnel: true,
      threshold: 5,
    });
    expect(Object.values(trend.categories).every((d) => d === null)).toBe(true);
    expect(trend.questions.q1).toBeNull();
    expect(trend.fitness.efficiency).toBeNull();
  });

  it("compares nothing with a previous management survey without answers", () => {
    const now = aggregates(2, { efficiency: answers(2, 50) }, { q1: answers(2, 40) });
    const trend = trendOf(side("MANAGEMENT", now), previous(emptyAggregates()), previousQuestions, {
      isPersonnel: false,
      threshold: 5,
    });
    expect(trend.categories.efficiency).toBeNull();
    expect(trend.questions).toEqual({ q1: null, q2: null });
    expect(trend.fitness).toEqual({ efficiency: null, capability: null, leadership: null, overall: null });
  });

  it("compares management surveys however few answered (management has no threshold)", () => {
    const now = aggregates(2, { efficiency: answers(2, 50), economy_customers: answers(2, 70) });
    const then = aggregates(1, { efficiency: answers(1, 40), economy_customers: answers(1, 75) });
    const trend = trendOf(side("MANAGEMENT", now), previous(then), previousQuestions, {
      isPersonnel: false,
      threshold: 5,
    });
    expect(trend.categories.efficiency).toBeCloseTo(10, 10);
    expect(trend.categories.economy_customers).toBeCloseTo(-5, 10);
    expect(trend.fitness.efficiency).toBeCloseTo(10, 10);
    expect(trend.previous.respondents).toBe(1);
  });
});
