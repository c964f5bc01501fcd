import { refreshNotifications } from "@kunto/api";
import { schema } from "@kunto/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeDnb, startFakeDnb } from "../../../../packages/fake-dnb/src/index";
import {
  type Actor,
  actorFor,
  asOwner,
  connect,
  makeTenant,
  makeUser,
  startServer,
  TEST_CONFIG,
} from "../support/harness";
import { errorOf, outputOf, rest } from "../support/rest";

/**
 * Issue 23: the financials calls over real HTTP against the real database and the local fake
 * D&B Direct+ (document 3 §2, §5, §6, §7, §8): plan gate, roles, the D-U-N-S rules, the identity
 * search and its errors, the fetch that answers at once, and the feature without credentials.
 */
const db = connect();
let fake: FakeDnb;
let server: Awaited<ReturnType<typeof startServer>>;
let bare: Awaited<ReturnType<typeof startServer>>;
let pro: { id: string };
let free: { id: string };
let admin: Actor;
let basic: Actor;
let freeAdmin: Actor;

const call = (
  s: typeof server,
  actor: Actor,
  tenantId: string,
  method: string,
  path: string,
  body?: unknown,
) => rest(s, { method, path: `/api${path}`, actor, tenantId, body });

beforeAll(async () => {
  fake = await startFakeDnb();
  const dnb = { clientId: fake.clientId, clientSecret: fake.clientSecret, baseUrl: fake.url };
  server = await startServer(db.db, { ...TEST_CONFIG, dnb });
  bare = await startServer(db.db, TEST_CONFIG);
  pro = await makeTenant(db.owner, { plan: "PRO" });
  free = await makeTenant(db.owner, { plan: "FREE" });
  admin = await actorFor(
    db.db,
    "admin",
    (await makeUser(db.owner, { tenantId: pro.id, tenantRoles: ["tenant_admin"] })).id,
  );
  basic = await actorFor(
    db.db,
    "basic",
    (await makeUser(db.owner, { tenantId: pro.id, tenantRoles: ["tenant_basic"] })).id,
  );
  freeAdmin = await actorFor(
    db.db,
    "free admin",
    (await makeUser(db.owner, { tenantId: free.id, tenantRoles: ["tenant_admin"] })).id,
  );
});

afterAll(async () => {
  await server.close();
  await bare.close();
  await fake.close();
  await db.close();
});

const search = { name: "Esimerkki Oy", registrationNumber: "", countryISOAlpha2Code: "FI" };

describe("plan gate (PRO or higher)", () => {
  it("FREE: every call answers 403 plan_required (feature financials)", async () => {
    for (const [method, path, body] of [
      ["GET", "/tenant/financial", undefined],
      ["GET", "/tenant/financial/fetch", undefined],
      ["POST", "/tenant/dnbidentity", search],
      ["POST", "/tenant/financial/duns", { dunsNumber: "123456789" }],
    ] as const) {
      const answer = await call(server, freeAdmin, free.id, method, path, body);
      expect([answer.status, errorOf(answer).error_key, errorOf(answer).data?.code]).toMatchObject([
        403,
        "plan_required",
        expect.any(String),
      ]);
    }
  });

  it("PRO: the statements, the fetch state and the flags", async () => {
    const answer = outputOf("financial.get", await call(server, basic, pro.id, "GET", "/tenant/financial"));
    expect(answer).toEqual({
      configured: true,
      dunsNumber: null,
      statements: [],
      surveyYears: [],
      fetch: { status: "idle", progress: 0, errorKey: null, requestedAt: null, finishedAt: null },
    });
  });
});

