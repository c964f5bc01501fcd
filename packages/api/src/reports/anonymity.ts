import { suppressBreakdowns } from "@kunto/engine";
import { answersToFirstRelease } from "./release";
import type { SelectedSurvey } from "./selection";

/**
 * The anonymity rules of a personnel report beyond the engine's per-selection threshold
 * (DECISIONS.md "Anonymity", docs/reports.md "Anonymity"). Management has no threshold.
 */

export type SelectionAnonymity =
  | { status: "ok"; respondents: number; needed: 0; withShares: [] }
  | { status: "not_enough_answers"; respondents: number; needed: number; withShares: [] }
  /**
   * Enough answers, but together with another selection of the same survey it would give away a
   * small target group by subtraction: shown only with the listed shares added (or the small ones
   * left out).
   */
  | { status: "derivable"; respondents: number; needed: 0; withShares: string[] };

/**
 * Whether a personnel selection may show numbers. The survey's shares are split once by the
 * engine's breakdown rule (`suppressBreakdowns`: small shares, and the smallest others while the
 * hidden rest is small). The hidden shares form one group whose size is 0 or at least the
 * threshold. A selection is shown only when it holds all of that group or none of it, so whatever
 * two selections are subtracted, the difference is a union of shares that are large enough, or the
 * whole hidden group, never one small share.
 */
export function selectionAnonymity(survey: SelectedSurvey, threshold: number): SelectionAnonymity {
  const respondents = survey.aggregates.respondents;
  // Held-back answers count towards their share's step: 3 held back of 5 need 2 more in that share.
  if (respondents < threshold)
    return {
      status: "not_enough_answers",
      respondents,
      needed: answersToFirstRelease(survey.shares, threshold),
      withShares: [],
    };
  const visibility = suppressBreakdowns(
    { respondents: survey.total.respondents },
    survey.allShares.map((s) => ({ respondents: s.respondents })),
    threshold,
  );
  const hidden = survey.allShares.filter((_, i) => {
    const decision = visibility.breakdowns[i];
    return decision && !decision.shown && decision.reason !== "empty";
  });
  const selected = new Set(survey.shares.map((s) => s.key));
  const inside = hidden.filter((s) => selected.has(s.key));
  if (inside.length === 0 || inside.length === hidden.length)
    return { status: "ok", respondents, needed: 0, withShares: [] };
  return {
    status: "derivable",
    respondents,
    needed: 0,
    withShares: hidden.filter((s) => !selected.has(s.key)).map((s) => s.key),
  };
}

export type CellReason = "shown" | "hidden" | "not_enough_answers" | "derivable" | "empty";

/**
 * One row of a breakdown table (a heatmap row: one category over the selected shares) against its
 * shown total. Cells already `hidden` (their whole column is) stay hidden; a cell with 1 to
 * threshold−1 answers is hidden; then, while the hidden rest (total − shown cells) has 1 to
 * threshold−1 answers, the smallest shown cell is hidden too, so no hidden cell can be derived by
 * subtracting the shown ones from the total. With a hidden total every cell is hidden.
 */
export function suppressRow(
  total: number,
  cells: ReadonlyArray<{ count: number; hidden: boolean }>,
  threshold: number,
  totalShown = true,
): CellReason[] {
  if (!totalShown) return cells.map(() => "hidden");
  const reasons: CellReason[] = cells.map((cell) => {
    if (cell.hidden) return "hidden";
    if (cell.count === 0) return "empty";
    return cell.count < threshold ? "not_enough_answers" : "shown";
  });
  const shownSum = () => cells.reduce((sum, cell, i) => (reasons[i] === "shown" ? sum + cell.count : sum), 0);
  let rest = total - shownSum();
  while (rest > 0 && rest < threshold) {
    let smallest = -1;
    cells.forEach((cell, i) => {
      if (reasons[i] !== "shown") return;
      const current = cells[smallest];
      if (current === undefined || cell.count < current.count) smallest = i;
    });
    if (smallest < 0) break;
    reasons[smallest] = "derivable";
    rest = total - shownSum();
  }
  return reasons;
}
