import { z } from "zod";
import { router, withPermission } from "../trpc";
import { reportOptions } from "./options";
import { buildReport } from "./reports";
import { ZReport, ZReportInput, ZReportOptions, ZTrendLine, ZTrendLineInput } from "./schemas";
import { parseKeys } from "./selection";
import { trendLine } from "./trend-lines";

const tags = ["report"];
const RULES =
  "Personnel numbers below the organisation's anonymity threshold, and selections that would single out a small team by subtraction, are withheld (`anonymity`). FREE accounts select one share per survey (`selected_share_free_warning`); the heatmap is on paid plans. Computed from stored aggregates: the cost does not grow with the number of answers.";

/** Reports (document 2 §2 reports overview and category report, §4, §7; issue 8). */
export const reportRouter = router({
  options: withPermission("report.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/reports/options",
        tags,
        summary: "What the report selectors offer",
        description:
          "Per survey type the surveys with answers, newest end first (only ended ones when any has ended, else the newest), their shares with answer counts, the default selection and the plan's share limit.",
      },
    })
    .input(z.object({}).optional())
    .output(ZReportOptions)
    .query(({ ctx }) => reportOptions(ctx.tx, ctx.tenant)),
  bySurveys: withPermission("report.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/survey/reports/{keys}",
        tags,
        summary: "Report of surveys (every share of each)",
        description: `At most one personnel and one management survey. ${RULES}`,
      },
    })
    .input(ZReportInput)
    .output(ZReport)
    .query(({ ctx, input }) =>
      buildReport(ctx.tx, ctx.tenant, { by: "surveys", keys: parseKeys(input.keys) }, input.lang),
    ),
  byShares: withPermission("report.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/survey/reports/bysurveysharekeys/{keys}",
        tags,
        summary: "Report of survey shares",
        description: `Shares of at most one personnel and one management survey. ${RULES}`,
      },
    })
    .input(ZReportInput)
    .output(ZReport)
    .query(({ ctx, input }) =>
      buildReport(ctx.tx, ctx.tenant, { by: "shares", keys: parseKeys(input.keys) }, input.lang),
    ),
  trendLine: withPermission("report.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/reports/trend/{type}",
        tags,
        summary: "Trend line of a survey type",
        description:
          "Every started survey of the type, oldest (earliest end) first, with the Company Fitness Index and each top-level category of its released results over all its shares (as the survey calculation gives them). A survey whose numbers the organisation's anonymity threshold withholds, or that has no released answers, has null values. Computed from stored aggregates: the cost does not grow with the number of answers.",
      },
    })
    .input(ZTrendLineInput)
    .output(ZTrendLine)
    .query(({ ctx, input }) => trendLine(ctx.tx, ctx.tenant.id, input.type)),
});
