import { EngineError } from "./errors";
import type { RawAnswer, ScorableQuestion } from "./model";
import { type PreparedQuestion, prepareTemplate } from "./template";

function invalid(key: string, why: string): EngineError {
  return new EngineError("INVALID_ANSWER", `Answer to ${key} ${why}`, key);
}

/** Normalises an answer to a prepared question; see normaliseAnswer. */
export function normalisePrepared(prepared: PreparedQuestion, answer: RawAnswer): number {
  const { question, low, high, choiceValues } = prepared;
  let value: number;
  if (choiceValues === null) {
    if (typeof answer !== "number" || !Number.isFinite(answer))
      throw invalid(question.key, "is not a number");
    // Out-of-range values are refused rather than clamped: the respondent page cannot send them,
    // so one that arrives is a defect or tampering and must not skew a report.
    if (answer < low || answer > high) throw invalid(question.key, `is outside ${low}..${high}`);
    value = answer;
  } else {
    const chosen = typeof answer === "string" ? choiceValues.get(answer) : undefined;
    if (chosen === undefined) throw invalid(question.key, "is not one of its choices");
    value = chosen;
  }
  // Multiplying first keeps whole-number scales exact: (55 - 0) * 100 / 100 is 55, whereas
  // (55 - 0) / 100 * 100 is 55.00000000000001. Mathematically the same formula.
  return ((value - low) * 100) / (high - low);
}

/**
 * An answer on 0..100: a slider value v as (v - min) / (max - min) * 100, a choice key by its
 * value between the lowest and highest choice values of the question (listing order does not
 * matter). Throws EngineError INVALID_ANSWER for a value outside the range, an unknown choice
 * key or an answer of the wrong kind, and the template codes for an invalid question.
 */
export function normaliseAnswer(question: ScorableQuestion, answer: RawAnswer): number {
  const prepared = prepareTemplate([], [{ ...question, category: null }]).questions[0];
  if (prepared === undefined) throw new EngineError("INVALID_ARGUMENT", "Question is not scorable");
  return normalisePrepared(prepared, answer);
}
