import type { RawAnswers } from "./model";
import { normalisePrepared } from "./normalise";
import { createRecord, getOwn } from "./records";
import type { PreparedTemplate } from "./template";

/** One respondent's scores on 0..100: what gets folded into aggregates. */
export interface Contributions {
  /** Normalised answer per answered question. */
  readonly questions: Readonly<Record<string, number>>;
  /** The respondent's score per category and subcategory they have any answer in. */
  readonly categories: Readonly<Record<string, number>>;
}

interface Running {
  sum: number;
  count: number;
}

function directMean(direct: ReadonlyMap<string, Running>, name: string): number | undefined {
  const running = direct.get(name);
  return running === undefined ? undefined : running.sum / running.count;
}

/**
 * Turns one respondent's raw answers into contributions.
 * - Answers under keys the template does not have (or GROUP headings) are ignored: they cannot
 *   be scored, and stored answers must survive a heading being removed.
 * - An invalid answer to a known question throws EngineError INVALID_ANSWER (see normaliseAnswer).
 * - A subcategory's (or leaf category's) score is the mean of the respondent's normalised answers
 *   to the questions linked to it.
 * - A parent category's score is the mean of its parts the respondent has: each subcategory score,
 *   plus, when questions link to the parent itself, the mean of those answers as one more part
 *   weighted like a subcategory.
 */
export function scoreRespondent(template: PreparedTemplate, answers: RawAnswers): Contributions {
  const questions = createRecord<number>();
  const direct = new Map<string, Running>();
  for (const prepared of template.questions) {
    const answer = getOwn(answers, prepared.question.key);
    if (answer === undefined) continue;
    const score = normalisePrepared(prepared, answer);
    questions[prepared.question.key] = score;
    if (prepared.category === null) continue;
    const running = direct.get(prepared.category);
    if (running === undefined) direct.set(prepared.category, { sum: score, count: 1 });
    else {
      running.sum += score;
      running.count += 1;
    }
  }

  const categories = createRecord<number>();
  for (const node of template.tree) {
    let partsSum = 0;
    let parts = 0;
    for (const sub of node.subcategories) {
      const score = directMean(direct, sub.name);
      if (score === undefined) continue;
      categories[sub.name] = score;
      partsSum += score;
      parts += 1;
    }
    const own = directMean(direct, node.name);
    if (own !== undefined) {
      partsSum += own;
      parts += 1;
    }
    if (parts > 0) categories[node.name] = partsSum / parts;
  }
  return { questions, categories };
}
