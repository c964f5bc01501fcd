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
  id: z.string().meta({
    description:
      "The share's reference in reports (`GET /tenant/survey/reports/bysurveysharekeys/{keys}` takes it): not part of any link.",
  }),
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
/**
 * A share as the reads answer it: to a member without `survey.write` (a read-only member; document
 * 2 §6 "copy link: tenant_admin yes, tenant_readonly no") the key and the links are null.
 */
const WITHHELD = "null unless the caller may manage shares (`survey.write`): the public link is for admins.";
const ZShareRead = ZShare.extend({
  key: z
    .string()
    .nullable()
    .meta({ description: `The unguessable part of the public link; ${WITHHELD}` }),
  links: z.array(
    z.object({
      teamKey: z.string(),
      teamName: z.string(),
      url: z
        .string()
        .nullable()
        .meta({ description: `The team's public link; ${WITHHELD}` }),
    }),
  ),
});
const ZKey = z.object({ key: z.string().min(1).max(128) });
const tags = ["survey share"];
/** The permission that makes, changes and sends shares, and so sees their links. */
const MANAGE = "survey.write";
const READS =
  "Names, answerer counts, teams and invitations for every member with `survey.read`; the key and the public links (`key`, `links[].url`) only for those who may manage shares (`survey.write`), null for a read-only member.";

export const surveyShareRouter = router({
  bySurvey: withPermission("survey.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/surveyshare/bysurvey/{surveyKey}",
        tags,
        summary: "Shares of a survey",
        description: READS,
      },
    })
    .input(z.object({ surveyKey: z.string().min(1).max(64) }))
    .output(z.array(ZShareRead))
    .query(async ({ ctx, input }) => {
      const list = await shares.listSharesBySurvey(ctx.tx, ctx.tenant.id, ctx.config.appUrl, input.surveyKey);
      return ctx.tenant.permissions.has(MANAGE) ? list : list.map(shares.withoutLinks);
    }),
  get: withPermission("survey.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/surveyshare/{key}",
        tags,
        summary: "One share",
        description: READS,
      },
    })
    .input(ZKey)
    .output(ZShareRead)
    .query(async ({ ctx, input }) => {
      const share = await shares.getShare(ctx.tx, ctx.tenant.id, ctx.config.appUrl, input.key);
      return ctx.tenant.permissions.has(MANAGE) ? share : shares.withoutLinks(share);
    }),
  create: withPermission(MANAGE)
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
  update: withPermission(MANAGE)
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
  delete: withPermission(MANAGE)
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
  send: withPlan(MANAGE, "shareByEmail")
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
