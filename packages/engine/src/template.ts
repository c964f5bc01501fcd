import { type BandBounds, DEFAULT_BOUNDS } from "./bands";
import { EngineError } from "./errors";
import type {
  CategoryTree,
  ChoiceQuestion,
  ScorableQuestion,
  SliderQuestion,
  TemplateQuestion,
} from "./model";

export interface CategoryInfo {
  readonly name: string;
  /** null for a top-level category. */
  readonly parent: string | null;
  readonly subcategories: readonly string[];
  readonly bounds: BandBounds;
  /** Inherited by subcategories: a management-only area is management-only all the way down. */
  readonly managementOnly: boolean;
}

export interface PreparedQuestion {
  readonly question: ScorableQuestion;
  /** Linked category or subcategory, null when the question is not linked. */
  readonly category: string | null;
  /** Lowest and highest scorable value: slider min/max, or lowest/highest choice value. */
  readonly low: number;
  readonly high: number;
  /** For CHOICE_SINGLE: choice key -> value. */
  readonly choiceValues: ReadonlyMap<string, number> | null;
}

/** A validated template with its lookups built once, so scoring many respondents is cheap. */
export interface PreparedTemplate {
  readonly tree: CategoryTree;
  readonly categories: ReadonlyMap<string, CategoryInfo>;
  /** Scorable questions in template order (GROUP headings removed). */
  readonly questions: readonly PreparedQuestion[];
}

function assertBounds(bounds: BandBounds | undefined, name: string): BandBounds {
  if (bounds === undefined) return DEFAULT_BOUNDS;
  const { weaknessMax, opportunityMax } = bounds;
  if (!Number.isFinite(weaknessMax) || !Number.isFinite(opportunityMax) || weaknessMax > opportunityMax) {
    throw new EngineError("INVALID_TREE", `Category ${name} has invalid band bounds`, name);
  }
  return bounds;
}

function prepareTree(tree: CategoryTree): Map<string, CategoryInfo> {
  const categories = new Map<string, CategoryInfo>();
  const add = (info: CategoryInfo) => {
    if (info.name === "") throw new EngineError("INVALID_TREE", "A category has an empty name");
    if (categories.has(info.name)) {
      throw new EngineError("INVALID_TREE", `Category ${info.name} appears twice in the tree`, info.name);
    }
    categories.set(info.name, info);
  };
  for (const node of tree) {
    const managementOnly = node.managementOnly === true;
    add({
      name: node.name,
      parent: null,
      subcategories: node.subcategories.map((sub) => sub.name),
      bounds: assertBounds(node.bounds, node.name),
      managementOnly,
    });
    for (const sub of node.subcategories) {
      add({
        name: sub.name,
        parent: node.name,
        subcategories: [],
        bounds: assertBounds(sub.bounds, sub.name),
        managementOnly,
      });
    }
  }
  return categories;
}

function prepareSlider(question: SliderQuestion, category: string | null): PreparedQuestion {
  const { key, min, max, step } = question;
  // The span times 100 must stay finite too, or normalisation would produce NaN.
  if (!Number.isFinite((max - min) * 100) || min >= max) {
    throw new EngineError("INVALID_SLIDER_RANGE", `Slider ${key} needs finite min < max`, key);
  }
  if (step !== undefined && !(Number.isFinite(step) && step > 0)) {
    throw new EngineError("INVALID_SLIDER_STEP", `Slider ${key} needs a positive step`, key);
  }
  return { question, category, low: min, high: max, choiceValues: null };
}

function prepareChoice(question: ChoiceQuestion, category: string | null): PreparedQuestion {
  const { key, choices } = question;
  const choiceValues = new Map<string, number>();
  for (const choice of choices) {
    if (!Number.isFinite(choice.value)) {
      throw new EngineError("INVALID_CHOICES", `Choice ${choice.key} of ${key} has no finite value`, key);
    }
    if (choiceValues.has(choice.key)) {
      throw new EngineError("INVALID_CHOICES", `Choice key ${choice.key} repeats in ${key}`, key);
    }
    choiceValues.set(choice.key, choice.value);
  }
  const values = [...choiceValues.values()];
  const low = Math.min(...values);
  const high = Math.max(...values);
  // With one distinct value there is no scale to place an answer on.
  if (!(low < high) || !Number.isFinite((high - low) * 100)) {
    throw new EngineError("INVALID_CHOICES", `Choice question ${key} needs two distinct values`, key);
  }
  return { question, category, low, high, choiceValues };
}

/**
 * Validates the tree and the template questions and builds the lookups used for scoring.
 * Throws EngineError: INVALID_TREE, DUPLICATE_QUESTION, UNKNOWN_CATEGORY,
 * INVALID_SLIDER_RANGE, INVALID_SLIDER_STEP, INVALID_CHOICES.
 */
export function prepareTemplate(
  tree: CategoryTree,
  questions: readonly TemplateQuestion[],
): PreparedTemplate {
  const categories = prepareTree(tree);
  const seen = new Set<string>();
  const prepared: PreparedQuestion[] = [];
  for (const question of questions) {
    if (question.key === "") throw new EngineError("DUPLICATE_QUESTION", "A question has an empty key");
    if (seen.has(question.key)) {
      throw new EngineError("DUPLICATE_QUESTION", `Question ${question.key} appears twice`, question.key);
    }
    seen.add(question.key);
    if (question.type === "GROUP") continue;
    const category = question.category ?? null;
    if (category !== null && !categories.has(category)) {
      throw new EngineError(
        "UNKNOWN_CATEGORY",
        `Question ${question.key} links to unknown category ${category}`,
        question.key,
      );
    }
    prepared.push(
      question.type === "SLIDER" ? prepareSlider(question, category) : prepareChoice(question, category),
    );
  }
  return { tree, categories, questions: prepared };
}
