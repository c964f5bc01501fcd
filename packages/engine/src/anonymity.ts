import { EngineError } from "./errors";

export const DEFAULT_ANONYMITY_THRESHOLD = 5;
export const MIN_ANONYMITY_THRESHOLD = 3;
export const MAX_ANONYMITY_THRESHOLD = 10;

/** Returns the threshold when it is an integer in 3..10; throws EngineError INVALID_THRESHOLD. */
export function validateAnonymityThreshold(threshold: number): number {
  if (
    !Number.isInteger(threshold) ||
    threshold < MIN_ANONYMITY_THRESHOLD ||
    threshold > MAX_ANONYMITY_THRESHOLD
  ) {
    throw new EngineError(
      "INVALID_THRESHOLD",
      `Anonymity threshold must be an integer in ${MIN_ANONYMITY_THRESHOLD}..${MAX_ANONYMITY_THRESHOLD}`,
      "anonymityThreshold",
    );
  }
  return threshold;
}

export type BreakdownReason =
  /** Shown with numbers. */
  | "shown"
  /** The whole selection is below the threshold, so nothing inside it is shown. */
  | "total_hidden"
  /** Has respondents, but fewer than the threshold. */
  | "not_enough_answers"
  /** Large enough itself, hidden so the small hidden rest cannot be derived from the total. */
  | "derivable"
  /** Has no respondents: nothing to show and nothing to protect. */
  | "empty";

export interface BreakdownDecision {
  /** Position in the input list. */
  readonly index: number;
  readonly shown: boolean;
  readonly reason: BreakdownReason;
}

export interface BreakdownVisibility {
  readonly totalShown: boolean;
  readonly breakdowns: readonly BreakdownDecision[];
}

interface Counted {
  readonly respondents: number;
}

function assertCount(value: number, where: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new EngineError("INVALID_BREAKDOWNS", `${where} must be a non-negative integer`, where);
  }
}

/**
 * Which breakdowns of a personnel selection (e.g. its teams or shares) may show numbers.
 * The breakdowns must be disjoint parts of the total (a response belongs to at most one);
 * respondents outside every breakdown are allowed. Rules, in order:
 * 1. Total below the threshold: the total and every breakdown are hidden ("total_hidden").
 * 2. A breakdown with 1..threshold−1 respondents is hidden ("not_enough_answers"); one with 0 is
 *    hidden as "empty".
 * 3. The hidden rest = total − the shown breakdowns (hidden breakdowns plus respondents in no
 *    breakdown) can be derived by subtraction. While it has 1..threshold−1 respondents, the
 *    smallest shown breakdown (the earliest on equal counts) is hidden too ("derivable").
 *    So when exactly one breakdown is hidden for being small, one more is hidden; and two
 *    small ones whose sum is still below the threshold are protected the same way.
 * Throws EngineError INVALID_BREAKDOWNS for bad counts or breakdowns adding up to more than the
 * total, and INVALID_THRESHOLD.
 */
export function suppressBreakdowns(
  total: Counted,
  breakdowns: readonly Counted[],
  threshold: number = DEFAULT_ANONYMITY_THRESHOLD,
): BreakdownVisibility {
  validateAnonymityThreshold(threshold);
  assertCount(total.respondents, "total");
  let covered = 0;
  breakdowns.forEach((part, index) => {
    assertCount(part.respondents, `breakdowns[${index}]`);
    covered += part.respondents;
  });
  if (covered > total.respondents) {
    throw new EngineError(
      "INVALID_BREAKDOWNS",
      "Breakdowns hold more respondents than the total",
      "breakdowns",
    );
  }

  if (total.respondents < threshold) {
    return {
      totalShown: false,
      breakdowns: breakdowns.map((_, index) => ({ index, shown: false, reason: "total_hidden" })),
    };
  }
  const reasons: BreakdownReason[] = breakdowns.map((part) => {
    if (part.respondents === 0) return "empty";
    return part.respondents < threshold ? "not_enough_answers" : "shown";
  });
  const shownCount = () =>
    breakdowns.reduce((sum, part, index) => (reasons[index] === "shown" ? sum + part.respondents : sum), 0);
  let rest = total.respondents - shownCount();
  // Terminates: each round hides one more breakdown, and once all are hidden rest = total >= threshold.
  while (rest > 0 && rest < threshold) {
    let smallest = -1;
    breakdowns.forEach((part, index) => {
      if (reasons[index] !== "shown") return;
      const current = breakdowns[smallest];
      if (current === undefined || part.respondents < current.respondents) smallest = index;
    });
    if (smallest < 0) break;
    reasons[smallest] = "derivable";
    rest = total.respondents - shownCount();
  }
  return {
    totalShown: true,
    breakdowns: reasons.map((reason, index) => ({ index, shown: reason === "shown", reason })),
  };
}
