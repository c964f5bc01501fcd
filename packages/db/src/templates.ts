import { SLIDER_DEFAULTS } from "@kunto/core";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "./client";
import * as schema from "./schema";

export type QuestionRow = typeof schema.surveyQuestions.$inferSelect;
export type ChoiceRow = typeof schema.questionChoices.$inferSelect;

/** A slider's scale as it is answered: bounds and step with the defaults applied once, here. */
export interface SliderScale {
  min: number;
  max: number;
  step: number;
  minTid: string | null;
  maxTid: string | null;
}

/** A stored question with its scale (sliders) and its choices in order (single choice; else empty). */
export interface StoredQuestion extends QuestionRow {
  slider: SliderScale | null;
  choices: ChoiceRow[];
}

/** The scale of a SLIDER question (null for other types); unset bounds take `SLIDER_DEFAULTS`. */
export function sliderScale(q: QuestionRow): SliderScale | null {
  if (q.type !== "SLIDER") return null;
  return {
    min: q.sliderMin ?? SLIDER_DEFAULTS.min,
    max: q.sliderMax ?? SLIDER_DEFAULTS.max,
    step: q.sliderStep && q.sliderStep > 0 ? q.sliderStep : SLIDER_DEFAULTS.step,
    minTid: q.sliderMinTid,
    maxTid: q.sliderMaxTid,
  };
}

/**
 * The one template loader (issue 16): a template's questions in order, each with its slider scale
 * and its choices in order. The respondent path, the template editor's service and the demo data
 * read templates only through it, so they cannot disagree on a question's scale.
 */
export async function loadTemplateQuestions(tx: Tx | Db, templateId: string): Promise<StoredQuestion[]> {
  const questions = await tx
    .select()
    .from(schema.surveyQuestions)
    .where(eq(schema.surveyQuestions.templateId, templateId))
    .orderBy(asc(schema.surveyQuestions.order));
  const choices =
    questions.length === 0
      ? []
      : await tx
          .select()
          .from(schema.questionChoices)
          .where(
            inArray(
              schema.questionChoices.questionId,
              questions.map((q) => q.id),
            ),
          )
          .orderBy(asc(schema.questionChoices.order));
  const choicesOf = new Map<string, ChoiceRow[]>();
  for (const choice of choices) {
    const list = choicesOf.get(choice.questionId) ?? [];
    list.push(choice);
    choicesOf.set(choice.questionId, list);
  }
  return questions.map((q) => ({ ...q, slider: sliderScale(q), choices: choicesOf.get(q.id) ?? [] }));
}
