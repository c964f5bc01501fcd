import { addMoments, addScore, type Moments, ZERO_MOMENTS } from "./moments";
import { copyRecord, createRecord, getOwn } from "./records";
import type { Contributions } from "./respondent";

/**
 * The moments of a selection of respondents. A plain JSON value: the server can keep it in a
 * jsonb column, or build it in SQL with count(*), sum(score) and sum(score * score) over a
 * table of respondent scores, and two disjoint selections combine by adding (mergeAggregates).
 */
export interface Aggregates {
  /** Submitted responses, whether or not they answered anything scorable. */
  readonly respondents: number;
  /** Moments of respondent scores per category and subcategory (engine name). */
  readonly categories: Readonly<Record<string, Moments>>;
  /** Moments of normalised answers per question key. */
  readonly questions: Readonly<Record<string, Moments>>;
}

export function emptyAggregates(): Aggregates {
  return { respondents: 0, categories: createRecord(), questions: createRecord() };
}

function addScores(
  target: Record<string, Moments>,
  scores: Readonly<Record<string, number>>,
): Record<string, Moments> {
  for (const key of Object.keys(scores)) {
    const score = scores[key];
    if (score !== undefined) target[key] = addScore(getOwn(target, key) ?? ZERO_MOMENTS, score);
  }
  return target;
}

/** A new aggregate with one more respondent; the input is left as it was. */
export function addRespondent(aggregates: Aggregates, contributions: Contributions): Aggregates {
  return {
    respondents: aggregates.respondents + 1,
    categories: addScores(copyRecord(aggregates.categories), contributions.categories),
    questions: addScores(copyRecord(aggregates.questions), contributions.questions),
  };
}

interface Running {
  count: number;
  sum: number;
  sumSquares: number;
}

function accumulate(running: Map<string, Running>, scores: Readonly<Record<string, number>>): void {
  for (const key of Object.keys(scores)) {
    const score = scores[key];
    if (score === undefined) continue;
    const current = running.get(key);
    if (current === undefined) running.set(key, { count: 1, sum: score, sumSquares: score * score });
    else {
      current.count += 1;
      current.sum += score;
      current.sumSquares += score * score;
    }
  }
}

function toRecord(running: Map<string, Running>): Record<string, Moments> {
  const record = createRecord<Moments>();
  for (const [key, moments] of running) record[key] = moments;
  return record;
}

/**
 * Folds many respondents at once. Same result as repeated addRespondent, but with private
 * mutable running totals instead of a new aggregate per respondent.
 */
export function aggregateRespondents(all: Iterable<Contributions>): Aggregates {
  let respondents = 0;
  const categories = new Map<string, Running>();
  const questions = new Map<string, Running>();
  for (const contributions of all) {
    respondents += 1;
    accumulate(categories, contributions.categories);
    accumulate(questions, contributions.questions);
  }
  return { respondents, categories: toRecord(categories), questions: toRecord(questions) };
}

function mergeRecords(
  a: Readonly<Record<string, Moments>>,
  b: Readonly<Record<string, Moments>>,
): Record<string, Moments> {
  const merged = copyRecord(a);
  for (const key of Object.keys(b)) {
    const moments = b[key];
    if (moments !== undefined) merged[key] = addMoments(getOwn(merged, key) ?? ZERO_MOMENTS, moments);
  }
  return merged;
}

/** The aggregate of two disjoint selections (e.g. two shares of a survey). */
export function mergeAggregates(a: Aggregates, b: Aggregates): Aggregates {
  return {
    respondents: a.respondents + b.respondents,
    categories: mergeRecords(a.categories, b.categories),
    questions: mergeRecords(a.questions, b.questions),
  };
}
