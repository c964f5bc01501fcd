import type { SurveyType } from "@kunto/core";

export interface QuestionOption {
  key: string;
  type: SurveyType;
  title: string;
}

/**
 * The choices of the question chooser: the offered questions grouped by survey type (a key offered
 * by both types once), and the current value even when no longer offered, so it is neither lost nor
 * hidden (docs/decisions.md "Task question chooser").
 */
export function questionChoices(
  options: readonly QuestionOption[],
  current: string | null,
  typeLabel: (type: SurveyType) => string,
  retired: (key: string) => string,
) {
  const seen = new Set<string>();
  const groups = (["PERSONNEL", "MANAGEMENT"] as const)
    .map((type) => ({
      group: typeLabel(type),
      items: options
        .filter((o) => o.type === type && !seen.has(o.key) && seen.add(o.key))
        .map((o) => ({ value: o.key, label: o.title })),
    }))
    .filter((g) => g.items.length > 0);
  if (!current || seen.has(current)) return groups;
  return [{ value: current, label: retired(current) }, ...groups];
}
