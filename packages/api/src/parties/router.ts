import { PARTY_TYPES, ZPartyInput } from "@kunto/core";
import { z } from "zod";
import { router, withPermission } from "../trpc";
import { ZPageParams, ZSearch } from "./paging";
import * as parties from "./parties";
import { pageSchema, ZParty } from "./schemas";

/**
 * Parties (document 3 §7 Parties; issue 22): tenant admins only (§6). `GET /tenant/party/{type}`
 * and `GET /tenant/party/{id}` are one path to the adapter and the document, so one operation
 * answers both (docs/decisions.md "Parties and persons").
 */
const tags = ["party"];
const WHO = "Tenant admins.";

const ZTypes = z
  .string()
  .max(200)
  .transform((text, ctx) => {
    const types = text
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean);
    const known = types.filter((t): t is (typeof PARTY_TYPES)[number] =>
      (PARTY_TYPES as readonly string[]).includes(t),
    );
    if (known.length !== types.length) {
      ctx.issues.push({ code: "custom", message: "validation_failed", input: text });
      return z.NEVER;
    }
    return known;
  })
  .meta({
    description: "Party types, comma joined (customer, supplier, employer, contractor).",
    examples: ["customer,supplier"],
  });

export const partyRouter = router({
  list: withPermission("party.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/party",
        tags,
        summary: "Every party, by company name",
        description: WHO,
      },
    })
    .input(z.object({}).optional())
    .output(z.array(ZParty))
    .query(({ ctx }) => parties.listParties(ctx.tx, ctx.tenant.id)),
  // Before /tenant/party/{id}: the adapter takes the first path that matches.
  paged: withPermission("party.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/party/paged",
        tags,
        summary: "A page of parties",
        description: `${WHO} Sorted by company name; \`search\` looks in the company name, business code and code.`,
      },
    })
    .input(ZPageParams.extend({ types: ZTypes.optional(), search: ZSearch }))
    .output(pageSchema(ZParty))
    .query(({ ctx, input }) => parties.pageParties(ctx.tx, ctx.tenant.id, input)),
  get: withPermission("party.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/party/{id}",
        tags,
        summary: "A party, or the parties of a type",
        description: `${WHO} With a party's id: that party (\`not_found\` for an unknown one). With a type (customer, supplier, employer, contractor) in its place: that type's parties by company name (document 3 \`GET /api/tenant/party/{type}\`).`,
      },
    })
    .input(z.object({ id: z.union([z.uuid(), z.enum(PARTY_TYPES)]) }))
    .output(z.union([ZParty, z.array(ZParty)]))
    .query(({ ctx, input }) =>
      z.uuid().safeParse(input.id).success
        ? parties.getParty(ctx.tx, ctx.tenant.id, input.id)
        : parties.listParties(ctx.tx, ctx.tenant.id, input.id as (typeof PARTY_TYPES)[number]),
    ),
  /** The form's load (tRPC): the one party, typed. */
  byId: withPermission("party.read")
    .input(z.object({ id: z.uuid() }))
    .output(ZParty)
    .query(({ ctx, input }) => parties.getParty(ctx.tx, ctx.tenant.id, input.id)),
  create: withPermission("party.write")
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/party",
        tags,
        summary: "Add a party",
        description: `${WHO} Type defaults to customer; \`tenantParty\` is read-only. Answers at \`/tenant/party/\` too (document 3 §7 writes the trailing slash).`,
      },
    })
    .input(ZPartyInput)
    .output(ZParty)
    .mutation(({ ctx, input }) => parties.createParty(ctx.tx, ctx.tenant.id, input)),
  update: withPermission("party.write")
    .meta({
      openapi: {
        method: "PUT",
        path: "/tenant/party/{id}",
        tags,
        summary: "Change a party",
        description: `${WHO} Fields left out keep their values; \`tenantParty\` is read-only.`,
      },
    })
    .input(ZPartyInput.extend({ id: z.uuid() }))
    .output(ZParty)
    .mutation(({ ctx, input }) => parties.updateParty(ctx.tx, ctx.tenant.id, input.id, input)),
});