describe("identity search (POST /api/tenant/dnbidentity)", () => {
  it("tenant admin: matches with name, address, registration number and D-U-N-S, best first", async () => {
    const matches = outputOf(
      "financial.identitySearch",
      await call(server, admin, pro.id, "POST", "/tenant/dnbidentity", search),
    );
    expect(matches.map((m) => [m.duns, m.primaryName, m.registrationNumbers[0]?.registrationNumber])).toEqual(
      [
        ["539876543", "Esimerkki Oy", "1234567-8"],
        ["539876544", "Esimerkki Palvelut Oy", "2345678-9"],
      ],
    );
    expect(matches[0]?.primaryAddress.addressLocality.name).toBe("Helsinki");
  });

  it("others: 403 access_denied", async () => {
    const answer = await call(server, basic, pro.id, "POST", "/tenant/dnbidentity", search);
    expect([answer.status, errorOf(answer).error_key]).toEqual([403, "access_denied"]);
  });

  it("nothing found: 404 duns_no_search_results", async () => {
    const answer = await call(server, admin, pro.id, "POST", "/tenant/dnbidentity", {
      ...search,
      name: "Nobody",
      countryISOAlpha2Code: "SE",
    });
    expect([answer.status, errorOf(answer).error_key]).toEqual([404, "duns_no_search_results"]);
  });

  it("the provider failing: 503 tenants.duns_search_error", async () => {
    fake.failNext({ status: 500 });
    const answer = await call(server, admin, pro.id, "POST", "/tenant/dnbidentity", search);
    expect([answer.status, errorOf(answer).error_key]).toEqual([503, "tenants.duns_search_error"]);
  });

  it("the form's rules: name and country required, country from the list, no other fields", async () => {
    for (const [body, field] of [
      [{ ...search, name: " " }, "name"],
      [{ ...search, countryISOAlpha2Code: "" }, "countryISOAlpha2Code"],
      [{ ...search, countryISOAlpha2Code: "XX" }, "countryISOAlpha2Code"],
    ] as const) {
      const answer = await call(server, admin, pro.id, "POST", "/tenant/dnbidentity", body);
      expect(answer.status).toBe(400);
      expect(Object.keys(errorOf(answer).data?.fields ?? {})).toContain(field);
    }
    const extra = await call(server, admin, pro.id, "POST", "/tenant/dnbidentity", { ...search, duns: "1" });
    expect(extra.status).toBe(400);
  });
});

describe("D-U-N-S number (POST /api/tenant/financial/duns)", () => {
  it("must be exactly 9 digits", async () => {
    for (const dunsNumber of ["12345678", "1234567890", "12345678x", ""]) {
      const answer = await call(server, admin, pro.id, "POST", "/tenant/financial/duns", { dunsNumber });
      expect([answer.status, errorOf(answer).data?.fields]).toEqual([400, { dunsNumber: "invalid_duns" }]);
    }
  });

  it("only a tenant admin saves it; then it is locked (the same number again is no change)", async () => {
    const refused = await call(server, basic, pro.id, "POST", "/tenant/financial/duns", {
      dunsNumber: "539876543",
    });
    expect([refused.status, errorOf(refused).error_key]).toEqual([403, "access_denied"]);
    const saved = await call(server, admin, pro.id, "POST", "/tenant/financial/duns", {
      dunsNumber: "539876543",
    });
    expect(outputOf("financial.saveDuns", saved)).toEqual({ dunsNumber: "539876543" });
    const again = await call(server, admin, pro.id, "POST", "/tenant/financial/duns", {
      dunsNumber: "539876543",
    });
    expect(again.status).toBe(200);
    const changed = await call(server, admin, pro.id, "POST", "/tenant/financial/duns", {
      dunsNumber: "539876544",
    });
    expect([changed.status, errorOf(changed).error_key]).toEqual([400, "duns_locked"]);
    const [row] = await db.owner
      .select({ duns: schema.tenants.dunsNumber })
      .from(schema.tenants)
      .where(eq(schema.tenants.id, pro.id));
    expect(row?.duns).toBe("539876543");
  });
});

