import { describe, expect, it } from "vitest";
import { suppressBreakdowns, validateAnonymityThreshold } from "./anonymity";
import { EngineError } from "./errors";

const parts = (...counts: number[]) => counts.map((respondents) => ({ respondents }));
const shown = (total: number, counts: number[], threshold?: number) =>
  suppressBreakdowns({ respondents: total }, parts(...counts), threshold).breakdowns.map((b) =>
    b.shown ? "shown" : b.reason,
  );

describe("validateAnonymityThreshold", () => {
  it("accepts integers 3..10 only", () => {
    expect(validateAnonymityThreshold(3)).toBe(3);
    expect(validateAnonymityThreshold(10)).toBe(10);
    for (const bad of [2, 11, 4.5, Number.NaN, 0, -5]) {
      expect(() => validateAnonymityThreshold(bad)).toThrow(EngineError);
    }
  });
});

describe("suppressBreakdowns", () => {
  it("shows every breakdown at or above the threshold", () => {
    expect(shown(15, [5, 10])).toEqual(["shown", "shown"]);
  });

  it("hides everything when the total is below the threshold", () => {
    const result = suppressBreakdowns({ respondents: 4 }, parts(4));
    expect(result.totalShown).toBe(false);
    expect(result.breakdowns).toEqual([{ index: 0, shown: false, reason: "total_hidden" }]);
  });

  it("hides one more when exactly one small breakdown would be derivable by subtraction", () => {
    // 3 is hidden; 20 − 10 − 7 would give it back, so the smallest shown (7) goes too.
    expect(shown(20, [10, 3, 7])).toEqual(["shown", "not_enough_answers", "derivable"]);
  });

  it("hides the earliest of equally small shown breakdowns", () => {
    expect(shown(20, [6, 6, 2, 6])).toEqual(["derivable", "shown", "not_enough_answers", "shown"]);
  });

  it("also protects two small breakdowns whose sum is still below the threshold", () => {
    expect(shown(24, [2, 2, 10, 10])).toEqual([
      "not_enough_answers",
      "not_enough_answers",
      "derivable",
      "shown",
    ]);
    // 3 + 3 = 6 >= 5: the hidden pair is a large enough group on its own.
    expect(shown(26, [3, 3, 10, 10])).toEqual(["not_enough_answers", "not_enough_answers", "shown", "shown"]);
  });

  it("counts respondents outside every breakdown as part of the hidden rest", () => {
    // 2 respondents are in no team: 12 − 10 = 2 could be derived, so the team is hidden.
    expect(shown(12, [10])).toEqual(["derivable"]);
    expect(shown(15, [10])).toEqual(["shown"]);
    // Nothing is hidden and nobody is outside: nothing can be derived.
    expect(shown(10, [10, 0])).toEqual(["shown", "empty"]);
  });

  it("respects the threshold given", () => {
    expect(shown(20, [4, 16], 4)).toEqual(["shown", "shown"]);
    expect(shown(20, [4, 16], 5)).toEqual(["not_enough_answers", "derivable"]);
  });

  it("refuses breakdowns that hold more than the total and bad thresholds", () => {
    expect(() => shown(10, [6, 6])).toThrow(EngineError);
    expect(() => shown(10, [-1])).toThrow(EngineError);
    expect(() => shown(10, [5], 2)).toThrow(EngineError);
  });
});
