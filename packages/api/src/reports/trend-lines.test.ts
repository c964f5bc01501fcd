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
import { categoryOrder, pointValues } from "./trend-lines";

/** `count` answers whose mean is `mean` (the engine reports an item's value as that mean). */
const answers = (count: number, mean: number): Moments => ({
  count,
  sum: count * mean,
  sumSquares: count * mean * mean,
});

const questions: TemplateQuestion[] = [
  { key: "q1", type: "SLIDER", category: "organization", min: 0, max: 10 },
  { key: "q2", type: "SLIDER", category: "leadership", min: 0, max: 10 },
];

const aggregates = (respondents: number, categories: Record<string, Moments>): Aggregates => ({
  ...emptyAggregates(),
  respondents,
  categories,
});

function side(type: "PERSONNEL" | "MANAGEMENT", total: Aggregates, threshold = 5): SideReport | null {
  const report = computeReport({
    tree: DEFAULT_CATEGORY_TREE,
    questions,
    personnel: type === "PERSONNEL" ? total : emptyAggregates(),
    management: type === "PERSONNEL" ? null : total,
    anonymityThreshold: threshold,
  });
  return type === "PERSONNEL" ? report.personnel : report.management;
}

const full = (n: number) =>
  aggregates(n, {
    efficiency: answers(n, 70),
    organization: answers(n, 60),
    capability: answers(n, 40),
    leadership: answers(n, 50),
  });

describe("trend line points (issue 18.2)", () => {
  it("carries the fitness index and every top-level category of a shown side, unrounded", () => {
    const shown = side("PERSONNEL", full(6));
    const point = pointValues(shown, 6);
    expect(point.result).toBe("ok");
    expect(point.fitnessIndex).toBe(shown?.fitnessIndex.overall.value);
    expect(point.fitnessIndex).not.toBeNull();
    expect(point.categories.get("efficiency")).toBe(
      shown?.categories.find((c) => c.name === "efficiency")?.value,
    );
    expect(point.categories.get("leadership")).toBe(50);
    // Subcategories are not points of the line.
    expect(point.categories.has("organization")).toBe(false);
    expect(point.withheld).toEqual([]);
  });

  it("names a category withheld on its own in a shown survey", () => {
    const total = { ...full(6).categories, leadership: answers(2, 50) };
    const point = pointValues(side("PERSONNEL", aggregates(6, total)), 6);
    expect(point.result).toBe("ok");
    expect(point.categories.get("leadership")).toBeNull();
    expect(point.withheld).toEqual(["leadership"]);
  });

  it("withholds every number below the anonymity threshold", () => {
    const point = pointValues(side("PERSONNEL", full(4)), 4);
    expect(point.result).toBe("not_enough_answers");
    expect(point.fitnessIndex).toBeNull();
    expect([...point.categories.values()].every((v) => v === null)).toBe(true);
    expect(point.categories.size).toBeGreaterThan(0);
    expect(point.withheld).toEqual([...point.categories.keys()]);
  });

  it("has no data without released answers (management without answers has no side)", () => {
    expect(pointValues(null, 0)).toEqual({
      result: "no_data",
      fitnessIndex: null,
      categories: new Map(),
      withheld: [],
    });
    const empty = pointValues(side("PERSONNEL", emptyAggregates()), 0);
    expect(empty.result).toBe("no_data");
    expect(empty.fitnessIndex).toBeNull();
  });

  it("a survey whose answers are all held back is withheld, not empty", () => {
    const point = pointValues(side("PERSONNEL", emptyAggregates()), 2);
    expect(point.result).toBe("not_enough_answers");
    expect(point.fitnessIndex).toBeNull();
  });

  it("management has no threshold: two answers are shown", () => {
    const point = pointValues(side("MANAGEMENT", full(2)), 2);
    expect(point.result).toBe("ok");
    expect(point.fitnessIndex).not.toBeNull();
  });

  it("orders the categories of all points as the tree does, others after", () => {
    const a = new Map([
      ["leadership", 1],
      ["efficiency", 2],
    ]);
    const b = new Map([
      ["economy_customers", 3],
      ["custom", 4],
      ["capability", 5],
    ]);
    expect(categoryOrder([a, b])).toEqual([
      "efficiency",
      "capability",
      "leadership",
      "economy_customers",
      "custom",
    ]);
    expect(categoryOrder([])).toEqual([]);
  });
});
