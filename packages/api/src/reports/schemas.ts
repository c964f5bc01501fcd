import { SURVEY_TYPES, ZLanguage } from "@kunto/core";
import { z } from "zod";
import { ZBand, ZSide } from "./results-router";

/** Schemas of the report calls (document 2 §7 "Reports call selection"; issue 8). */

const ZStatus = z.union([z.literal(0), z.literal(100), z.literal(200)]);
/** A share in a report is named by its id: its key is the secret of its public links. */
const ZShareRef = z.string().meta({ description: "The share's id (never its public link's key)." });

export const ZReportInput = z.object({
  keys: z.string().min(1).max(5000).meta({
    description:
      "Comma-separated keys: survey keys, or shares by the `key` the report options give them (the share's id; its key also answers).",
    example: "K7Q2M4XD9BFH,P3T8W6ZN2RCL",
  }),
  lang: ZLanguage.default("en").meta({ description: "Language of category and question texts." }),
});

const ZAnonymity = z.object({
  status: z.enum(["ok", "not_enough_answers", "derivable"]).meta({
    description:
      "`not_enough_answers`: fewer answers than the organisation's threshold (`needed` more are needed). `derivable`: together with another selection of the survey it would single out a small team; shown when the shares in `withShares` are added too.",
  }),
  respondents: z.number().int(),
  needed: z.number().int(),
  withShares: z.array(z.string()),
});

const ZTrend = z.object({
  previous: z.object({
    key: z.string(),
    name: z.string().nullable(),
    end: z.string(),
    respondents: z.number().int(),
  }),
  categories: z.record(z.string(), z.number().nullable()),
  questions: z.record(z.string(), z.number().nullable()),
  fitness: z.object({
    efficiency: z.number().nullable(),
    capability: z.number().nullable(),
    leadership: z.number().nullable(),
    overall: z.number().nullable(),
  }),
});

const ZHeatmap = z.object({
  columns: z.array(
    z.object({ key: ZShareRef, name: z.string(), respondents: z.number().int(), shown: z.boolean() }),
  ),
  rows: z.array(
    z.object({
      name: z.string(),
      parent: z.string().nullable(),
      total: z.object({ value: z.number().nullable(), band: ZBand }),
      cells: z.array(
        z.object({
          value: z.number().nullable(),
          band: ZBand,
          reason: z.enum(["shown", "hidden", "not_enough_answers", "derivable", "empty"]),
        }),
      ),
    }),
  ),
});

const ZQuestionText = z.object({
  key: z.string(),
  title: z.string(),
  strengthTid: z.string().nullable(),
  weaknessTid: z.string().nullable(),
  opportunityTid: z.string().nullable(),
  strength: z.string().nullable(),
  weakness: z.string().nullable(),
  opportunity: z.string().nullable(),
});

const ZReportSide = z.object({
  survey: z.object({
    key: z.string(),
    name: z.string().nullable(),
    type: z.enum(SURVEY_TYPES),
    start: z.string(),
    end: z.string(),
    status: ZStatus,
  }),
  shares: z.array(z.object({ key: ZShareRef, name: z.string(), respondents: z.number().int() })).meta({
    description: "The selected shares with their released answer counts.",
  }),
  heldBack: z.number().int().meta({
    description:
      "Answers stored but not shown yet: results advance in steps of at least the anonymity threshold of new answers (personnel; every answer for management), so two readings never single out one person.",
  }),
  anonymity: ZAnonymity,
  result: ZSide,
  questions: z.array(ZQuestionText),
  trend: ZTrend.nullable().meta({
    description: "The change in points since the previous survey of this type with answers; null when none.",
  }),
  heatmap: ZHeatmap.nullable().meta({ description: "Categories by share; null on plans without it." }),
});

export const ZReport = z.object({
  tenantName: z.string(),
  anonymityThreshold: z.number().int(),
  heatmapAvailable: z.boolean(),
  personnel: ZReportSide.nullable(),
  management: ZReportSide.nullable(),
  inputMap: z.array(
    z.object({
      axis: z.string(),
      personnel: z.number().nullable(),
      management: z.number().nullable(),
      gap: z.number().nullable(),
      weaknessNote: z.boolean(),
    }),
  ),
  metadata: z.object({ answers: z.object({ personnel: z.number().int(), management: z.number().int() }) }),
  categories: z.array(
    z.object({ name: z.string(), parent: z.string().nullable(), title: z.string(), description: z.string() }),
  ),
});
export type TReport = z.infer<typeof ZReport>;

const ZSurveyOption = z.object({
  key: z.string(),
  name: z.string().nullable(),
  type: z.enum(SURVEY_TYPES),
  start: z.string(),
  end: z.string(),
  status: ZStatus,
  latestAnswerAt: z.string(),
  answers: z.number().int(),
  shares: z.array(z.object({ key: ZShareRef, name: z.string(), answers: z.number().int() })),
});

export const ZReportOptions = z.object({
  personnel: z.array(ZSurveyOption),
  management: z.array(ZSurveyOption),
  defaults: z.object({ personnel: z.string().nullable(), management: z.string().nullable() }),
  maxSelectedShares: z.number().int().nullable(),
  heatmap: z.boolean(),
  hasSurveys: z.boolean(),
});

export const ZTrendLineInput = z.object({
  type: z.enum(SURVEY_TYPES).meta({ description: "The survey type of the line.", example: "PERSONNEL" }),
});

export const ZTrendLine = z.object({
  type: z.enum(SURVEY_TYPES),
  anonymityThreshold: z.number().int().nullable().meta({
    description: "The organisation's threshold for a personnel line; null for management (none applies).",
  }),
  categories: z
    .array(z.string())
    .meta({ description: "The top-level categories of the points, in tree order." }),
  points: z
    .array(
      z.object({
        key: z.string(),
        name: z.string().nullable(),
        start: z.string(),
        end: z.string(),
        status: ZStatus,
        respondents: z.number().int().meta({ description: "Released respondents over every share." }),
        result: z.enum(["ok", "not_enough_answers", "no_data"]).meta({
          description:
            "`not_enough_answers`: the anonymity rule withholds this survey's numbers; `no_data`: no released answers yet.",
        }),
        fitnessIndex: z.number().nullable().meta({
          description: "The Company Fitness Index on 0..100, unrounded; null when withheld or without data.",
        }),
        categories: z.record(z.string(), z.number().nullable()).meta({
          description: "Each top-level category on 0..100, unrounded; null when withheld or without data.",
        }),
        withheld: z.array(z.string()).meta({
          description:
            "The categories whose value the anonymity threshold withholds (every one when `result` is `not_enough_answers`); a null value not listed has no data.",
        }),
      }),
    )
    .meta({ description: "Every started survey of the type, oldest (earliest end) first." }),
});
export type TTrendLine = z.infer<typeof ZTrendLine>;
