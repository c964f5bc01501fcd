import type { Band, ScoredBand } from "./bands";
import type { CultureShares } from "./culture";

/**
 * One reported number. value is the mean on 0..100, never rounded; sd is the sample standard
 * deviation over respondents (null below 2). No data and anonymity suppression both carry
 * value null and band 'grey'; suppression also hides the count.
 */
export type ScoreResult =
  | {
      readonly status: "ok";
      readonly value: number;
      readonly sd: number | null;
      readonly count: number;
      readonly band: ScoredBand;
    }
  | {
      readonly status: "no_data";
      readonly value: null;
      readonly sd: null;
      readonly count: 0;
      readonly band: "grey";
    }
  | {
      readonly status: "not_enough_answers";
      readonly value: null;
      readonly sd: null;
      readonly count: null;
      readonly band: "grey";
    };

export type ItemStatus = ScoreResult["status"];

export type SubcategoryReport = ScoreResult & { readonly name: string };

export type CategoryReport = ScoreResult & {
  readonly name: string;
  readonly subcategories: readonly SubcategoryReport[];
};

export type QuestionReport = ScoreResult & {
  readonly key: string;
  /** The linked category or subcategory, null when unlinked. */
  readonly category: string | null;
};

export interface ValueBand {
  readonly value: number | null;
  readonly band: Band;
}

export interface FitnessIndex {
  readonly efficiency: ValueBand;
  readonly capability: ValueBand;
  readonly leadership: ValueBand;
  /** Mean of the areas that have a value; `areas` says how many that was (0..3). */
  readonly overall: ValueBand & { readonly areas: number };
}

export type CultureReport =
  | {
      readonly status: "ok";
      /** culture_direction and culture_autonomy values, 0..100. */
      readonly direction: number;
      readonly autonomy: number;
      /** Exact shares on 0..100, summing to 100 up to floating point. */
      readonly shares: CultureShares;
      /** Whole percentages by largest remainder, summing to exactly 100. */
      readonly percentages: CultureShares;
    }
  | {
      readonly status: "no_data" | "not_enough_answers";
      readonly direction: null;
      readonly autonomy: null;
      readonly shares: null;
      readonly percentages: null;
    };

/** The report of one side: personnel or management. */
export interface SideReport {
  /** 'not_enough_answers' when a personnel selection is below the anonymity threshold. */
  readonly status: "ok" | "not_enough_answers";
  readonly respondents: number;
  /** In tree order; management-only categories appear only in the management side. */
  readonly categories: readonly CategoryReport[];
  /** Scorable questions in template order. */
  readonly questions: readonly QuestionReport[];
  readonly fitnessIndex: FitnessIndex;
  readonly culture: CultureReport;
}

export interface InputMapAxis {
  readonly axis: string;
  readonly personnel: number | null;
  readonly management: number | null;
  /** |personnel − management| when both have a value. */
  readonly gap: number | null;
  /** The gap is above 40 points. */
  readonly weaknessNote: boolean;
}

export interface Report {
  readonly anonymityThreshold: number;
  readonly personnel: SideReport;
  /** null when no management answers exist (no management aggregates, or 0 respondents). */
  readonly management: SideReport | null;
  readonly inputMap: readonly InputMapAxis[];
  readonly metadata: {
    readonly answers: { readonly personnel: number; readonly management: number };
  };
}
