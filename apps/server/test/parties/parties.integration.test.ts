import { schema, withScope } from "@kunto/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, actorFor, connect, makeTenant, makeUser, startServer } from "../support/harness";
import { errorOf, outputOf, rest } from "../support/rest";

/**
 * Issue 22, document 3 parties: tenant admins only (§6), the party fields and defaults (§3), the
 * paged list with types and search, the employer link both ways (§4) and every §7 path over HTTP.
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
let tenant: { id: string };
let other: { id: string };
let admin: Actor;
let basic: Actor;
let readonly: Actor;
let otherAdmin: Actor;

beforeAll(async () => {
  server = await startServer(db.db);
  tenant = await makeTenant(db.owner, { plan: "FREE" });
  other = await makeTenant(db.owner);
  const user = async (tenantId: string, role: string) =>
    (await makeUser(db.owner, { tenantId, tenantRoles: [role] })).id;
  admin = await actorFor(db.db, "admin", await user(tenant.id, "tenant_admin"));
  basic = await actorFor(db.db, "basic", await user(tenant.id, "tenant_basic"));
  readonly = await actorFor(db.db, "readonly", await user(tenant.id, "tenant_readonly"));
  otherAdmin = await actorFor(db.db, "other admin", await user(other.id, "tenant_admin"));
});
afterAll(async () => {
  await server.close();
  await db.close();
});

const call = (actor: Actor, method: string, path: string, body?: unknown, tenantId = tenant.id) =>
  rest(server, { actor, method, path: `/api${path}`, tenantId, body });

const makeParty = async (body: Record<string, unknown>, actor = admin, tenantId = tenant.id) =>
  outputOf("party.create", await call(actor, "POST", "/tenant/party", body, tenantId));

describe("parties (document 3 §3, §6, §7)", () => {
  it("§6: only tenant admins read or change parties; the other roles get 403 access_denied", async () => {
    for (const actor of [basic, readonly]) {
      for (const [method, path, body] of [
        ["GET", "/tenant/party", undefined],
        ["GET", "/tenant/party/paged", undefined],
        ["GET", "/tenant/party/customer", undefined],
        ["POST", "/tenant/party/", { companyName: "No Oy" }],
      ] as const) {
        const answer = await call(actor, method, path, body);
        expect(answer.status, `${actor.name} ${method} ${path}`).toBe(403);
        expect(errorOf(answer).error_key).toBe("access_denied");
      }
    }
    expect((await call(admin, "GET", "/tenant/party")).status).toBe(200);
  });

  it("§3: a new party is a customer by default; tenantParty is read-only; both create paths answer", async () => {
    // Document 3 §7 writes POST /api/tenant/party/: the adapter matches it without the slash.
    const withSlash = await call(admin, "POST", "/tenant/party/", {
      companyName: "Alpha Oy",
      tenantParty: true,
      businessCode: "1234567-8",
    });
    expect(withSlash.status).toBe(200);
    expect(withSlash.body).toMatchObject({ companyName: "Alpha Oy", type: "customer", tenantParty: false });
    const without = outputOf(
      "party.create",
      await call(admin, "POST", "/tenant/party", { companyName: "Beta Oy", type: "supplier" }),
    );
    expect(without.type).toBe("supplier");
    const bad = await call(admin, "POST", "/tenant/party/", { companyName: "x", type: "partner" });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).data?.fields?.type).toBeDefined();
    const tooLong = await call(admin, "POST", "/tenant/party/", { companyName: "x".repeat(201) });
    expect(errorOf(tooLong).data?.fields?.companyName).toBe("too_long");
  });

  it("§7: GET and PUT /tenant/party/{id}; fields left out stay; unknown and foreign ids answer 404", async () => {
    const party = await makeParty({
      companyName: "Gamma Oy",
      phone: "+358 40 1",
      visitingAddress: { address1: "Katu 1", postcode: "00100", city: "Helsinki", country: "FI" },
    });
    const got = outputOf("party.get", await call(admin, "GET", `/tenant/party/${party.id}`));
    expect(got).toMatchObject({ id: party.id, visitingAddress: { city: "Helsinki" }, billingAddress: null });
    const changed = outputOf(
      "party.update",
      await call(admin, "PUT", `/tenant/party/${party.id}`, {
        companyName: "Gamma Group Oy",
        billingAddress: { address1: "PL 5", city: "Espoo" },
        tenantParty: true,
      }),
    );
    expect(changed).toMatchObject({
      companyName: "Gamma Group Oy",
      phone: "+358 40 1",
      visitingAddress: { city: "Helsinki" },
      billingAddress: { address1: "PL 5", city: "Espoo", country: null },
      tenantParty: false,
    });
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(errorOf(await call(admin, "GET", `/tenant/party/${unknown}`)).error_key).toBe("not_found");
    expect(
      errorOf(await call(admin, "PUT", `/tenant/party/${unknown}`, { companyName: "x" })).error_key,
    ).toBe("not_found");
    // Another organisation's admin: the row is not there for them.
    expect((await call(otherAdmin, "GET", `/tenant/party/${party.id}`, undefined, other.id)).status).toBe(
      404,
    );
    expect(
      (await call(otherAdmin, "PUT", `/tenant/party/${party.id}`, { companyName: "Taken" }, other.id)).status,
    ).toBe(404);
    expect((await call(admin, "GET", "/tenant/party/partner")).status).toBe(400);
  });

  it("§7: GET /tenant/party/{type} lists that type; GET /tenant/party lists all by company name", async () => {
    const t = await makeTenant(db.owner);
    const a = await actorFor(
      db.db,
      "t admin",
      (await makeUser(db.owner, { tenantId: t.id, tenantRoles: ["tenant_admin"] })).id,
    );
    await makeParty({ companyName: "Zeta", type: "employer" }, a, t.id);
    await makeParty({ companyName: "Eta", type: "employer" }, a, t.id);
    await makeParty({ companyName: "Theta", type: "contractor" }, a, t.id);
    const employers = outputOf("party.get", await call(a, "GET", "/tenant/party/employer", undefined, t.id));
    expect(Array.isArray(employers) && employers.map((p) => p.companyName)).toEqual(["Eta", "Zeta"]);
    const all = outputOf("party.list", await call(a, "GET", "/tenant/party", undefined, t.id));
    expect(all.map((p) => p.companyName)).toEqual(["Eta", "Theta", "Zeta"]);
  });

  it("§2: the paged list pages in SQL with a total, filters by types (comma joined) and searches", async () => {
    const t = await makeTenant(db.owner);
    const a = await actorFor(
      db.db,
      "paging admin",
      (await makeUser(db.owner, { tenantId: t.id, tenantRoles: ["tenant_admin"] })).id,
    );
    for (let i = 0; i < 60; i++)
      await makeParty(
        {
          companyName: `Firm ${String(i).padStart(2, "0")}`,
          type: i % 3 === 0 ? "supplier" : "customer",
          businessCode: `BC-${i}`,
        },
        a,
        t.id,
      );
    await makeParty({ companyName: "100% Pure_Oy", type: "employer" }, a, t.id);
    const page = (query: string) =>
      call(a, "GET", `/tenant/party/paged${query}`, undefined, t.id).then((r) => outputOf("party.paged", r));
    const first = await page("");
    expect(first.totalElements).toBe(61);
    expect(first.content).toHaveLength(50);
    expect(first.content[0]?.companyName).toBe("100% Pure_Oy");
    const second = await page("?pageNo=1&pageSize=50");
    const all = (await page("?pageSize=0")).content.map((p) => p.companyName);
    expect(all).toHaveLength(61);
    // The second page is the 11 names after the first 50, in the same order.
    expect(first.content.map((p) => p.companyName)).toEqual(all.slice(0, 50));
    expect(second.content.map((p) => p.companyName)).toEqual(all.slice(50));
    const suppliers = await page("?types=supplier");
    expect(suppliers.totalElements).toBe(20);
    expect(suppliers.content.every((p) => p.type === "supplier")).toBe(true);
    expect((await page("?types=supplier,employer")).totalElements).toBe(21);
    expect((await page("?types=supplier%2Cemployer")).totalElements).toBe(21);
    expect((await page("?search=firm%200")).totalElements).toBe(10);
    expect((await page("?search=bc-59")).content.map((p) => p.companyName)).toEqual(["Firm 59"]);
    // `%` and `_` are plain characters of a word, no wildcards.
    expect((await page("?search=100%25")).totalElements).toBe(1);
    expect((await page("?search=pure_o")).totalElements).toBe(1);
    expect((await page("?search=%25")).totalElements).toBe(0);
    expect((await page("?search=p_re")).totalElements).toBe(0);
    for (const query of ["?pageSize=20", "?pageNo=-1", "?types=partner", `?search=${"x".repeat(201)}`])
      expect((await call(a, "GET", `/tenant/party/paged${query}`, undefined, t.id)).status, query).toBe(400);
  });

  it("§4: adding a person to a party sets the employer, removing empties it; a foreign party is refused", async () => {
    const party = await makeParty({ companyName: "Employer Oy", type: "employer" });
    const person = outputOf(
      "person.create",
      await call(admin, "POST", "/tenant/person", { firstname: "Anna", lastname: "Aalto" }),
    );
    expect(person.employer).toBeNull();
    const linked = outputOf(
      "person.update",
      await call(admin, "PUT", `/tenant/person/${person.id}`, { employerId: party.id }),
    );
    expect(linked).toMatchObject({ employerId: party.id, employer: { companyName: "Employer Oy" } });
    const persons = outputOf(
      "person.byEmployer",
      await call(admin, "GET", `/tenant/person/byemployer/${party.id}`),
    );
    expect(persons.map((p) => p.id)).toEqual([person.id]);
    const unlinked = outputOf(
      "person.update",
      await call(admin, "PUT", `/tenant/person/${person.id}`, { employerId: null }),
    );
    expect(unlinked).toMatchObject({ employerId: null, employer: null, firstname: "Anna" });
    expect(
      outputOf("person.byEmployer", await call(admin, "GET", `/tenant/person/byemployer/${party.id}`)),
    ).toEqual([]);
    const foreign = await makeParty({ companyName: "Foreign Oy" }, otherAdmin, other.id);
    const refused = await call(admin, "PUT", `/tenant/person/${person.id}`, { employerId: foreign.id });
    expect(errorOf(refused).error_key).toBe("not_found");
    expect(errorOf(await call(admin, "GET", `/tenant/person/byemployer/${foreign.id}`)).error_key).toBe(
      "not_found",
    );
  });

  it("search at volume: words starting with what is typed, each word narrowing; terms follow changes, inside their organisation", async () => {
    const t = await makeTenant(db.owner);
    const a = await actorFor(
      db.db,
      "search admin",
      (await makeUser(db.owner, { tenantId: t.id, tenantRoles: ["tenant_admin"] })).id,
    );
    const timber = await makeParty({ companyName: "Nordic Timber Oy", businessCode: "1234567-8" }, a, t.id);
    await makeParty({ companyName: "Nordic Steel Ab", code: "NS-1" }, a, t.id);
    await makeParty({ companyName: "Lakeside 50%_off" }, a, t.id);
    await makeParty({ companyName: "Nordic Timber Oy" }, otherAdmin, other.id);
    const paged = async (search: string, actor = a, tenantId = t.id) =>
      outputOf(
        "party.paged",
        await call(
          actor,
          "GET",
          `/tenant/party/paged?search=${encodeURIComponent(search)}`,
          undefined,
          tenantId,
        ),
      );
    const names = async (search: string) => (await paged(search)).content.map((p) => p.companyName);
    expect(await names("nor")).toEqual(["Nordic Steel Ab", "Nordic Timber Oy"]);
    expect((await paged("nor")).totalElements).toBe(2);
    expect(await names("nor tim")).toEqual(["Nordic Timber Oy"]);
    expect(await names("TIMBER  nordic")).toEqual(["Nordic Timber Oy"]);
    expect(await names("nor xyz")).toEqual([]);
    // A word in the middle of another word is not found (docs/decisions.md "Search at volume").
    expect(await names("imber")).toEqual([]);
    // A business code and a code are found whole and by their parts.
    expect(await names("1234567")).toEqual(["Nordic Timber Oy"]);
    // Its "1234567" and "1234567-8" both start with the word: counted once (migration 0036).
    expect((await paged("1234567")).totalElements).toBe(1);
    expect(await names("1234567-8")).toEqual(["Nordic Timber Oy"]);
    expect(await names("ns-1")).toEqual(["Nordic Steel Ab"]);
    // `%` and `_` are plain characters; a search of punctuation alone finds nothing.
    expect(await names("50%_")).toEqual(["Lakeside 50%_off"]);
    expect(await names("50_")).toEqual([]);
    expect(await names("%")).toEqual([]);
    expect(await names("!?")).toEqual([]);
    // Renamed: found by its new name, not its old; the unchanged business code still finds it.
    outputOf(
      "party.update",
      await call(a, "PUT", `/tenant/party/${timber.id}`, { companyName: "Baltic Wood Oy" }, t.id),
    );
    expect(await names("timber")).toEqual([]);
    expect(await names("baltic")).toEqual(["Baltic Wood Oy"]);
    expect(await names("1234567")).toEqual(["Baltic Wood Oy"]);
    // Deleted: its terms are gone with it; the kept total follows.
    const terms = schema.partySearchTerms;
    const termsOf = (id: string) =>
      withScope(db.db, { userId: null, tenantId: t.id }, (tx) =>
        tx.select({ term: terms.term }).from(terms).where(eq(terms.partyId, id)),
      );
    expect((await termsOf(timber.id)).map((r) => r.term).sort()).toEqual([
      "1234567",
      "1234567-8",
      "8",
      "baltic",
      "oy",
      "wood",
    ]);
    await withScope(db.db, { userId: null, tenantId: t.id }, (tx) =>
      tx.delete(schema.parties).where(eq(schema.parties.id, timber.id)),
    );
    expect(await termsOf(timber.id)).toEqual([]);
    expect(await names("baltic")).toEqual([]);
    expect((await paged("")).totalElements).toBe(2);
    // Row-level security: the other organisation's party of the same name is never found here, and
    // its scope sees no term of this one.
    expect(await names("timber")).toEqual([]);
    expect((await paged("nor", otherAdmin, other.id)).content.map((p) => p.companyName)).toEqual([
      "Nordic Timber Oy",
    ]);
    const seen = await withScope(db.db, { userId: null, tenantId: other.id }, (tx) =>
      tx.select({ t: terms.tenantId }).from(terms),
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.t === other.id)).toBe(true);
  });

  it("row-level security: another organisation's scope sees no party or person of this one and cannot write one", async () => {
    const party = await makeParty({ companyName: "Fenced Oy" });
    outputOf(
      "person.create",
      await call(admin, "POST", "/tenant/person", { lastname: "Fenced", employerId: party.id }),
    );
    const seen = await withScope(db.db, { userId: null, tenantId: other.id }, async (tx) => ({
      parties: await tx.select({ t: schema.parties.tenantId }).from(schema.parties),
      persons: await tx.select({ t: schema.persons.tenantId }).from(schema.persons),
    }));
    expect([...seen.parties, ...seen.persons].every((r) => r.t === other.id)).toBe(true);
    const own = await withScope(db.db, { userId: null, tenantId: tenant.id }, (tx) =>
      tx.select({ id: schema.parties.id }).from(schema.parties),
    );
    expect(own.map((r) => r.id)).toContain(party.id);
    await expect(
      withScope(db.db, { userId: null, tenantId: other.id }, (tx) =>
        tx.insert(schema.parties).values({ tenantId: tenant.id, companyName: "Planted" }),
      ),
    ).rejects.toThrow();
  });

  it("§7: every party path is in /api/openapi.json", async () => {
    const doc = (await (await server.fetch("/api/openapi.json")).json()) as { paths: Record<string, object> };
    expect(Object.keys(doc.paths["/tenant/party"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/tenant/party/paged"] ?? {})).toEqual(["get"]);
    expect(Object.keys(doc.paths["/tenant/party/{id}"] ?? {}).sort()).toEqual(["get", "put"]);
  });
});
