import { describe, expect, it } from "vitest";
import {
  CATEGORY_NAMES,
  categories,
  LANGUAGES,
  managementTemplate,
  type ParentCategoryName,
  personnelTemplate,
  QUESTION_CATEGORY_NAMES,
  type QuestionCategoryName,
  type ScoredQuestionDef,
  type SwotType,
  staticTasks,
  type TaskCategoryName,
  type TemplateDef,
  translations,
  usedTids,
} from "./index";

const TID_PATTERN = /^[a-z0-9_.-]+$/;
const SWOT_TYPES: SwotType[] = ["strength", "weakness", "opportunity"];
const SCORED_CATEGORIES: readonly QuestionCategoryName[] = QUESTION_CATEGORY_NAMES;
const PARENT_CATEGORIES: ParentCategoryName[] = ["efficiency", "capability", "culture"];
const TASK_CATEGORIES: TaskCategoryName[] = [...SCORED_CATEGORIES, ...PARENT_CATEGORIES];
const templates: TemplateDef[] = [personnelTemplate, managementTemplate];

const scored = (template: TemplateDef): ScoredQuestionDef[] =>
  template.questions.filter((q): q is ScoredQuestionDef => q.type !== "GROUP");

describe("translations", () => {
  it("has every used tid in every language, non-empty and trimmed", () => {
    for (const tid of usedTids()) {
      const texts = translations[tid];
      expect(texts, tid).toBeDefined();
      for (const language of LANGUAGES) {
        const text = texts?.[language];
        expect(text, `${tid} ${language}`).toBeTruthy();
        expect(text, `${tid} ${language}`).toBe(text?.trim());
      }
    }
  });

  it("has no unused translations", () => {
    const used = usedTids();
    expect(Object.keys(translations).filter((tid) => !used.has(tid))).toEqual([]);
  });

  it("uses well-formed tids", () => {
    for (const tid of Object.keys(translations)) {
      expect(tid, tid).toMatch(TID_PATTERN);
      expect(tid.length, tid).toBeLessThanOrEqual(200);
    }
  });
});

describe("categories", () => {
  it("covers the engine names in order", () => {
    expect(categories.map((c) => c.engineName)).toEqual([...CATEGORY_NAMES]);
    const orders = categories.map((c) => c.order);
    orders.slice(1).forEach((order, i) => {
      expect(order).toBeGreaterThan(orders[i] ?? 0);
    });
  });

  it("has the ten question categories of the scoring model (every non-parent category)", () => {
    expect(SCORED_CATEGORIES).toHaveLength(10);
    expect(SCORED_CATEGORIES).toContain("economy_customers");
    expect(SCORED_CATEGORIES.length + PARENT_CATEGORIES.length).toBe(CATEGORY_NAMES.length);
  });

  it("refers only to existing parents", () => {
    const names = new Set(categories.map((c) => c.engineName));
    for (const category of categories) {
      if (category.parent) expect(names.has(category.parent), category.key).toBe(true);
    }
  });
});

describe("templates", () => {
  const categoryNames = new Set<string>(categories.map((c) => c.engineName));

  it("measures every question category with at least 3 scored questions", () => {
    for (const template of templates) {
      const counts = new Map<string, number>();
      for (const q of scored(template)) counts.set(q.category, (counts.get(q.category) ?? 0) + 1);
      for (const category of SCORED_CATEGORIES) {
        if (category === "economy_customers" && template.type === "PERSONNEL") {
          expect(counts.get(category), template.key).toBeUndefined();
          continue;
        }
        expect(counts.get(category) ?? 0, `${template.key} ${category}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it("links questions to existing categories and groups", () => {
    for (const template of templates) {
      const groups = new Set(template.questions.filter((q) => q.type === "GROUP").map((q) => q.key));
      for (const q of scored(template)) {
        expect(categoryNames.has(q.category), q.key).toBe(true);
        if (q.group !== null) expect(groups.has(q.group), q.key).toBe(true);
      }
    }
  });

  it("has unique keys and strictly increasing orders", () => {
    for (const template of templates) {
      const keys = template.questions.map((q) => q.key);
      expect(new Set(keys).size, template.key).toBe(keys.length);
      template.questions.slice(1).forEach((q, i) => {
        expect(q.order, q.key).toBeGreaterThan(template.questions[i]?.order ?? 0);
      });
    }
  });

  it("has valid sliders and choices", () => {
    for (const template of templates) {
      for (const q of scored(template)) {
        if (q.type === "SLIDER") {
          expect(q.sliderMin, q.key).toBeLessThan(q.sliderMax);
        } else {
          const values = q.choices.map((c) => c.value);
          expect(new Set(values).size, q.key).toBe(values.length);
          expect(values.length, q.key).toBeGreaterThanOrEqual(2);
        }
      }
    }
  });
});

describe("static tasks", () => {
  it("has unique keys", () => {
    const keys = staticTasks.map((t) => t.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("has at least 2 report tasks per scored and parent category and SWOT type", () => {
    for (const category of TASK_CATEGORIES) {
      for (const swot of SWOT_TYPES) {
        const count = staticTasks.filter(
          (t) => t.type === "report" && t.category === category && t.swotType === swot,
        ).length;
        expect(count, `${category} ${swot}`).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it("gives report tasks a category and help tasks none", () => {
    for (const task of staticTasks) {
      if (task.type === "report") {
        expect(categoryNames().has(task.category), task.key).toBe(true);
        expect(SWOT_TYPES).toContain(task.swotType);
      } else {
        expect(task.category, task.key).toBeNull();
        expect(task.swotType, task.key).toBeNull();
      }
    }
  });

  it("has at least 3 tasks of each help type", () => {
    expect(staticTasks.filter((t) => t.type === "personnel_help").length).toBeGreaterThanOrEqual(3);
    expect(staticTasks.filter((t) => t.type === "management_help").length).toBeGreaterThanOrEqual(3);
  });

  it("keeps task names at most 80 characters", () => {
    for (const task of staticTasks) {
      for (const language of LANGUAGES) {
        expect(
          translations[task.nameTid]?.[language].length ?? 0,
          `${task.key} ${language}`,
        ).toBeLessThanOrEqual(80);
      }
    }
  });
});

function categoryNames(): Set<string> {
  return new Set(categories.map((c) => c.engineName));
}
