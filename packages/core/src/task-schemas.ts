import { z } from "zod";
import { isSafeText } from "./input-safety";
import { isCalendarDay } from "./surveys";
import { CATEGORY_TYPES, STATIC_TASK_TYPES, SWOT_TYPES, TASK_PRIORITIES, TASK_TYPES } from "./tasks";

/**
 * The task, static task and category inputs (document 3 §5), apart from the rules in tasks.ts:
 * these build zod schemas when loaded, and the web client's first load needs the rules only.
 */
const safe = (max: number) => z.string().trim().max(max, "too_long").refine(isSafeText, "invalid_text");
const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "invalid_date")
  .refine(isCalendarDay, "invalid_date");

/**
 * A task as created or saved. The name is checked by the service (`tasks.name_required`), the
 * category too (`tasks.category_required` except for the help types, whose category is cleared).
 */
export const ZTaskInput = z.object({
  staticTaskId: z.uuid().nullish(),
  /** Default manual; from a suggestion, the suggestion's type. */
  type: z.enum(TASK_TYPES).optional(),
  name: safe(200).default(""),
  description: safe(4000).nullish(),
  /** Default MEDIUM; from a suggestion, the suggestion's priority. */
  priority: z.enum(TASK_PRIORITIES).optional(),
  /** The category's engine name (document 3 §3 `category`) … */
  category: safe(64).nullish(),
  /** … or its id; either names it. */
  categoryId: z.uuid().nullish(),
  swotType: z.enum(SWOT_TYPES).nullish(),
  /** The key of a question of an active survey template (`tasks.question_unknown`), or none. */
  surveyQuestion: safe(64).nullish(),
  /** The survey the task came from: due date and closing the loop. */
  surveyKey: safe(64).nullish(),
  teamKey: safe(64).nullish(),
  userInChargeId: z.uuid().nullish(),
  dueDate: ZDay.nullish(),
  year: z.number().int().min(2000).max(2100).nullish(),
  status: z.enum(["DONE"]).nullish(),
});
export type TTaskInput = z.input<typeof ZTaskInput>;

/** A partial update: fields left out stay as they are. */
export const ZTaskPatch = z.object({
  name: safe(200).optional(),
  description: safe(4000).nullish(),
  priority: z.enum(TASK_PRIORITIES).optional(),
  type: z.enum(TASK_TYPES).optional(),
  category: safe(64).nullish(),
  categoryId: z.uuid().nullish(),
  swotType: z.enum(SWOT_TYPES).nullish(),
  /** A changed question must be one of the active templates' (`tasks.question_unknown`). */
  surveyQuestion: safe(64).nullish(),
  teamKey: safe(64).nullish(),
  userInChargeId: z.uuid().nullish(),
  dueDate: ZDay.nullish(),
  year: z.number().int().min(2000).max(2100).optional(),
  status: z.enum(["DONE"]).nullish(),
});
export type TTaskPatch = z.input<typeof ZTaskPatch>;

/** Texts in the five content languages, English required where the text is. */
export const ZContentTexts = z.object({
  en: safe(2000),
  fi: safe(2000).optional(),
  ee: safe(2000).optional(),
  ru: safe(2000).optional(),
  pl: safe(2000).optional(),
});
export type TContentTexts = z.infer<typeof ZContentTexts>;

export const ZStaticTaskInput = z.object({
  type: z.enum(STATIC_TASK_TYPES).default("report"),
  /** Required for the report type (`static_task_category_required`). */
  categoryId: z.uuid().nullish(),
  priority: z.enum(TASK_PRIORITIES).default("MEDIUM"),
  swotType: z.enum(SWOT_TYPES).nullish(),
  surveyQuestion: safe(64).nullish(),
  name: ZContentTexts,
  description: ZContentTexts,
});
export type TStaticTaskInput = z.input<typeof ZStaticTaskInput>;

export const ZCategoryInput = z.object({
  /** Required (`category_engine_name_required`); unique. */
  engineName: z
    .string()
    .trim()
    .max(64, "too_long")
    .regex(/^[a-z0-9_]*$/, "invalid_format"),
  parentCategoryId: z.uuid().nullish(),
  order: z.number().int().min(0).max(100_000).optional(),
  types: z.array(z.enum(CATEGORY_TYPES)).max(2).default([]),
  name: ZContentTexts,
  description: ZContentTexts,
});
export type TCategoryInput = z.input<typeof ZCategoryInput>;