describe("fetch (GET /api/tenant/financial/fetch)", () => {
  it("without a D-U-N-S number: 409 duns_missing", async () => {
    const other = await makeTenant(db.owner, { plan: "TOTAL" });
    const otherAdmin = await actorFor(
      db.db,
      "other",
      (await makeUser(db.owner, { tenantId: other.id, tenantRoles: ["tenant_admin"] })).id,
    );
    const answer = await call(server, otherAdmin, other.id, "GET", "/tenant/financial/fetch");
    expect([answer.status, errorOf(answer).error_key]).toEqual([409, "duns_missing"]);
  });

  it("queues and answers at once; asking again while queued queues nothing more", async () => {
    // No job process runs in this file: the answer cannot have waited for the provider.
    const callsBefore = fake.calls.length;
    const first = outputOf(
      "financial.fetch",
      await call(server, basic, pro.id, "GET", "/tenant/financial/fetch"),
    );
    expect(first).toMatchObject({ status: "queued", progress: 0, errorKey: null, finishedAt: null });
    const second = outputOf(
      "financial.fetch",
      await call(server, admin, pro.id, "GET", "/tenant/financial/fetch"),
    );
    expect(second.requestedAt).toBe(first.requestedAt);
    expect(fake.calls.length).toBe(callsBefore);
    const state = outputOf("financial.get", await call(server, basic, pro.id, "GET", "/tenant/financial"));
    expect(state.fetch.status).toBe("queued");
    expect(state.dunsNumber).toBe("539876543");
  });
});

describe("without D&B credentials", () => {
  it("says so plainly: configured false, search and fetch 409 financials_not_configured", async () => {
    const overview = outputOf("financial.get", await call(bare, admin, pro.id, "GET", "/tenant/financial"));
    expect(overview.configured).toBe(false);
    for (const [method, path, body] of [
      ["GET", "/tenant/financial/fetch", undefined],
      ["POST", "/tenant/dnbidentity", search],
    ] as const) {
      const answer = await call(bare, admin, pro.id, method, path, body);
      expect([answer.status, errorOf(answer).error_key]).toEqual([409, "financials_not_configured"]);
    }
  });

  it("the D-U-N-S notice does not nag (the job without a provider makes none and removes any); with one it shows", async () => {
    const lonely = await makeTenant(db.owner, {
      plan: "PRO",
      streetAddress: "Katu 1",
      zipCode: "00100",
      city: "Helsinki",
    });
    const lonelyAdmin = await actorFor(
      db.db,
      "lonely",
      (await makeUser(db.owner, { tenantId: lonely.id, tenantRoles: ["tenant_admin"] })).id,
    );
    const types = async () =>
      outputOf(
        "notification.list",
        await call(bare, lonelyAdmin, lonely.id, "GET", "/tenant/notification"),
      ).map((n) => n.type);
    await refreshNotifications(db.system, new Date(), { dunsNotice: false });
    expect(await types()).not.toContain("DUNS_NUMBER_MISSING");
    await refreshNotifications(db.system, new Date(), { dunsNotice: true });
    expect(await types()).toContain("DUNS_NUMBER_MISSING");
    // The provider taken away: the next run removes it.
    await refreshNotifications(db.system, new Date(), { dunsNotice: false });
    expect(await types()).not.toContain("DUNS_NUMBER_MISSING");
    await refreshNotifications(db.system, new Date(), { dunsNotice: true });
    await asOwner(db.owner, (tx) =>
      tx.update(schema.tenants).set({ dunsNumber: "804735132" }).where(eq(schema.tenants.id, lonely.id)),
    );
    expect(await types()).not.toContain("DUNS_NUMBER_MISSING");
  });
});

describe("demo statements", () => {
  it("give each demo organisation five years once", async () => {
    const { seedFinancials } = await import("@kunto/api");
    const { withSystem } = await import("@kunto/db");
    const demo = await makeTenant(db.owner, { plan: "PRO", isDemo: true });
    await withSystem(db.system, (tx) => seedFinancials(tx, new Date("2026-06-01T00:00:00Z")));
    const rows = await db.owner
      .select()
      .from(schema.financialStatements)
      .where(eq(schema.financialStatements.tenantId, demo.id));
    expect(rows.map((r) => r.financialStatementToDate).sort()).toEqual([
      "2021-12-31",
      "2022-12-31",
      "2023-12-31",
      "2024-12-31",
      "2025-12-31",
    ]);
    expect(rows.every((r) => r.source === "demo" && r.currency === "EUR")).toBe(true);
    expect(
      await withSystem(db.system, (tx) => seedFinancials(tx, new Date("2026-06-01T00:00:00Z"))),
    ).toBeGreaterThanOrEqual(0);
    const again = await db.owner
      .select()
      .from(schema.financialStatements)
      .where(eq(schema.financialStatements.tenantId, demo.id));
    expect(again).toHaveLength(5);
  });
});
