import { ZPersonInput } from "@kunto/core";
import { z } from "zod";
import { router, withPermission } from "../trpc";
import { ZPageParams, ZSearch } from "./paging";
import * as persons from "./persons";
import { pageSchema, ZPerson } from "./schemas";

/**
 * Persons (document 3 §7 Persons; issue 22): tenant admins only (§6). `ssn` and `taxNumber` are
 * masked everywhere but the single person's answer to a tenant admin's own session: an API key
 * (which acts for no one) sees them masked too.
 */
const tags = ["person"];
const WHO = "Tenant admins. `ssn` and `taxNumber` are masked (last 4 characters).";

type Ctx = {
  tenant: { id: string; roles: readonly string[] };
  config: { secretsKey: Uint8Array };
  apiKey: unknown;
};
const sealer = (ctx: Ctx) => ({ key: ctx.config.secretsKey, tenantId: ctx.tenant.id });
/** The whole values: a tenant admin's session, not an API key. */
const full = (ctx: Ctx) => ctx.apiKey === null && ctx.tenant.roles.includes("tenant_admin");

const ZList = z.array(ZPerson);
const read = () => withPermission("person.read");
const write = () => withPermission("person.write");

export const personRouter = router({
  // The fixed paths come before /tenant/person/{id}: the adapter takes the first that matches.
  managers: read()
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/person/managers",
        tags,
        summary: "Persons marked manager",
        description: WHO,
      },
    })
    .input(z.object({}).optional())
    .output(ZList)
    .query(({ ctx }) => persons.listManagers(ctx.tx, sealer(ctx))),
  paged: read()
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/person/paged",
        tags,
        summary: "A page of persons",
        description: `${WHO} Page parameters in the query, \`search\` (last name, first name, e-mail, phone) in the body; sorted by last and first name. \`notEmployerId\` leaves out that party's persons.`,
      },
    })
    .input(ZPageParams.extend({ search: ZSearch, notEmployerId: z.uuid().nullish() }))
    .output(pageSchema(ZPerson))
    // A read: a query over POST (the search travels in the body), cached by the client as any list.
    .query(({ ctx, input }) => persons.pagePersons(ctx.tx, sealer(ctx), input)),
  full: read()
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/person/full",
        tags,
        summary: "Every person with employer and address",
        description: WHO,
      },
    })
    .input(z.object({}).optional())
    .output(ZList)
    .query(({ ctx }) => persons.listPersons(ctx.tx, sealer(ctx))),
  withoutEmployer: read()
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/person/byemployernull",
        tags,
        summary: "Persons without an employer",
        description: `${WHO} Answers at \`/tenant/person/byemployernull/\` too (document 3 §7 writes the trailing slash).`,
      },
    })
    .input(z.object({}).optional())
    .output(ZList)
    .query(({ ctx }) => persons.listWithoutEmployer(ctx.tx, sealer(ctx))),
  byEmployer: read()
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/person/byemployer/{id}",
        tags,
        summary: "A party's persons",
        description: `${WHO} \`not_found\` for an unknown party.`,
      },
    })
    .input(z.object({ id: z.uuid() }))
    .output(ZList)
    .query(({ ctx, input }) => persons.listByEmployer(ctx.tx, sealer(ctx), input.id)),
  list: read()
    .meta({
      openapi: { method: "GET", path: "/tenant/person", tags, summary: "Every person", description: WHO },
    })
    .input(z.object({}).optional())
    .output(ZList)
    .query(({ ctx }) => persons.listPersons(ctx.tx, sealer(ctx))),
  get: read()
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/person/{id}",
        tags,
        summary: "A person",
        description:
          "Tenant admins. `ssn` and `taxNumber` in full to a tenant admin's session, masked to an API key.",
      },
    })
    .input(z.object({ id: z.uuid() }))
    .output(ZPerson)
    .query(({ ctx, input }) => persons.getPerson(ctx.tx, sealer(ctx), input.id, full(ctx))),
  create: write()
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/person",
        tags,
        summary: "Add a person",
        description:
          "Tenant admins. `employerId` links the person to a party. The e-mail must be valid without spaces; the birth date 1950-01-01 … today.",
      },
    })
    .input(ZPersonInput)
    .output(ZPerson)
    .mutation(({ ctx, input }) => persons.createPerson(ctx.tx, sealer(ctx), input, full(ctx))),
  update: write()
    .meta({
      openapi: {
        method: "PUT",
        path: "/tenant/person/{id}",
        tags,
        summary: "Change a person",
        description:
          "Tenant admins. Fields left out keep their values; `employerId: null` removes the person from its party. A masked `ssn` or `taxNumber` (`••••…`) keeps the stored one.",
      },
    })
    .input(ZPersonInput.extend({ id: z.uuid() }))
    .output(ZPerson)
    .mutation(({ ctx, input }) => persons.updatePerson(ctx.tx, sealer(ctx), input.id, input, full(ctx))),
});
