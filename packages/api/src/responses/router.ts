import { z } from "zod";
import { respondentProcedure, router } from "../trpc";
import * as responses from "./responses";
import { submissionLimits } from "./submission-limit";

/** A share's key (generateToken) and a team's urlSafeName, as they stand in the public link. */
const ZLink = z.object({
  shareKey: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "invalid_format"),
  teamUrlSafeName: z.string().min(1).max(200),
});
const ZLanguage = z.enum(responses.RESPONDENT_LANGUAGES);

const ZQuestion = z.object({
  key: z.string(),
  type: z.enum(["GROUP", "SLIDER", "CHOICE_SINGLE"]),
  /** Key of the GROUP heading this question sits under. */
  group: z.string().nullable(),
  title: z.string(),
  content: z.string().nullable(),
  slider: z
    .object({
      min: z.number(),
      max: z.number(),
      step: z.number(),
      minLabel: z.string().nullable(),
      maxLabel: z.string().nullable(),
    })
    .nullable(),
  choices: z.array(z.object({ value: z.number(), label: z.string() })).nullable(),
});

const ZPublicSurvey = z.object({
  /** upcoming, running, ended, or full (running, but the plan's respondent cap is reached). */
  state: z.enum(["upcoming", "running", "ended", "full"]),
  /** DECISIONS.md: 0 upcoming, 100 running, 200 ended. */
  status: z.union([z.literal(0), z.literal(100), z.literal(200)]),
  type: z.enum(["PERSONNEL", "MANAGEMENT"]),
  startsAt: z.string(),
  endsAt: z.string(),
  language: ZLanguage,
  /** The name of the organisation that asks. */
  organisationName: z.string(),
  teamName: z.string(),
  welcome: z.string().nullable(),
  autojump: z.boolean(),
  /** Only while the survey is running and not full; empty otherwise. */
  questions: z.array(ZQuestion),
});

export const publicSurveyRouter = router({
  get: respondentProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/public/survey/{shareKey}/{teamUrlSafeName}",
        tags: ["respondent"],
        summary: "The respondent page of a share's link",
        description:
          "The survey's state for this link (upcoming with its start, running, ended, or full when the plan's respondent cap is reached) and, while running, the template's welcome text and questions in `lang` (English where a text has no translation). An unknown share or team answers 404 `survey_link_unknown`.",
      },
    })
    .input(ZLink.extend({ lang: ZLanguage.default("en") }))
    .output(ZPublicSurvey)
    .query(({ ctx, input }) =>
      responses.publicSurvey(ctx.db, input.shareKey, input.teamUrlSafeName, input.lang),
    ),
  submit: respondentProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/public/survey/{shareKey}/{teamUrlSafeName}/response",
        tags: ["respondent"],
        summary: "Submit one response",
        description:
          "Stores one response: the answers keyed by question key (a slider's value, or the chosen choice's value). `submissionId` is made once in the browser: sending it again answers as the first call did and stores nothing more. `browserToken` is a random value kept in the browser, stored only as its SHA-256: another submission with it to the same share answers 409 `already_answered`. Refused with 409 `survey_not_started`, `survey_ended` or `survey_full`, 404 `survey_link_unknown`, 400 `invalid_answer` (unknown question, value outside the slider's range or step, no such choice, no answers). At most the server's configured number of submissions per share and client address an hour (an IPv6 client per /64; 429 `too_many_requests` with `Retry-After`). No IP address, user agent or time of day is stored: the day only.",
      },
    })
    .input(
      ZLink.extend({
        submissionId: z.uuid(),
        browserToken: z.string().min(16).max(200),
        language: ZLanguage,
        answers: z
          .record(z.string().min(1).max(100), z.number().finite())
          .refine((answers) => Object.keys(answers).length <= 500, "value_too_complex"),
      }),
    )
    .output(z.object({ stored: z.literal(true), submittedOn: z.string() }))
    .mutation(({ ctx, input }) =>
      responses.submitResponse(
        ctx.db,
        input.shareKey,
        input.teamUrlSafeName,
        {
          submissionId: input.submissionId,
          browserToken: input.browserToken,
          language: input.language,
          answers: input.answers,
        },
        { limits: submissionLimits(ctx, input.shareKey) },
      ),
    ),
});
