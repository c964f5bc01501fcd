import {
  PLANS,
  SURVEY_NOTIFICATIONS,
  SURVEY_TYPES,
  ZCreateSurveyInput,
  ZUpdateSurveyInput,
} from "@kunto/core";
import { z } from "zod";
import { ok, ZOk } from "../dto";
import { router, withPermission } from "../trpc";
import { SURVEY_NOTIFICATION_TYPES, surveyNotification } from "./survey-notification";
import * as surveys from "./surveys";

/** Surveys (document 2 §3 Survey, §7 Surveys). Status and counts are the server's. */
const ZSurveyListItem = z.object({
  key: z.string(),
  name: z.string().nullable(),
  type: z.enum(SURVEY_TYPES),
  start: z.string().meta({ description: "00:00:00 of the first day in Europe/Helsinki, ISO 8601." }),
  end: z
    .string()
    .meta({ description: "23:59:59 of the last day in Europe/Helsinki (or when it was ended)." }),
  notifications: z.enum(SURVEY_NOTIFICATIONS).nullable(),
  estimatedAnswerers: z.number().int().nullable(),
  status: z.union([z.literal(0), z.literal(100), z.literal(200)]).meta({
    description: "0 upcoming, 100 running, 200 ended: derived from the clock when answered.",
  }),
  surveyTemplate: z.object({
    key: z.string(),
    type: z.enum(SURVEY_TYPES),
    version: z.number().int(),
    name: z.string().meta({
      description:
        "The template's name: its type and version (`PERSONNEL v3`); templates carry no other name.",
    }),
  }),
  totalAnswers: z.number().int(),
  latestAnswerAt: z.string().nullable().meta({ description: "Day of the latest answer (YYYY-MM-DD)." }),
  createdAt: z.string(),
});
const ZSurvey = ZSurveyListItem.extend({
  respondentCap: z
    .number()
    .int()
    .nullable()
    .meta({ description: "The plan's respondent limit; null: none." }),
  capReached: z.boolean(),
  nextPlan: z.enum(PLANS).nullable(),
  teams: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      type: z.enum(SURVEY_TYPES),
      urlSafeName: z.string(),
      answerers: z.array(z.string()),
    }),
  ),
});
const ZStatistics = z.array(z.object({ date: z.string(), answers: z.number().int() }));
const ZKey = z.object({ key: z.string().min(1).max(64) });
/** §7 `GET .../{key}/notification/{type}`: the current user's survey mail of one type (survey-notification.ts). */
const ZSurveyNotification = z.object({
  surveyKey: z.string(),
  type: z.enum(SURVEY_NOTIFICATION_TYPES),
  surveyNotifications: z
    .enum(SURVEY_NOTIFICATIONS)
    .nullable()
    .meta({ description: "The survey's notifications setting (null: off), whichever type was asked." }),
  enabled: z.boolean().meta({
    description:
      "The survey sends this kind of mail: DAILY or WEEKLY when its setting is that type; survey_end always.",
  }),
  recipient: z.boolean().meta({
    description:
      "The current user is one of the people this kind of mail goes to: for DAILY and WEEKLY an account admin, for survey_end a member with a survey_end e-mail subscription in this organisation.",
  }),
  receives: z.boolean().meta({
    description:
      "enabled and recipient, the user has an e-mail address, and the organisation gets survey mail (not the demo or a demo sandbox).",
  }),
});
const tags = ["survey"];

