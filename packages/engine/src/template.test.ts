import { describe, expect, it } from "vitest";
import { WIDE_BOUNDS } from "./bands";
import { DEFAULT_CATEGORY_TREE } from "./default-tree";
import { EngineError, type EngineErrorCode } from "./errors";
import type { CategoryTree, TemplateQuestion } from "./model";
import { prepareTemplate } from "./template";

function codeOf(run: () => unknown): EngineErrorCode | "no error" {
  try {
    run();
  } catch (error) {
    if (error instanceof EngineError) return error.code;
    throw error;
  }
  return "no error";
}

const prepare =
  (questions: TemplateQuestion[], tree: CategoryTree = DEFAULT_CATEGORY_TREE) =>
  () =>
    prepareTemplate(tree, questions);

describe("prepareTemplate", () => {
  it("rejects a slider whose min equals or exceeds its max", () => {
    expect(codeOf(prepare([{ key: "s", type: "SLIDER", min: 5, max: 5 }]))).toBe("INVALID_SLIDER_RANGE");
    expect(codeOf(prepare([{ key: "s", type: "SLIDER", min: 6, max: 5 }]))).toBe("INVALID_SLIDER_RANGE");
    expect(codeOf(prepare([{ key: "s", type: "SLIDER", min: Number.NaN, max: 5 }]))).toBe(
      "INVALID_SLIDER_RANGE",
    );
    expect(codeOf(prepare([{ key: "s", type: "SLIDER", min: 4, max: 5 }]))).toBe("no error");
  });

  it("names the offending question in the error", () => {
    try {
      prepareTemplate(DEFAULT_CATEGORY_TREE, [{ key: "bad", type: "SLIDER", min: 1, max: 1 }]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EngineError);
      expect(error).toMatchObject({ code: "INVALID_SLIDER_RANGE", subject: "bad" });
    }
  });

  it("rejects a non-positive slider step", () => {
    expect(codeOf(prepare([{ key: "s", type: "SLIDER", min: 0, max: 5, step: 0 }]))).toBe(
      "INVALID_SLIDER_STEP",
    );
    expect(codeOf(prepare([{ key: "s", type: "SLIDER", min: 0, max: 5, step: 0.5 }]))).toBe("no error");
  });

  it("rejects a choice question with fewer than two distinct values", () => {
    const choices = (...values: number[]) => values.map((value, i) => ({ key: `c${i}`, value }));
    expect(codeOf(prepare([{ key: "c", type: "CHOICE_SINGLE", choices: [] }]))).toBe("INVALID_CHOICES");
    expect(codeOf(prepare([{ key: "c", type: "CHOICE_SINGLE", choices: choices(3) }]))).toBe(
      "INVALID_CHOICES",
    );
    expect(codeOf(prepare([{ key: "c", type: "CHOICE_SINGLE", choices: choices(3, 3, 3) }]))).toBe(
      "INVALID_CHOICES",
    );
    expect(codeOf(prepare([{ key: "c", type: "CHOICE_SINGLE", choices: choices(3, 1) }]))).toBe("no error");
  });

  it("rejects repeated choice keys and question keys", () => {
    const choices = [
      { key: "a", value: 1 },
      { key: "a", value: 2 },
    ];
    expect(codeOf(prepare([{ key: "c", type: "CHOICE_SINGLE", choices }]))).toBe("INVALID_CHOICES");
    expect(
      codeOf(
        prepare([
          { key: "x", type: "GROUP" },
          { key: "x", type: "SLIDER", min: 0, max: 1 },
        ]),
      ),
    ).toBe("DUPLICATE_QUESTION");
  });

  it("rejects a link to a category the tree does not have", () => {
    expect(codeOf(prepare([{ key: "s", type: "SLIDER", min: 0, max: 1, category: "moral" }]))).toBe(
      "UNKNOWN_CATEGORY",
    );
    expect(codeOf(prepare([{ key: "s", type: "SLIDER", min: 0, max: 1, category: "know_how" }]))).toBe(
      "no error",
    );
  });

  it("rejects a tree with a repeated name or inverted bounds", () => {
    const repeated: CategoryTree = [
      { name: "a", subcategories: [{ name: "b" }] },
      { name: "b", subcategories: [] },
    ];
    expect(codeOf(prepare([], repeated))).toBe("INVALID_TREE");
    const inverted: CategoryTree = [
      { name: "a", subcategories: [], bounds: { weaknessMax: 60, opportunityMax: 40 } },
    ];
    expect(codeOf(prepare([], inverted))).toBe("INVALID_TREE");
  });

  it("drops GROUP headings, keeps template order and marks management-only links", () => {
    const template = prepareTemplate(DEFAULT_CATEGORY_TREE, [
      { key: "g", type: "GROUP" },
      { key: "b", type: "SLIDER", min: 0, max: 1, category: "economy_customers" },
      { key: "a", type: "SLIDER", min: 0, max: 1 },
    ]);
    expect(template.questions.map((q) => q.question.key)).toEqual(["b", "a"]);
    expect(template.categories.get("economy_customers")).toMatchObject({
      managementOnly: true,
      bounds: WIDE_BOUNDS,
    });
    expect(template.categories.get("culture_direction")).toMatchObject({
      parent: "culture",
      managementOnly: false,
    });
    expect(template.categories.get("culture_direction")?.bounds).toEqual({
      weaknessMax: 40,
      opportunityMax: 60,
    });
  });
});
