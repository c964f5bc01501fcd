import { describe, expect, it } from "vitest";
import { DEFAULT_CATEGORY_TREE } from "./default-tree";
import { EngineError } from "./errors";
import type { ChoiceQuestion, SliderQuestion } from "./model";
import { normaliseAnswer } from "./normalise";
import { scoreRespondent } from "./respondent";
import { prepareTemplate } from "./template";

const slider: SliderQuestion = { key: "s", type: "SLIDER", min: -2, max: 6, step: 1 };
// Listed out of value order on purpose: position must not matter.
const choice: ChoiceQuestion = {
  key: "c",
  type: "CHOICE_SINGLE",
  choices: [
    { key: "mid", value: 20 },
    { key: "top", value: 30 },
    { key: "bottom", value: 10 },
    { key: "low", value: 12.5 },
  ],
};

function errorCode(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof EngineError) return error.code;
    throw error;
  }
  return "no error";
}

describe("normaliseAnswer", () => {
  it("maps a slider value linearly from min..max to 0..100", () => {
    expect(normaliseAnswer(slider, -2)).toBe(0);
    expect(normaliseAnswer(slider, 0)).toBe(25);
    expect(normaliseAnswer(slider, 6)).toBe(100);
    expect(normaliseAnswer(slider, 1.5)).toBeCloseTo(43.75, 12);
  });

  it("maps a choice by its value between the lowest and highest values, whatever the listing order", () => {
    expect(normaliseAnswer(choice, "bottom")).toBe(0);
    expect(normaliseAnswer(choice, "low")).toBe(12.5);
    expect(normaliseAnswer(choice, "mid")).toBe(50);
    expect(normaliseAnswer(choice, "top")).toBe(100);
  });

  it("rejects out-of-range, unknown and wrongly typed answers", () => {
    expect(errorCode(() => normaliseAnswer(slider, 6.01))).toBe("INVALID_ANSWER");
    expect(errorCode(() => normaliseAnswer(slider, -3))).toBe("INVALID_ANSWER");
    expect(errorCode(() => normaliseAnswer(slider, Number.NaN))).toBe("INVALID_ANSWER");
    expect(errorCode(() => normaliseAnswer(slider, "3"))).toBe("INVALID_ANSWER");
    expect(errorCode(() => normaliseAnswer(choice, "none"))).toBe("INVALID_ANSWER");
    expect(errorCode(() => normaliseAnswer(choice, 20))).toBe("INVALID_ANSWER");
  });

  it("validates the question itself", () => {
    expect(errorCode(() => normaliseAnswer({ ...slider, min: 6 }, 6))).toBe("INVALID_SLIDER_RANGE");
  });
});

describe("scoreRespondent", () => {
  const template = prepareTemplate(
    [
      { name: "parent", subcategories: [{ name: "sub_a" }, { name: "sub_b" }] },
      { name: "leaf", subcategories: [] },
    ],
    [
      { key: "g", type: "GROUP" },
      { key: "a1", type: "SLIDER", category: "sub_a", min: 0, max: 10 },
      { key: "a2", type: "SLIDER", category: "sub_a", min: 0, max: 10 },
      { key: "b1", type: "SLIDER", category: "sub_b", min: 0, max: 10 },
      { key: "p1", type: "SLIDER", category: "parent", min: 0, max: 10 },
      { key: "l1", type: "SLIDER", category: "leaf", min: 0, max: 10 },
      { key: "free", type: "SLIDER", min: 0, max: 10 },
    ],
  );

  it("scores a subcategory as the mean of its answers and a parent as the mean of its parts", () => {
    const result = scoreRespondent(template, { a1: 10, a2: 6, b1: 2, p1: 5, l1: 3, free: 9 });
    expect({ ...result.questions }).toEqual({ a1: 100, a2: 60, b1: 20, p1: 50, l1: 30, free: 90 });
    // parts of parent: sub_a 80, sub_b 20 and its own questions' mean 50, each weighted alike.
    expect({ ...result.categories }).toEqual({ sub_a: 80, sub_b: 20, parent: 50, leaf: 30 });
  });

  it("averages only the parts the respondent has", () => {
    const result = scoreRespondent(template, { a1: 10, a2: 6 });
    expect({ ...result.categories }).toEqual({ sub_a: 80, parent: 80 });
  });

  it("ignores keys the template does not score, including GROUP headings", () => {
    const result = scoreRespondent(template, { g: 3, unknown: 5, l1: 10 });
    expect({ ...result.questions }).toEqual({ l1: 100 });
    expect({ ...result.categories }).toEqual({ leaf: 100 });
  });

  it("returns nothing for no answers", () => {
    const result = scoreRespondent(template, {});
    expect(Object.keys(result.questions)).toEqual([]);
    expect(Object.keys(result.categories)).toEqual([]);
  });

  it("refuses an invalid answer to a known question", () => {
    expect(errorCode(() => scoreRespondent(template, { a1: 11 }))).toBe("INVALID_ANSWER");
  });

  it("treats keys like __proto__ as ordinary data", () => {
    const odd = prepareTemplate(DEFAULT_CATEGORY_TREE, [
      { key: "__proto__", type: "SLIDER", min: 0, max: 2 },
    ]);
    const answers = JSON.parse('{"__proto__": 1}') as Record<string, number>;
    expect(Object.entries(scoreRespondent(odd, answers).questions)).toEqual([["__proto__", 50]]);
    expect(Object.keys(scoreRespondent(odd, {}).questions)).toEqual([]);
  });
});
