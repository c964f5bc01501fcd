import { CATEGORY_TYPES, STATIC_TASK_TYPES, SWOT_TYPES, TASK_PRIORITIES, TASK_TYPES } from "@kunto/core";
import { z } from "zod";

/** Wire shapes of tasks, suggestions, categories and votes (document 3 §3). */
export const ZTexts = z.object({
  en: z.string(),
  fi: z.string(),
  ee: z.string(),
  ru: z.string(),
  pl: z.string(),
});
export const ZId = z.object({ id: z.uuid() });

export const ZFollowUp = z
  .object({
    state: z.enum(["waiting", "measured"]),
    surveyKey: z.string().nullable(),
    surveyName: z.string().nullable(),
    subject: z.enum(["question", "category"]),
    before: z.number().nullable(),
    after: z.number().nullable(),
    change: z.number().nullable(),
  })
  .meta({
    description:
      "Closing the loop: for a task made from a survey's finding, the value of its question (or category) in that survey and in the next survey of the same type once it has answers (0..100; null where the anonymity rule withholds it).",
  });

export const ZTask = z.object({
  id: z.string(),
  staticTaskId: z.string().nullable(),
  type: z.enum(TASK_TYPES),
  name: z.string(),
  description: z.string().nullable(),
  translations: z.object({ name: ZTexts, description: ZTexts }).nullable().meta({
    description:
      "A task made from a suggestion whose name and description nobody rewrote keeps the suggestion's texts in the five languages (the voting page shows the page's language); null once edited.",
  }),
  priority: z.enum(TASK_PRIORITIES),
  category: z.string().nullable().meta({ description: "The category's engine name." }),
  categoryId: z.string().nullable(),
  topCategory: z
    .string()
    .nullable()
    .meta({ description: "Engine name of the top-level category (board column)." }),
  swotType: z.enum(SWOT_TYPES).nullable(),
  surveyQuestion: z.string().nullable(),
  sourceSurvey: z
    .object({ key: z.string(), name: z.string().nullable(), type: z.enum(["PERSONNEL", "MANAGEMENT"]) })
    .nullable(),
  dueDate: z.string().nullable().meta({ description: "YYYY-MM-DD" }),
  createdAt: z.string(),
  year: z.number().int(),
  status: z.enum(["DONE"]).nullable().meta({ description: "DONE, or null while open." }),
  userInCharge: z
    .object({
      id: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z.string().nullable(),
    })
    .nullable(),
  team: z.object({ key: z.string(), name: z.string() }).nullable(),
  voteCount: z.number().int(),
  followUp: ZFollowUp.nullable(),
});

export const ZQuestionOption = z
  .object({
    key: z.string(),
    type: z.enum(["PERSONNEL", "MANAGEMENT"]).meta({ description: "The template's survey type." }),
    group: z.string().nullable().meta({ description: "Title of the question's group, or null." }),
    category: z.string().nullable().meta({ description: "Engine name of the category it measures." }),
    title: z.string().meta({ description: "In the caller's language; English where none." }),
  })
  .meta({ description: "A question of an active survey template that a task may name (document 2 §4)." });

export const ZStaticTask = z.object({
  id: z.string(),
  key: z.string(),
  type: z.enum(STATIC_TASK_TYPES),
  categoryId: z.string().nullable(),
  category: z.string().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  swotType: z.enum(SWOT_TYPES).nullable(),
  surveyQuestion: z.string().nullable(),
  nameTid: z.string(),
  descriptionTid: z.string(),
  name: ZTexts,
  description: ZTexts,
});

export const ZFinding = z
  .object({
    surveyKey: z.string(),
    surveyName: z.string().nullable(),
    category: z.string().meta({ description: "The category's (or subcategory's) engine name." }),
    question: z.string().nullable().meta({
      description: "The question's key for a finding of one question; null for a category's finding.",
    }),
    value: z.number().meta({ description: "The released value, 0..100." }),
    band: z.enum(SWOT_TYPES),
    dueDate: z.string().meta({ description: "The survey's last day + 7 (YYYY-MM-DD): a task's due date." }),
  })
  .meta({ description: "The finding of a survey that a report suggestion answers (issue 18.1)." });

export const ZLoopStatus = z.object({
  surveyKey: z.string(),
  surveyName: z.string().nullable(),
  type: z.enum(["PERSONNEL", "MANAGEMENT"]),
  endsAt: z.string(),
  findings: z
    .number()
    .int()
    .meta({ description: "Weaknesses and opportunities of the survey's released results." }),
  findingsWithTask: z
    .number()
    .int()
    .meta({ description: "Of those, how many have a task of this survey and category." }),
  tasks: z.number().int().meta({ description: "Tasks made for this survey's findings (with a category)." }),
  tasksDone: z.number().int(),
  daysToFirstTask: z.number().int().nullable().meta({
    description:
      "Whole days from the survey's end to its first task (0 if before the end); null: no task yet.",
  }),
});

export const ZSuggestions = z.object({
  limit: z
    .number()
    .int()
    .nullable()
    .meta({ description: "The plan's cap of tasks made from suggestions; null: none." }),
  used: z.number().int(),
  dueDate: z
    .string()
    .nullable()
    .meta({ description: "The survey's last day + 7 (YYYY-MM-DD), when a survey is named." }),
  suggestions: z.array(
    ZStaticTask.extend({
      created: z
        .boolean()
        .meta({ description: "An undone task made from this suggestion exists (hidden in the dialog)." }),
      finding: ZFinding.nullable(),
    }),
  ),
});

export const ZCategory = z.object({
  id: z.string(),
  key: z.string(),
  engineName: z.string(),
  order: z.number().int(),
  level: z.number().int(),
  type: z.array(z.enum(CATEGORY_TYPES)),
  parentCategoryId: z.string().nullable(),
  parentCategory: z.object({ id: z.string(), engineName: z.string() }).nullable(),
  topCategory: z.string(),
  nameTid: z.string(),
  descriptionTid: z.string(),
  name: ZTexts,
  description: ZTexts,
});

export const ZVote = z.object({
  id: z.string(),
  taskId: z.string(),
  createdAt: z.string(),
  task: z.object({ id: z.string(), name: z.string() }),
  voteCount: z.number().int().meta({ description: "The task's votes in all (document 3 §3 Task vote)." }),
});
/** A browser's random voting token: only its SHA-256 is stored. */
export const ZSession = z.string().min(16).max(200);
