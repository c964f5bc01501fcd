import { z } from "zod";
import { router, withPermission } from "../trpc";
import * as results from "./survey-results";

export const ZBand = z.enum(["weakness", "opportunity", "strength", "grey"]);
const ZScore = z.object({
  status: z.enum(["ok", "no_data", "not_enough_answers"]),
  /** Mean on 0..100, unrounded; null without data or below the anonymity threshold. */
  value: z.number().nullable(),
  sd: z.number().nullable(),
  count: z.number().int().nullable(),
  band: ZBand,
});
export const ZValueBand = z.object({ value: z.number().nullable(), band: ZBand });
export const ZShares = z.object({
  individual: z.number(),
  productive: z.number(),
  fragmented: z.number(),
  authoritative: z.number(),
});
export const ZSide = z.object({
  status: z.enum(["ok", "not_enough_answers"]),
  respondents: z.number().int(),
  categories: z
    .array(
      ZScore.extend({
        name: z.string(),
        subcategories: z.array(ZScore.extend({ name: z.string() })).readonly(),
      }),
    )
    .readonly(),
  questions: z.array(ZScore.extend({ key: z.string(), category: z.string().nullable() })).readonly(),
  fitnessIndex: z.object({
    efficiency: ZValueBand,
    capability: ZValueBand,
    leadership: ZValueBand,
    overall: ZValueBand.extend({ areas: z.number().int() }),
  }),
  culture: z.object({
    status: z.enum(["ok", "no_data", "not_enough_answers"]),
    direction: z.number().nullable(),
    autonomy: z.number().nullable(),
    shares: ZShares.nullable(),
    percentages: ZShares.nullable(),
  }),
});

const ZCalculation = z.object({
  surveyKey: z.string(),
  type: z.enum(["PERSONNEL", "MANAGEMENT"]),
  /** The organisation's threshold for a personnel survey; null for management (none applies). */
  anonymityThreshold: z.number().int().nullable(),
  /** Released responses folded into the result, and those held back until they make a step. */
  metadata: z.object({
    answers: z.number().int(),
    heldBack: z.number().int().meta({
      description:
        "Answers stored but not in the result yet: results advance in steps of at least the anonymity threshold of new answers, so two readings never single out one person.",
    }),
    needed: z.number().int().meta({
      description:
        "Personnel: answers still needed before the first numbers are shown (in the share closest to its step); 0 when shown, and for management.",
    }),
  }),
  /** The personnel result (document 2 §3 `lta`); null for a management survey. */
  lta: ZSide.nullable(),
  /** The management result (§3 `oja`); null for a personnel survey and before its first answer. */
  oja: ZSide.nullable(),
});

const ZKey = z.object({ key: z.string().min(1).max(100) });

const calculation = (path: `/${string}`, summary: string) =>
  withPermission("report.read")
    .meta({
      openapi: {
        method: "GET",
        path,
        tags: ["survey"],
        summary,
        description:
          "The engine's result of the survey from its released aggregates (merged over every share and team; the cost does not grow with the number of answers). A share's results advance only by steps of at least the anonymity threshold of new answers (`metadata.heldBack` counts the rest). Personnel results below the organisation's anonymity threshold say `not_enough_answers` instead of numbers.",
      },
    })
    .input(ZKey)
    .output(ZCalculation)
    .query(({ ctx, input }) => results.calculateSurvey(ctx.tx, ctx.tenant.id, input.key));

/** Document 2 §7 "calculate" and "calculation": both compute from the aggregates kept up to date. */
export const surveyResultsRouter = router({
  calculate: calculation("/tenant/survey/{key}/calculate", "Calculate a survey's results"),
  calculation: calculation("/tenant/survey/{key}/calculation", "A survey's results"),
});
