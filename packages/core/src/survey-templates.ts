import { z } from "zod";
import type { ErrorKey } from "./errors";
import { LANGUAGES } from "./languages";
import { SURVEY_TYPES } from "./surveys";

/**
 * Survey templates (document 2 §3-§5): the body the editor and REST clients send, and the rules
 * both sides check. The server runs the same rules (the schema's refinement), so a REST client gets
 * the same error keys as the editor shows.
 */
export const QUESTION_TYPES = ["SLIDER", "CHOICE_SINGLE", "GROUP"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Question and choice order step (document 2 §9). */
export const ORDER_STEP = 10;
export const TEMPLATE_TEXT_MAX = 2000;
export const TEMPLATE_QUESTIONS_MAX = 300;
export const QUESTION_CHOICES_MAX = 20;
/** Client-only keys of questions not yet saved (document 2 §3). */
export const TEMP_KEY_PREFIX = "TMP_";

const text = z.string().trim().max(TEMPLATE_TEXT_MAX);
/**
 * A text in the five content languages. English is required where the text is; a language left
 * out or empty falls back to English (stored as the English text, so every reader finds all five).
 */
export const ZTemplateTexts = z.object({
  en: text,
  fi: text.optional(),
  ee: text.optional(),
  ru: text.optional(),
  pl: text.optional(),
});
export type TTemplateTexts = z.infer<typeof ZTemplateTexts>;

const key = z.string().trim().min(1).max(64);
const int = z.number().int().min(-1_000_000).max(1_000_000);

export const ZTemplateChoiceInput = z.object({
  key: key.optional(),
  name: ZTemplateTexts,
  value: int,
  order: int.optional(),
});

export const ZTemplateQuestionInput = z.object({
  /** The key of a saved question; absent (or a TMP_ key) for a new one. */
  key: key.optional(),
  type: z.enum(QUESTION_TYPES, { error: "question_type_required" }),
  order: int.optional(),
  /** Key (or TMP_ key) of the GROUP question this one sits under. */
  group: key.nullable().optional(),
  /** Engine name of the category the question measures. */
  category: z.string().trim().max(64).nullable().optional(),
  title: ZTemplateTexts,
  content: ZTemplateTexts.nullable().optional(),
  sliderMin: int.nullable().optional(),
  sliderMax: int.nullable().optional(),
  sliderStep: int.nullable().optional(),
  sliderMinText: ZTemplateTexts.nullable().optional(),
  sliderMaxText: ZTemplateTexts.nullable().optional(),
  choiceList: z.array(ZTemplateChoiceInput).max(QUESTION_CHOICES_MAX).optional(),
});
export type TTemplateQuestionInput = z.infer<typeof ZTemplateQuestionInput>;

const ZTemplateBody = z.object({
  type: z.enum(SURVEY_TYPES, { error: "type_error" }),
  welcome: z.boolean().default(true),
  autojump: z.boolean().default(true),
  start: ZTemplateTexts,
  questions: z.array(ZTemplateQuestionInput).max(TEMPLATE_QUESTIONS_MAX).default([]),
});
export type TSurveyTemplateInput = z.input<typeof ZTemplateBody>;

export interface TemplateIssue {
  /** Where, as the form names it: `start`, `questions.3.sliderMax`. */
  path: (string | number)[];
  key: ErrorKey;
}

type Checkable = Pick<z.input<typeof ZTemplateBody>, "start"> & {
  questions?: Array<Omit<TTemplateQuestionInput, "type"> & { type?: QuestionType | null }>;
};

/** Every rule of document 2 §4-§5 the body breaks, in form order. */
export function templateIssues(body: Checkable): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  if (!body.start.en.trim()) issues.push({ path: ["start", "en"], key: "survey_template_start_required" });
  const questions = body.questions ?? [];
  const groups = new Map<string, number>();
  questions.forEach((q, i) => {
    if (q.key && q.type === "GROUP") groups.set(q.key, i);
  });
  const seen = new Set<string>();
  questions.forEach((q, i) => {
    const at = (field: string) => ["questions", i, field];
    if (q.key) {
      if (seen.has(q.key)) issues.push({ path: at("key"), key: "survey_template_question_key_duplicate" });
      seen.add(q.key);
    }
    if (!q.type) issues.push({ path: at("type"), key: "question_type_required" });
    if (!q.title.en.trim())
      issues.push({ path: at("title"), key: "survey_template_question_title_required" });
    if (q.group) {
      if (q.type === "GROUP") issues.push({ path: at("group"), key: "survey_template_group_nested" });
      else if (!groups.has(q.group)) issues.push({ path: at("group"), key: "survey_template_group_unknown" });
    }
    if (q.type === "SLIDER") {
      const { sliderMin: min, sliderMax: max, sliderStep: step } = q;
      if (min == null || max == null || step == null || min >= max || step <= 0 || (max - min) % step !== 0)
        issues.push({ path: at("sliderMax"), key: "survey_template_slider_invalid" });
    }
    if (q.type === "CHOICE_SINGLE") {
      const choices = q.choiceList ?? [];
      const values = new Set(choices.map((c) => c.value));
      if (choices.length < 2 || values.size !== choices.length)
        issues.push({ path: at("choiceList"), key: "survey_template_choices_invalid" });
      else if (choices.some((c) => !c.name.en.trim()))
        issues.push({ path: at("choiceList"), key: "survey_template_choice_name_required" });
    }
  });
  return issues;
}

export const ZSurveyTemplateInput = ZTemplateBody.superRefine((body, ctx) => {
  for (const issue of templateIssues(body))
    ctx.addIssue({ code: "custom", path: issue.path, message: issue.key });
});

/**
 * Orders 10, 20, 30 in list order (choices 10, 20 within each question), as the editor shows them
 * (document 2 §5, §9 step 10). The server does it as well, so REST clients get the same.
 */
export function renumberTemplate<
  Q extends { order?: number; choiceList?: C[] },
  C extends { order?: number },
>(questions: readonly Q[]): Array<Q & { order: number; choiceList: Array<C & { order: number }> }> {
  return questions.map((q, i) => ({
    ...q,
    order: (i + 1) * ORDER_STEP,
    choiceList: (q.choiceList ?? []).map((c, j) => ({ ...c, order: (j + 1) * ORDER_STEP })),
  }));
}

/** The five texts, each missing one filled with English (document 2: a missing text falls back). */
export function withFallback(texts: TTemplateTexts): Record<(typeof LANGUAGES)[number], string> {
  const en = texts.en.trim();
  return Object.fromEntries(LANGUAGES.map((l) => [l, (texts[l] ?? "").trim() || en])) as Record<
    (typeof LANGUAGES)[number],
    string
  >;
}