export const surveyRouter = router({
  list: withPermission("survey.read")
    .meta({ openapi: { method: "GET", path: "/tenant/survey", tags, summary: "Surveys, latest end first" } })
    .input(z.object({}).optional())
    .output(z.array(ZSurveyListItem))
    .query(({ ctx }) => surveys.listSurveys(ctx.tx, ctx.tenant.id)),
  get: withPermission("survey.read")
    .meta({ openapi: { method: "GET", path: "/tenant/survey/{key}", tags, summary: "One survey" } })
    .input(ZKey)
    .output(ZSurvey)
    .query(({ ctx, input }) => surveys.getSurvey(ctx.tx, ctx.tenant, input.key)),
  statistics: withPermission("survey.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/survey/{key}/statistics",
        tags,
        summary: "Answers per day",
        description: "One entry per day from the start until the end or today.",
      },
    })
    .input(ZKey)
    .output(ZStatistics)
    .query(({ ctx, input }) => surveys.surveyStatistics(ctx.tx, ctx.tenant.id, input.key)),
  shareStatistics: withPermission("survey.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/survey/{key}/statistics/{shareKey}",
        tags,
        summary: "Answers per day through one share",
        description:
          "`shareKey` names the share by its key or by its `id` (a read-only member is not given share keys: they are the secret part of the public links).",
      },
    })
    .input(ZKey.extend({ shareKey: z.string().min(1).max(128) }))
    .output(ZStatistics)
    .query(({ ctx, input }) => surveys.surveyStatistics(ctx.tx, ctx.tenant.id, input.key, input.shareKey)),
  notification: withPermission("survey.read")
    .meta({
      // As the calling person sees it: never for an API key (issue 20).
      personal: true,
      openapi: {
        method: "GET",
        path: "/tenant/survey/{key}/notification/{type}",
        tags,
        summary: "The current user's survey notification of one type",
        description:
          "`type` is `DAILY` or `WEEKLY` (the survey's progress summaries, sent to the organisation's admins when the survey's `notifications` setting is that type) or `survey_end` (the notice once the survey has ended, sent to the members with a survey_end e-mail subscription). Answers whether the survey sends that kind of mail (`enabled`), whether the current user is among its recipients (`recipient`) and whether it reaches them (`receives`), with the survey's setting. Reads only: change the setting with `PUT /tenant/survey/{key}` (`notifications`) and the subscription with `POST /emailsubscription`. An unknown type is 400 `validation_failed`; an unknown survey 404 `not_found`.",
      },
    })
    .input(ZKey.extend({ type: z.enum(SURVEY_NOTIFICATION_TYPES) }))
    .output(ZSurveyNotification)
    .query(({ ctx, input }) => surveyNotification(ctx.tx, ctx.tenant, ctx.user, input.key, input.type)),
  create: withPermission("survey.write")
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/survey",
        tags,
        summary: "Create a survey",
        description:
          "Days as YYYY-MM-DD: the survey runs from 00:00:00 of the first to 23:59:59 of the last in Europe/Helsinki. Errors: `type_error`, `dates_error`, `dates_in_past_error`.",
      },
    })
    .input(ZCreateSurveyInput)
    .output(ZSurvey)
    .mutation(({ ctx, input }) => surveys.createSurvey(ctx.tx, ctx.tenant, ctx.user.id, input)),
  update: withPermission("survey.write")
    .meta({
      openapi: {
        method: "PUT",
        path: "/tenant/survey/{key}",
        tags,
        summary: "Schedule, end, reopen, rename or change a survey",
        description:
          "Fields left out stay as they are; `name: null` clears the name. New dates (both) schedule or reopen; `endNow: true` ends the survey at once. New dates may not lie in the past (`dates_in_past_error`), except a start that stays the day it was. Once the survey has answers its start may not move past the day of the first answer (409 `survey_start_after_answers`), so a survey with answers is never made upcoming and is reopened from its own start.",
      },
    })
    .input(ZUpdateSurveyInput)
    .output(ZSurvey)
    .mutation(({ ctx, input }) => surveys.updateSurvey(ctx.tx, ctx.tenant, input)),
  delete: withPermission("survey.write")
    .meta({
      openapi: {
        method: "DELETE",
        path: "/tenant/survey/{key}",
        tags,
        summary: "Delete a survey with its shares and answers",
      },
    })
    .input(ZKey)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await surveys.deleteSurvey(ctx.tx, ctx.tenant.id, input.key);
      return ok;
    }),
});
