import { SURVEY_TYPES, ZTeamInput, ZTeamUpdateInput } from "@kunto/core";
import { z } from "zod";
import { ok, ZOk } from "../dto";
import { router, withPermission } from "../trpc";
import * as teams from "./teams";

/** Teams (document 2 §5 Team, §7 Teams): groups of recipients a survey is shared with. */
const ZTeam = z.object({
  id: z.uuid().meta({ description: "The team's stable identifier; paths name a team by its `key`." }),
  key: z.string(),
  name: z.string(),
  type: z.enum(SURVEY_TYPES),
  description: z.string().nullable(),
  urlSafeName: z.string().meta({ description: "The team's part of the public link; fixed at creation." }),
  answerers: z.array(z.object({ id: z.string(), email: z.string() })),
});
const ZTeamLite = z.object({
  id: z.uuid().meta({ description: "The team's stable identifier; paths name a team by its `key`." }),
  key: z.string(),
  name: z.string(),
  type: z.enum(SURVEY_TYPES),
  urlSafeName: z.string(),
  answerers: z.number().int().meta({ description: "How many recipients the team has." }),
});
const ZKey = z.object({ key: z.string().min(1).max(64) });
const tags = ["team"];

export const teamRouter = router({
  list: withPermission("survey.read")
    .meta({ openapi: { method: "GET", path: "/tenant/team", tags, summary: "Teams with their recipients" } })
    .input(z.object({}).optional())
    .output(z.array(ZTeam))
    .query(({ ctx }) => teams.listTeams(ctx.tx, ctx.tenant.id)),
  lite: withPermission("survey.read")
    .meta({
      openapi: { method: "GET", path: "/tenant/team/lite", tags, summary: "Teams without their addresses" },
    })
    .input(z.object({}).optional())
    .output(z.array(ZTeamLite))
    .query(({ ctx }) => teams.listTeamsLite(ctx.tx, ctx.tenant.id)),
  get: withPermission("survey.read")
    .meta({ openapi: { method: "GET", path: "/tenant/team/{key}", tags, summary: "One team" } })
    .input(ZKey)
    .output(ZTeam)
    .query(({ ctx, input }) => teams.getTeam(ctx.tx, ctx.tenant.id, input.key)),
  create: withPermission("survey.write")
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/team",
        tags,
        summary: "Create a team",
        description:
          "Recipients are e-mail addresses, duplicates ignored; more than the plan's answerer limit answers `max_recipients_reached`, an entry that is no address `invalid_email_addresses`.",
      },
    })
    .input(ZTeamInput)
    .output(ZTeam)
    .mutation(({ ctx, input }) => teams.createTeam(ctx.tx, ctx.tenant, input)),
  update: withPermission("survey.write")
    .meta({
      openapi: {
        method: "PUT",
        path: "/tenant/team/{key}",
        tags,
        summary: "Change a team's name, description and recipients",
        description: "The type and the link name stay as they were created.",
      },
    })
    .input(ZTeamUpdateInput)
    .output(ZTeam)
    .mutation(({ ctx, input }) => teams.updateTeam(ctx.tx, ctx.tenant, input)),
  delete: withPermission("survey.write")
    .meta({
      openapi: {
        method: "DELETE",
        path: "/tenant/team/{key}",
        tags,
        summary: "Delete a team",
        description:
          "A team whose members have answered keeps its answers and cannot be deleted (`team_has_answers`).",
      },
    })
    .input(ZKey)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await teams.deleteTeam(ctx.tx, ctx.tenant.id, input.key);
      return ok;
    }),
});
