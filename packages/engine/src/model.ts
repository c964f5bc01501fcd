import type { BandBounds } from "./bands";

/** A subcategory is always a leaf: questions link to it directly. */
export interface SubcategoryNode {
  readonly name: string;
  /** Band bounds of this subcategory; DEFAULT_BOUNDS when absent (not inherited from the parent). */
  readonly bounds?: BandBounds;
}

export interface CategoryNode {
  readonly name: string;
  /** Empty for a leaf category such as leadership. */
  readonly subcategories: readonly SubcategoryNode[];
  /** Band bounds of this category; DEFAULT_BOUNDS when absent. */
  readonly bounds?: BandBounds;
  /** Only reported for management (economy_customers). */
  readonly managementOnly?: boolean;
}

/** Top-level categories in display order. Names are unique across both levels. */
export type CategoryTree = readonly CategoryNode[];

export interface SliderQuestion {
  readonly key: string;
  readonly type: "SLIDER";
  /** Engine name of the linked category or subcategory; null or absent when not scored by category. */
  readonly category?: string | null;
  readonly min: number;
  readonly max: number;
  /** Only a UI concern: any value within [min, max] is scored. Must be positive when given. */
  readonly step?: number;
}

export interface Choice {
  readonly key: string;
  readonly value: number;
}

export interface ChoiceQuestion {
  readonly key: string;
  readonly type: "CHOICE_SINGLE";
  readonly category?: string | null;
  /** In any order; normalisation goes by value, not by position. */
  readonly choices: readonly Choice[];
}

/** A heading that groups questions; never answered, never scored. */
export interface GroupQuestion {
  readonly key: string;
  readonly type: "GROUP";
  readonly category?: string | null;
}

export type TemplateQuestion = SliderQuestion | ChoiceQuestion | GroupQuestion;
export type ScorableQuestion = SliderQuestion | ChoiceQuestion;

/** A slider answer is its number, a single-choice answer is the chosen choice's key. */
export type RawAnswer = number | string;
/** One respondent's answers, keyed by question key. */
export type RawAnswers = Readonly<Record<string, RawAnswer>>;
