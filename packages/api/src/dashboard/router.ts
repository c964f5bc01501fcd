import { SURVEY_STATUS } from "@kunto/core";
import { z } from "zod";
import { ZShares, ZValueBand } from "../reports/results-router";
import { router, withPermission } from "../trpc";
import * as dashboard from "./dashboard";

/** Document 2 §2 Dashboard, §7 "Dashboard, notifications and onboarding". */
const ZDashboardSurvey = z.object({
  key: z.string(),
  name: z.string().nullable(),
  start: z.string(),
  end: z.string(),
  status: z.union([
    z.literal(SURVEY_STATUS.upcoming),
    z.literal(SURVEY_STATUS.running),
    z.literal(SURVEY_STATUS.ended),
  ]),
});
const ZFitnessIndex = z.object({
  efficiency: ZValueBand,
  capability: ZValueBand,
  leadership: ZValueBand,
  overall: ZValueBand.extend({ areas: z.number().int() }),
});
const ZSideStatus = z.enum(["ok", "not_enough_answers"]);
const ZDashboardSide = z.object({
  survey: ZDashboardSurvey,
  answers: z.number().int().meta({ description: "Released answers: what the numbers are made of." }),
  heldBack: z.number().int().meta({
    description:
      "Answers stored but not in the numbers yet: results advance in steps of at least the anonymity threshold of new answers.",
  }),
  anonymityThreshold: z.number().int().nullable(),
  status: ZSideStatus,
  missingAnswers: z
    .number()
    .int()
    .nullable()
    .meta({ description: "Answers still needed before the numbers are shown (anonymity); null when shown." }),
  fitnessIndex: ZFitnessIndex,
  culture: z.object({
    status: z.enum(["ok", "no_data", "not_enough_answers"]),
    direction: z.number().nullable(),
    autonomy: z.number().nullable(),
    shares: ZShares.nullable(),
    percentages: ZShares.nullable(),
  }),
  previous: z
    .object({ survey: ZDashboardSurvey, status: ZSideStatus, fitnessIndex: ZFitnessIndex })
    .nullable()
    .meta({
      description:
        "The answered survey of the same type before this one, for the change since. Null when there is none, and always on the FREE plan (its limited dashboard has no comparison over time: `comparisonAvailable` is false).",
    }),
});
const ZDashboard = z.object({
  comparisonAvailable: z.boolean().meta({
    description:
      "Whether the plan includes the full dashboard (PRO, TOTAL) with the comparison with earlier surveys. False on FREE: every `previous` is null.",
  }),
  hasSurveys: z.boolean(),
  hasPersonnelSurvey: z.boolean(),
  personnel: ZDashboardSide.nullable(),
  management: ZDashboardSide.nullable(),
});

export const dashboardRouter = router({
  survey: withPermission("report.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/survey/dashboard",
        tags: ["survey"],
        summary: "Dashboard survey data",
        description:
          "For each survey type the latest answered survey (ended ones first, latest end first) with its Company Fitness Index and culture, and (PRO and TOTAL: the full dashboard) the previous answered survey's index for the change since. Personnel numbers below the organisation's anonymity threshold are withheld (`not_enough_answers`, `missingAnswers`).",
      },
    })
    .input(z.object({}).optional())
    .output(ZDashboard)
    .query(({ ctx }) => dashboard.dashboardData(ctx.tx, ctx.tenant.id, ctx.tenant.plan)),
});
