import { describe, expect, it } from "vitest";
import { cultureShares, roundByLargestRemainder } from "./culture";
import { EngineError } from "./errors";
import type { CategoryTree, TemplateQuestion } from "./model";
import { normaliseAnswer } from "./normalise";
import { parseAggregates } from "./parse-aggregates";
import { prepareTemplate } from "./template";

// The engine's refusals, each at its boundary and naming what was wrong (issue 6.28: these are the
// checks the mutation run found untested). A refused value throws EngineError with a code, the
// subject (field, category or question) and a message that names it.

/** The EngineError a call throws, as plain data, or "no error". */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    return { code: error.code, subject: error.subject, message: error.message };
  }
  return "no error";
}

const moments = (count: unknown, sum: unknown, sumSquares: unknown) => ({ count, sum, sumSquares });
const aggregates = (categories: unknown, questions: unknown = {}, respondents: unknown = 2) => ({
  respondents,
  categories,
  questions,
});

describe("parseAggregates", () => {
  it("accepts sums and sums of squares up to their exact limits, and returns the value itself", () => {
    const value = aggregates(
      { low: moments(2, 0, 0), high: moments(2, 200, 20_000) },
      { q: moments(0, 0, 0) },
    );
    expect(parseAggregates(value)).toBe(value);
    expect(refusal(() => parseAggregates(aggregates({}, {}, 0)))).toBe("no error");
  });

  it("refuses a sum or a sum of squares outside 0..100·count and 0..10000·count, naming the entry", () => {
    const cases: Array<[unknown, string]> = [
      [moments(2, 201, 20_000), "sum must be a number in 0..100·count"],
      [moments(2, -1, 0), "sum must be a number in 0..100·count"],
      [moments(2, "100", 5000), "sum must be a number in 0..100·count"],
      [moments(2, 100, 20_001), "sumSquares must be a number in 0..10000·count"],
      [moments(2, 100, -1), "sumSquares must be a number in 0..10000·count"],
      [moments(2, 100, "5000"), "sumSquares must be a number in 0..10000·count"],
      [moments(3, 100, 5000), "count must be an integer in 0..respondents"],
      [moments(1.5, 100, 5000), "count must be an integer in 0..respondents"],
      [moments(-1, 0, 0), "count must be an integer in 0..respondents"],
      [moments("2", 100, 5000), "count must be an integer in 0..respondents"],
      [null, "not an object"],
      [[2, 100, 5000], "not an object"],
    ];
    for (const [entry, why] of cases) {
      expect(refusal(() => parseAggregates(aggregates({}, { q: entry })))).toEqual({
        code: "INVALID_AGGREGATES",
        subject: "questions.q",
        message: `questions.q: ${why}`,
      });
      expect(refusal(() => parseAggregates(aggregates({ c: entry })))).toMatchObject({
        subject: "categories.c",
        message: `categories.c: ${why}`,
      });
    }
  });

  it("refuses a section, a respondent count or a whole value of the wrong shape", () => {
    expect(refusal(() => parseAggregates(aggregates([])))).toEqual({
      code: "INVALID_AGGREGATES",
      subject: "categories",
      message: "categories must be an object",
    });
    expect(refusal(() => parseAggregates(aggregates({}, null)))).toEqual({
      code: "INVALID_AGGREGATES",
      subject: "questions",
      message: "questions must be an object",
    });
    for (const respondents of [-1, 1.5, "2", null]) {
      expect(refusal(() => parseAggregates(aggregates({}, {}, respondents)))).toEqual({
        code: "INVALID_AGGREGATES",
        subject: "respondents",
        message: "respondents must be a non-negative integer",
      });
    }
    for (const value of [null, [], "aggregates", 3]) {
      expect(refusal(() => parseAggregates(value))).toEqual({
        code: "INVALID_AGGREGATES",
        subject: undefined,
        message: "Aggregates must be an object",
      });
    }
  });
});

