import { QUESTION_TYPES, SURVEY_TYPES, ZSurveyTemplateInput } from "@kunto/core";
import { z } from "zod";
import { ok, ZOk } from "../dto";
import { adminProcedure, router } from "../trpc";
import * as templates from "./survey-templates";

/** Survey templates (document 2 §7), for platform admins on the audited path. */
const ZTexts = z.object({ en: z.string(), fi: z.string(), ee: z.string(), ru: z.string(), pl: z.string() });
const ZType = z.enum(SURVEY_TYPES);
const ZKey = z.object({ key: z.string().trim().min(1).max(64) });

const ZChoice = z.object({
  key: z.string(),
  nameTid: z.string(),
  name: ZTexts,
  value: z.number().int(),
  order: z.number().int(),
});

const ZQuestion = z.object({
  key: z.string(),
  type: z.enum(QUESTION_TYPES),
  order: z.number().int(),
  group: z.string().nullable(),
  category: z.string().nullable(),
  titleTid: z.string(),
  title: ZTexts,
  contentTid: z.string().nullable(),
  content: ZTexts.nullable(),
  sliderMin: z.number().int().nullable(),
  sliderMax: z.number().int().nullable(),
  sliderStep: z.number().int().nullable(),
  sliderMinTid: z.string().nullable(),
  sliderMinText: ZTexts.nullable(),
  sliderMaxTid: z.string().nullable(),
  sliderMaxText: ZTexts.nullable(),
  choiceLimit: z.number().int().nullable(),
  choiceList: z.array(ZChoice),
});

const templateFields = {
  key: z.string(),
  type: ZType,
  version: z.number().int(),
  active: z.boolean(),
  welcome: z.boolean(),
  autojump: z.boolean(),
  startTid: z.string(),
  start: ZTexts,
  /** Surveys that use this template: saving it then creates a new version. */
  inUse: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const ZSurveyTemplateSummary = z.object({ ...templateFields, questionCount: z.number().int() });
export const ZSurveyTemplate = z.object({
  ...templateFields,
  /** Categories of the tree for this type that no question measures yet (advice, not a rule). */
  missingCategories: z.array(z.string()),
  questions: z.array(ZQuestion),
});
export const ZQuestionCategory = z.object({
  engineName: z.string(),
  parent: z.string().nullable(),
  types: z.array(ZType),
  name: ZTexts,
});

const tags = ["survey templates"];

export const surveyTemplateRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/surveytemplate", tags, summary: "All survey templates" } })
    .input(z.object({}).optional())
    .output(z.array(ZSurveyTemplateSummary))
    .query(({ ctx }) => templates.listTemplates(ctx.tx)),
  categories: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/surveytemplate/categories",
        tags,
        summary: "Categories a template question may measure",
      },
    })
    .input(z.object({ type: ZType.optional() }).optional())
    .output(z.array(ZQuestionCategory))
    .query(({ ctx, input }) => templates.questionCategories(ctx.tx, input?.type)),
  get: adminProcedure
    .meta({ openapi: { method: "GET", path: "/surveytemplate/{key}", tags, summary: "One survey template" } })
    .input(ZKey)
    .output(ZSurveyTemplate)
    .query(({ ctx, input }) => templates.getTemplate(ctx.tx, input.key)),
  create: adminProcedure
    .meta({ openapi: { method: "POST", path: "/surveytemplate", tags, summary: "Create a survey template" } })
    .input(ZSurveyTemplateInput)
    .output(ZSurveyTemplate)
    .mutation(({ ctx, input }) => templates.createTemplate(ctx.tx, input)),
  update: adminProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/surveytemplate/{key}",
        tags,
        summary: "Save a survey template",
        description:
          "A template no survey uses is saved in place. One in use by a survey is never changed: the save creates a new version (a new key, version + 1) that takes over its active state, and the answer carries the new key.",
      },
    })
    .input(ZSurveyTemplateInput.safeExtend(ZKey.shape))
    .output(ZSurveyTemplate)
    .mutation(({ ctx, input: { key, ...body } }) => templates.updateTemplate(ctx.tx, key, body)),
  clone: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/surveytemplate/{key}/clone",
        tags,
        summary: "Duplicate a survey template",
      },
    })
    .input(ZKey)
    .output(ZSurveyTemplate)
    .mutation(({ ctx, input }) => templates.cloneTemplate(ctx.tx, input.key)),
  activate: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/surveytemplate/{key}/activate",
        tags,
        summary: "Make the template the one new surveys of its type use",
      },
    })
    .input(ZKey)
    .output(ZSurveyTemplate)
    .mutation(({ ctx, input }) => templates.activateTemplate(ctx.tx, input.key)),
  delete: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/surveytemplate/{key}",
        tags,
        summary: "Delete a survey template no survey uses and that is not active",
      },
    })
    .input(ZKey)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await templates.deleteTemplate(ctx.tx, input.key);
      return ok;
    }),
});
