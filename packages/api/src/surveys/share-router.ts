import { enforce } from "@kunto/auth";
import { LANGUAGES, SURVEY_TYPES, ZSendShareInput, ZShareInput, ZShareUpdateInput } from "@kunto/core";
import { z } from "zod";
import { ok, ZOk } from "../dto";
import { invitationMailChecks } from "../rate-limits";
import { router, withPermission, withPlan } from "../trpc";
import { invitationMailCount } from "./survey-invitations";
import * as shares from "./survey-shares";

/** Survey shares (document 2 §5 share by e-mail, §7 Survey shares). */
const ZShare = z.object({
  key: z.string().meta({ description: "The unguessable part of the public link." }),
  name: z.string(),
  surveyKey: z.string(),
  answerers: z.number().int().nullable(),
  teams: z.array(
    z.object({ key: z.string(), name: z.string(), type: z.enum(SURVEY_TYPES), urlSafeName: z.string() }),
  ),
  links: z.array(z.object({ teamKey: z.string(), teamName: z.string(), url: z.string() })),
  sent: z.string().nullable().meta({ description: "When invitations were last sent by e-mail." }),
  invitations: z.array(
    z.object({
      email: z.string(),
      language: z.enum(LANGUAGES),
      state: z.enum(["queued", "sent", "failed"]),
      attempts: z.number().int(),
      lastError: z.string().nullable().meta({
        description: "Why it failed: the SMTP error, `held_demo` (demo organisation) or `no_smtp`.",
      }),
      sentAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
const ZKey = z.object({ key: z.string().min(1).max(128) });
const tags = ["survey share"];

export const surveyShareRouter = router({
  bySurvey: withPermission("survey.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/surveyshare/bysurvey/{surveyKey}",
        tags,
        summary: "Shares of a survey",
      },
    })
    .input(z.object({ surveyKey: z.string().min(1).max(64) }))
    .output(z.array(ZShare))
    .query(({ ctx, input }) =>
      shares.listSharesBySurvey(ctx.tx, ctx.tenant.id, ctx.config.appUrl, input.surveyKey),
    ),
  get: withPermission("survey.read")
    .meta({ openapi: { method: "GET", path: "/tenant/surveyshare/{key}", tags, summary: "One share" } })
    .input(ZKey)
    .output(ZShare)
    .query(({ ctx, input }) => shares.getShare(ctx.tx, ctx.tenant.id, ctx.config.appUrl, input.key)),
  create: withPermission("survey.write")
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/surveyshare",
        tags,
        summary: "Share a survey with teams",
        description:
          "Teams are given by key and must be of the survey's type (`team_type_mismatch`). A FREE account makes single-team analyses: a share with more than one team answers 403 `plan_required` (`feature: combinedAnalyses`).",
      },
    })
    .input(ZShareInput)
    .output(ZShare)
    .mutation(({ ctx, input }) => shares.createShare(ctx.tx, ctx.tenant, ctx.config.appUrl, input)),
  update: withPermission("survey.write")
    .meta({
      openapi: {
        method: "PUT",
        path: "/tenant/surveyshare/{key}",
        tags,
        summary: "Change a share",
        description:
          "Replaces the share's name, answerer count and teams. A FREE account makes single-team analyses: more than one team answers 403 `plan_required` (`feature: combinedAnalyses`), except that a share already holding those very teams (made before a downgrade) keeps them.",
      },
    })
    .input(ZShareUpdateInput)
    .output(ZShare)
    .mutation(({ ctx, input }) => shares.updateShare(ctx.tx, ctx.tenant, ctx.config.appUrl, input)),
  delete: withPermission("survey.write")
    .meta({
      openapi: {
        method: "DELETE",
        path: "/tenant/surveyshare/{key}",
        tags,
        summary: "Delete a share",
        description:
          "Only a share nobody has answered through: a share with answers keeps them and answers 409 `share_has_answers` (as a team with answers does).",
      },
    })
    .input(ZKey)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await shares.deleteShare(ctx.tx, ctx.tenant.id, input.key);
      return ok;
    }),
  send: withPlan("survey.write", "shareByEmail")
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/surveyshare/{key}/send",
        tags,
        summary: "Send the survey's link by e-mail",
        description:
          "Queues one invitation per address (duplicates ignored, at most the plan's answerer limit: `max_recipients_reached`); a job mails them and the share shows each one's state. Each address counts against the sender's and the organisation's invitation mails per hour (429 `too_many_requests` with `Retry-After`; a send larger than a limit is refused whole).",
      },
    })
    .input(ZSendShareInput)
    .output(ZShare)
    .mutation(async ({ ctx, input }) => {
      // In the call's transaction: a send refused for its addresses counts nothing.
      await enforce(
        ctx.tx,
        invitationMailChecks(ctx.config, ctx.user.id, ctx.tenant.id),
        invitationMailCount(input.emails),
      );
      return shares.sendShare(ctx.tx, ctx.tenant, ctx.config.appUrl, input);
    }),
});