describe("prepareTemplate refusals", () => {
  const slider = (key: string, min: number, max: number, step?: number): TemplateQuestion => ({
    key,
    type: "SLIDER",
    min,
    max,
    ...(step === undefined ? {} : { step }),
  });
  const choice = (key: string, choices: Array<[string, number]>): TemplateQuestion => ({
    key,
    type: "CHOICE_SINGLE",
    choices: choices.map(([k, value]) => ({ key: k, value })),
  });
  const prepare = (questions: TemplateQuestion[], tree: CategoryTree = []) =>
    refusal(() => prepareTemplate(tree, questions));

  it("refuses band bounds that are not finite or out of order; equal bounds are a valid narrow band", () => {
    for (const bounds of [
      { weaknessMax: 60, opportunityMax: 50 },
      { weaknessMax: Number.NaN, opportunityMax: 50 },
      { weaknessMax: 40, opportunityMax: Number.POSITIVE_INFINITY },
    ]) {
      expect(prepare([], [{ name: "top", subcategories: [], bounds }])).toEqual({
        code: "INVALID_TREE",
        subject: "top",
        message: "Category top has invalid band bounds",
      });
      expect(prepare([], [{ name: "top", subcategories: [{ name: "leaf", bounds }] }])).toMatchObject({
        subject: "leaf",
      });
    }
    expect(
      prepare([], [{ name: "top", subcategories: [], bounds: { weaknessMax: 50, opportunityMax: 50 } }]),
    ).toBe("no error");
  });

  it("refuses an empty or repeated category name", () => {
    expect(prepare([], [{ name: "", subcategories: [] }])).toEqual({
      code: "INVALID_TREE",
      subject: undefined,
      message: "A category has an empty name",
    });
    expect(prepare([], [{ name: "a", subcategories: [{ name: "a" }] }])).toEqual({
      code: "INVALID_TREE",
      subject: "a",
      message: "Category a appears twice in the tree",
    });
  });

  it("records each category's parent, subcategories and management-only flag", () => {
    const { categories } = prepareTemplate(
      [
        { name: "top", subcategories: [{ name: "left" }, { name: "right" }], managementOnly: true },
        { name: "other", subcategories: [] },
      ],
      [],
    );
    expect(categories.get("top")).toMatchObject({
      parent: null,
      subcategories: ["left", "right"],
      managementOnly: true,
    });
    expect(categories.get("left")).toMatchObject({ parent: "top", subcategories: [], managementOnly: true });
    expect(categories.get("other")).toMatchObject({ parent: null, subcategories: [], managementOnly: false });
  });

  it("refuses a slider or choice scale whose span times 100 is not finite, and a step that is not", () => {
    // The span (1.8e307) is finite; 100 times it is not, and normalising would give NaN.
    expect(prepare([slider("wide", -9e306, 9e306)])).toEqual({
      code: "INVALID_SLIDER_RANGE",
      subject: "wide",
      message: "Slider wide needs finite min < max",
    });
    expect(
      prepare([
        choice("wide", [
          ["a", -9e306],
          ["b", 9e306],
        ]),
      ]),
    ).toEqual({
      code: "INVALID_CHOICES",
      subject: "wide",
      message: "Choice question wide needs two distinct values",
    });
    expect(prepare([slider("s", 0, 5, Number.NaN)])).toEqual({
      code: "INVALID_SLIDER_STEP",
      subject: "s",
      message: "Slider s needs a positive step",
    });
  });

  it("refuses a choice without a finite value or with a repeated key", () => {
    expect(
      prepare([
        choice("c", [
          ["a", 1],
          ["b", Number.NaN],
        ]),
      ]),
    ).toEqual({
      code: "INVALID_CHOICES",
      subject: "c",
      message: "Choice b of c has no finite value",
    });
    expect(
      prepare([
        choice("c", [
          ["a", 1],
          ["a", 2],
          ["b", 3],
        ]),
      ]),
    ).toEqual({
      code: "INVALID_CHOICES",
      subject: "c",
      message: "Choice key a repeats in c",
    });
  });

  it("refuses an empty or repeated question key and a link to an unknown category", () => {
    expect(prepare([slider("", 0, 1)])).toEqual({
      code: "DUPLICATE_QUESTION",
      subject: undefined,
      message: "A question has an empty key",
    });
    expect(prepare([slider("q", 0, 1), { key: "q", type: "GROUP" }])).toEqual({
      code: "DUPLICATE_QUESTION",
      subject: "q",
      message: "Question q appears twice",
    });
    expect(prepare([{ ...slider("q", 0, 1), category: "nowhere" } as TemplateQuestion])).toEqual({
      code: "UNKNOWN_CATEGORY",
      subject: "q",
      message: "Question q links to unknown category nowhere",
    });
  });
});

