import {
  type Aggregates,
  computeReport,
  DEFAULT_CATEGORY_TREE,
  emptyAggregates,
  type SideReport,
  type TemplateQuestion,
} from "@kunto/engine";

/**
 * The change since the account's previous survey of the same type (issue 8 "Trends"): the current
 * value minus the previous survey's (over all its shares), per category, subcategory, question and
 * fitness area, in points. null where either value is missing or withheld; a withheld value is
 * never compared, so a trend gives nothing away that the two reports do not show.
 */
export interface Trend {
  previous: { key: string; name: string | null; end: string; respondents: number };
  /** By engine name: categories and subcategories. */
  categories: Record<string, number | null>;
  questions: Record<string, number | null>;
  fitness: {
    efficiency: number | null;
    capability: number | null;
    leadership: number | null;
    overall: number | null;
  };
}

const delta = (now: number | null | undefined, before: number | null | undefined) =>
  typeof now === "number" && typeof before === "number" ? now - before : null;

export function trendOf(
  current: SideReport,
  previous: { key: string; name: string | null; endsAt: Date; total: Aggregates },
  previousQuestions: readonly TemplateQuestion[],
  options: { isPersonnel: boolean; threshold: number },
): Trend {
  const report = computeReport({
    tree: DEFAULT_CATEGORY_TREE,
    questions: previousQuestions,
    personnel: options.isPersonnel ? previous.total : emptyAggregates(),
    management: options.isPersonnel ? null : previous.total,
    anonymityThreshold: options.threshold,
  });
  const before = options.isPersonnel ? report.personnel : report.management;
  const values = new Map<string, number | null>();
  const questionValues = new Map<string, number | null>();
  for (const c of before?.categories ?? []) {
    values.set(c.name, c.value);
    for (const sub of c.subcategories) values.set(sub.name, sub.value);
  }
  for (const q of before?.questions ?? []) questionValues.set(q.key, q.value);
  const categories: Record<string, number | null> = {};
  for (const c of current.categories) {
    categories[c.name] = delta(c.value, values.get(c.name));
    for (const sub of c.subcategories) categories[sub.name] = delta(sub.value, values.get(sub.name));
  }
  const questions: Record<string, number | null> = {};
  for (const q of current.questions) questions[q.key] = delta(q.value, questionValues.get(q.key));
  const fi = current.fitnessIndex;
  const pf = before?.fitnessIndex;
  return {
    previous: {
      key: previous.key,
      name: previous.name,
      end: previous.endsAt.toISOString(),
      respondents: previous.total.respondents,
    },
    categories,
    questions,
    fitness: {
      efficiency: delta(fi.efficiency.value, pf?.efficiency.value),
      capability: delta(fi.capability.value, pf?.capability.value),
      leadership: delta(fi.leadership.value, pf?.leadership.value),
      overall: delta(fi.overall.value, pf?.overall.value),
    },
  };
}