describe("normaliseAnswer refusals", () => {
  const slider = { key: "s", type: "SLIDER", min: 1, max: 10 } as const;
  const choice = {
    key: "c",
    type: "CHOICE_SINGLE",
    choices: [
      { key: "no", value: 0 },
      { key: "yes", value: 1 },
    ],
  } as const;

  it("refuses a slider answer that is not a finite number, naming the question", () => {
    for (const answer of ["5", Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(refusal(() => normaliseAnswer(slider, answer))).toEqual({
        code: "INVALID_ANSWER",
        subject: "s",
        message: "Answer to s is not a number",
      });
    }
    expect(refusal(() => normaliseAnswer(slider, 10.5))).toEqual({
      code: "INVALID_ANSWER",
      subject: "s",
      message: "Answer to s is outside 1..10",
    });
    expect(normaliseAnswer(slider, 10)).toBe(100);
  });

  it("refuses a choice answer that is not one of its keys", () => {
    for (const answer of ["maybe", 1]) {
      expect(refusal(() => normaliseAnswer(choice, answer))).toEqual({
        code: "INVALID_ANSWER",
        subject: "c",
        message: "Answer to c is not one of its choices",
      });
    }
    expect(normaliseAnswer(choice, "yes")).toBe(100);
  });
});

describe("culture refusals", () => {
  it("refuses direction or autonomy outside 0..100, naming which", () => {
    for (const [direction, autonomy, subject] of [
      [101, 50, "direction"],
      [-1, 50, "direction"],
      [50, Number.NaN, "autonomy"],
      [50, 100.5, "autonomy"],
    ] as const) {
      expect(refusal(() => cultureShares(direction, autonomy))).toEqual({
        code: "INVALID_ARGUMENT",
        subject,
        message: `${subject} must be a number in 0..100`,
      });
    }
    expect(cultureShares(100, 0)).toEqual({
      productive: 0,
      authoritative: 100,
      individual: 0,
      fragmented: 0,
    });
  });

  it("rounds to any non-negative whole total and refuses the rest", () => {
    expect(roundByLargestRemainder([0.5, 0.5], 1)).toEqual([1, 0]);
    expect(roundByLargestRemainder([], 0)).toEqual([]);
    for (const total of [-1, 1.5, Number.NaN]) {
      expect(refusal(() => roundByLargestRemainder([1], total))).toEqual({
        code: "INVALID_ARGUMENT",
        subject: "total",
        message: "total must be a non-negative integer",
      });
    }
    for (const values of [[-1, 101], [Number.POSITIVE_INFINITY]]) {
      expect(refusal(() => roundByLargestRemainder(values))).toEqual({
        code: "INVALID_ARGUMENT",
        subject: "values",
        message: "values must be finite and non-negative",
      });
    }
    // Values that do not sum to the total, one way or the other.
    for (const values of [[50, 49], [50, 51], [99.5]]) {
      expect(refusal(() => roundByLargestRemainder(values))).toEqual({
        code: "INVALID_ARGUMENT",
        subject: "values",
        message: "values must sum to 100",
      });
    }
  });

  it("gives the units still missing to the largest remainders, earlier values first on a tie", () => {
    expect(roundByLargestRemainder([10.2, 20.5, 30.7, 38.6])).toEqual([10, 20, 31, 39]);
    expect(roundByLargestRemainder([33.5, 33.5, 33])).toEqual([34, 33, 33]);
    expect(roundByLargestRemainder([33, 33.5, 33.5])).toEqual([33, 34, 33]);
  });
});
