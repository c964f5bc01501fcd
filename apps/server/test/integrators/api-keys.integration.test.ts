import { hashToken } from "@kunto/auth";
import { addDays, apiKeyDefaultExpiry, dayEnd, dayOf } from "@kunto/core";
import { schema } from "@kunto/db";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { activeTemplate, makeSharedSurvey } from "../support/surveys";
import { makeKey, withKey } from "./api-key-support";

/**
 * Issue 20 items 1 and 2: API keys managed in the organisation's settings, and calls authenticated
 * by them over real HTTP against the real database (docs/decisions.md "API keys").
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
let pro: { id: string };
let free: { id: string };
let other: { id: string };
let admin: Actor;
let readonly: Actor;
let freeAdmin: Actor;
let otherAdmin: Actor;
let platformAdmin: Actor;

beforeAll(async () => {
  server = await startServer(db.db);
  pro = await makeTenant(db.owner, { plan: "PRO" });
  free = await makeTenant(db.owner, { plan: "FREE" });
  other = await makeTenant(db.owner, { plan: "TOTAL" });
  const member = (tenantId: string, role: string) => makeUser(db.owner, { tenantId, tenantRoles: [role] });
  admin = await actorFor(db.db, "admin", (await member(pro.id, "tenant_admin")).id);
  readonly = await actorFor(db.db, "readonly", (await member(pro.id, "tenant_readonly")).id);
  freeAdmin = await actorFor(db.db, "free admin", (await member(free.id, "tenant_admin")).id);
  otherAdmin = await actorFor(db.db, "other admin", (await member(other.id, "tenant_admin")).id);
  platformAdmin = await actorFor(
    db.db,
    "platform",
    (await makeUser(db.owner, { systemRoles: ["admin"] })).id,
  );
});
afterAll(async () => {
  await server.close();
  await db.close();
});

const manage = (actor: Actor, method: string, path: string, tenantId: string, body?: unknown) =>
  rest(server, { actor, method, path: `/api/tenant/apikey${path}`, tenantId, body });
const keyRow = async (publicKey: string) => {
  const [row] = await db.owner.select().from(schema.apiKeys).where(eq(schema.apiKeys.publicKey, publicKey));
  return row;
};
const failure = (answer: Awaited<ReturnType<typeof rest>>) => ({
  status: answer.status,
  key: errorOf(answer).error_key,
});

describe("managing API keys (document 3 §2-§9)", () => {
  it("lets a PRO tenant admin create, list, change and delete keys, the private key answered once and stored hashed", async () => {
    const day = apiKeyDefaultExpiry();
    const created = await manage(admin, "POST", "", pro.id, {
      name: " Payroll sync ",
      expireAt: day,
      ips: " 192.0.2.10 \n\n2001:db8::/32\n",
      scope: "read",
      termsAccepted: true,
    });
    const key = outputOf("apiKey.create", created);
    expect(key).toMatchObject({
      name: "Payroll sync",
      scope: "read",
      ips: "192.0.2.10\n2001:db8::/32",
      expireAt: dayEnd(day).toISOString(),
      lastUsed: null,
      createdBy: { id: admin.userId },
    });
    expect(key.token).toBe(`${key.publicKey}.${key.privateKey}`);
    // Stored: the public key in clear, the private key only as its SHA-256.
    const row = await keyRow(key.publicKey);
    expect(row?.secretHash).toBe(hashToken(key.privateKey));
    expect(JSON.stringify(row)).not.toContain(key.privateKey);

    const listed = await manage(admin, "GET", "", pro.id);
    expect(outputOf("apiKey.list", listed).map((k) => k.publicKey)).toContain(key.publicKey);
    expect(listed.text).not.toContain(key.privateKey);

    const changed = await manage(admin, "PUT", `/${key.publicKey}`, pro.id, {
      name: "Payroll",
      ips: "",
      scope: "write",
    });
    expect(outputOf("apiKey.update", changed)).toMatchObject({ name: "Payroll", ips: "", scope: "write" });
    expect(changed.text).not.toContain(key.privateKey);
    expect((await keyRow(key.publicKey))?.secretHash).toBe(hashToken(key.privateKey));

    expect((await manage(admin, "DELETE", `/${key.publicKey}`, pro.id)).status).toBe(200);
    expect(await keyRow(key.publicKey)).toBeUndefined();
    expect(failure(await manage(admin, "DELETE", `/${key.publicKey}`, pro.id))).toEqual({
      status: 404,
      key: "not_found",
    });

    const audit = await db.owner
      .select({ action: schema.auditLog.action, details: schema.auditLog.details })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.targetId, key.publicKey), eq(schema.auditLog.tenantId, pro.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(["apikey.created", "apikey.deleted", "apikey.updated"]);
    expect(JSON.stringify(audit)).not.toContain(key.privateKey);
  });

  it("refuses a key without the terms accepted, an expiry in the past and IP lines that are no address", async () => {
    const base = { name: "Checks", expireAt: apiKeyDefaultExpiry(), scope: "read" };
    const terms = await manage(admin, "POST", "", pro.id, { ...base, termsAccepted: false });
    expect(failure(terms)).toEqual({ status: 400, key: "api_key_terms_required" });

    const yesterday = addDays(dayOf(new Date()), -1);
    const past = await manage(admin, "POST", "", pro.id, {
      ...base,
      expireAt: yesterday,
      termsAccepted: true,
    });
    expect(failure(past)).toEqual({ status: 400, key: "dates_in_past_error" });
    // Today is not past: the key works until 23:59:59 of today, Europe/Helsinki.
    const today = dayOf(new Date());
    const lastDay = await manage(admin, "POST", "", pro.id, {
      ...base,
      expireAt: today,
      termsAccepted: true,
    });
    expect(outputOf("apiKey.create", lastDay).expireAt).toBe(dayEnd(today).toISOString());

    const ips = "10.0.0.1\nnot an address\n\n10.0.0.0/33\n::1\n2001:db8::/129\n192.0.2.0/24";
    const bad = await manage(admin, "POST", "", pro.id, { ...base, ips, termsAccepted: true });
    expect(failure(bad)).toEqual({ status: 400, key: "api_key_invalid_ip" });
    expect(errorOf(bad).data?.fields).toEqual({
      "ips.2": "api_key_invalid_ip",
      "ips.4": "api_key_invalid_ip",
      "ips.6": "api_key_invalid_ip",
    });
    const good = ips
      .split("\n")
      .filter((_, i) => ![1, 3, 5].includes(i))
      .join("\n");
    const accepted = await manage(admin, "POST", "", pro.id, { ...base, ips: good, termsAccepted: true });
    expect(outputOf("apiKey.create", accepted).ips).toBe("10.0.0.1\n::1\n192.0.2.0/24");
  });

  it("refuses FREE organisations, members without the admin role and other organisations' admins", async () => {
    const body = { name: "X", expireAt: apiKeyDefaultExpiry(), termsAccepted: true };
    const onFree = await manage(freeAdmin, "POST", "", free.id, body);
    expect(failure(onFree)).toEqual({ status: 403, key: "plan_required" });
    expect(onFree.body).toMatchObject({ data: { feature: "apiKeys" } });
    expect(failure(await manage(freeAdmin, "GET", "", free.id))).toEqual({
      status: 403,
      key: "plan_required",
    });
    expect(failure(await manage(readonly, "GET", "", pro.id))).toEqual({ status: 403, key: "access_denied" });
    expect(failure(await manage(readonly, "POST", "", pro.id, body))).toEqual({
      status: 403,
      key: "access_denied",
    });
    expect(failure(await manage(otherAdmin, "GET", "", pro.id))).toEqual({
      status: 403,
      key: "access_denied",
    });
    // The PRO admin of the same calls gets through (the other half).
    expect((await manage(admin, "GET", "", pro.id)).status).toBe(200);
  });

  it("lets a platform admin manage the keys of any organisation, FREE included", async () => {
    const body = { name: "Support", expireAt: apiKeyDefaultExpiry(), termsAccepted: true };
    const made = outputOf("apiKey.create", await manage(platformAdmin, "POST", "", free.id, body));
    expect(made.createdBy?.id).toBe(platformAdmin.userId);
    const listed = outputOf("apiKey.list", await manage(platformAdmin, "GET", "", free.id));
    expect(listed.map((k) => k.publicKey)).toEqual([made.publicKey]);
    // The FREE organisation's own admin still sees nothing of it.
    expect(failure(await manage(freeAdmin, "GET", "", free.id))).toEqual({
      status: 403,
      key: "plan_required",
    });
    expect((await manage(platformAdmin, "DELETE", `/${made.publicKey}`, free.id)).status).toBe(200);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(failure(await manage(platformAdmin, "GET", "", missing))).toEqual({
      status: 404,
      key: "not_found",
    });
  });
});

describe("calls authenticated by an API key", () => {
  it("lists the organisation's surveys over REST without a cookie, with or without X-tenant-id", async () => {
    const { survey } = await makeSharedSurvey(db.owner, pro.id);
    const { token } = await makeKey(server, admin, pro.id, { scope: "read" });
    for (const tenantId of [undefined, pro.id]) {
      const answer = await withKey(server, token, { path: "/api/tenant/survey", tenantId });
      expect(outputOf("survey.list", answer).map((s) => s.key)).toContain(survey.key);
      expect(answer.headers.get("set-cookie")).toBeNull();
    }
  });

  it("refuses an X-tenant-id that names another organisation, and one that is no UUID", async () => {
    const { token } = await makeKey(server, admin, pro.id);
    const elsewhere = await withKey(server, token, { path: "/api/tenant/survey", tenantId: other.id });
    expect(failure(elsewhere)).toEqual({ status: 403, key: "access_denied" });
    const garbled = await withKey(server, token, { path: "/api/tenant/survey", tenantId: "not-a-uuid" });
    expect(failure(garbled)).toEqual({ status: 400, key: "tenant_header_invalid" });
  });

  it("enforces the IP list: another address is refused, a listed address and range are allowed", async () => {
    const { token } = await makeKey(server, admin, pro.id, { ips: "127.0.0.2\n127.0.9.0/24" });
    const call = (from: string) => withKey(server, token, { path: "/api/tenant/survey", from });
    expect(failure(await call("127.0.0.3"))).toEqual({ status: 403, key: "api_key_address_refused" });
    expect((await call("127.0.0.2")).status).toBe(200);
    expect((await call("127.0.9.44")).status).toBe(200);
  });

  it("reads the address with the trusted-proxy rule: the proxy's entry counts, the client's own does not", async () => {
    const proxied = await startServer(db.db, { ...TEST_CONFIG, trustProxy: 1 });
    try {
      const { token } = await makeKey(proxied, admin, pro.id, { ips: "198.51.100.7" });
      const call = (forwarded: string) =>
        withKey(proxied, token, { path: "/api/tenant/survey", headers: { "x-forwarded-for": forwarded } });
      expect((await call("203.0.113.9, 198.51.100.7")).status).toBe(200);
      expect(failure(await call("198.51.100.7, 203.0.113.9"))).toEqual({
        status: 403,
        key: "api_key_address_refused",
      });
    } finally {
      await proxied.close();
    }
  });

  it("refuses an expired key and a deleted key at once", async () => {
    const expiring = await makeKey(server, admin, pro.id);
    const call = (token: string) => withKey(server, token, { path: "/api/tenant/survey" });
    expect((await call(expiring.token)).status).toBe(200);
    await asOwner(db.owner, (tx) =>
      tx
        .update(schema.apiKeys)
        .set({ expireAt: sql`now() - interval '1 second'` })
        .where(eq(schema.apiKeys.publicKey, expiring.publicKey)),
    );
    expect(failure(await call(expiring.token))).toEqual({ status: 401, key: "api_key_invalid" });

    const deleted = await makeKey(server, admin, pro.id);
    expect((await call(deleted.token)).status).toBe(200);
    expect((await manage(admin, "DELETE", `/${deleted.publicKey}`, pro.id)).status).toBe(200);
    expect(failure(await call(deleted.token))).toEqual({ status: 401, key: "api_key_invalid" });
    // A wrong private key and a malformed credential are the same refusal.
    expect(failure(await call(`${expiring.publicKey}.${"a".repeat(40)}`))).toEqual({
      status: 401,
      key: "api_key_invalid",
    });
    expect(failure(await call("no-dot-here"))).toEqual({ status: 401, key: "api_key_invalid" });
  });

  it("lets a read key only GET, and a write key write, credited to the key's maker", async () => {
    const team = { name: "Integrated team", type: "PERSONNEL" };
    const read = await makeKey(server, admin, pro.id, { scope: "read" });
    const post = (token: string) =>
      withKey(server, token, { method: "POST", path: "/api/tenant/team", body: team });
    expect(failure(await post(read.token))).toEqual({ status: 403, key: "api_key_read_only" });
    expect((await withKey(server, read.token, { path: "/api/tenant/team" })).status).toBe(200);

    const write = await makeKey(server, admin, pro.id, { scope: "write", name: "Team sync" });
    const made = outputOf("team.create", await post(write.token));
    expect(made.name).toBe("Integrated team");
    // The write is audited with the key's name, credited to its maker; the refused one left nothing.
    const rows = await db.owner
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "api.team.create"), eq(schema.auditLog.tenantId, pro.id)));
    expect(rows.map((r) => ({ actor: r.actorUserId, target: r.targetId, details: r.details }))).toEqual([
      {
        actor: admin.userId,
        target: write.publicKey,
        details: expect.objectContaining({ apiKeyName: "Team sync", name: "Integrated team" }),
      },
    ]);
    await activeTemplate(db.owner, "PERSONNEL");
    const today = dayOf(new Date());
    const created = await withKey(server, write.token, {
      method: "POST",
      path: "/api/tenant/survey",
      body: { type: "PERSONNEL", start: today, end: addDays(today, 7) },
    });
    const [survey] = await db.owner
      .select({ by: schema.surveys.createdByUserId })
      .from(schema.surveys)
      .where(eq(schema.surveys.key, outputOf("survey.create", created).key));
    expect(survey?.by).toBe(admin.userId);
  });

  it("refuses a key where only a person may act, and on /trpc", async () => {
    const { token } = await makeKey(server, admin, pro.id, { scope: "write" });
    const refused = { status: 403, key: "api_key_not_allowed" };
    for (const path of ["/api/user", "/api/tenant/apikey", "/api/tenant/user", "/api/tenant/notification"])
      expect({ path, ...failure(await withKey(server, token, { path })) }).toEqual({ path, ...refused });
    const newKey = { name: "Y", expireAt: apiKeyDefaultExpiry(), termsAccepted: true };
    expect(
      failure(await withKey(server, token, { method: "POST", path: "/api/tenant/apikey", body: newKey })),
    ).toEqual(refused);
    const password = { oldPassword: "x", newPassword: "a new password of length" };
    for (const [method, path, body] of [
      ["GET", "/trpc/survey.list", undefined],
      ["GET", "/trpc/user.me", undefined],
      ["POST", "/trpc/auth.changePassword", password],
    ] as const)
      expect({ path, ...failure(await withKey(server, token, { method, path, body })) }).toEqual({
        path,
        ...refused,
      });
    // The same key reads the organisation's own data over REST (the other half).
    expect((await withKey(server, token, { path: "/api/tenant" })).status).toBe(200);
  });

  it("answers 429 with the IETF RateLimit and RateLimit-Policy headers past the key's limit", async () => {
    const limited = await makeKey(server, admin, pro.id);
    const spare = await makeKey(server, admin, pro.id);
    const id = (await keyRow(limited.publicKey))?.id;
    expect((await withKey(server, limited.token, { path: "/api/tenant/survey" })).status).toBe(200);
    // The minute's quota used up (600 calls are not made one by one here).
    await db.ownerSql`update rate_limits set hits = 600 where key = ${`apikey:${id}`}`;
    const refused = await withKey(server, limited.token, { path: "/api/tenant/survey" });
    expect(failure(refused)).toEqual({ status: 429, key: "too_many_requests" });
    expect(refused.headers.get("ratelimit-policy")).toBe('"key";q=600;w=60');
    const state = /^"key";r=0;t=(\d+)$/.exec(refused.headers.get("ratelimit") ?? "");
    const reset = Number(state?.[1]);
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(60);
    expect(refused.headers.get("retry-after")).toBe(String(reset));
    // The report download, served beside the REST adapter, refuses with the same headers.
    const download = await withKey(server, limited.token, {
      path: "/api/tenant/reports/export/csv?surveys=none&lang=en",
    });
    expect(failure(download)).toEqual({ status: 429, key: "too_many_requests" });
    expect(download.headers.get("ratelimit-policy")).toBe('"key";q=600;w=60');
    expect(download.headers.get("ratelimit")).toMatch(/^"key";r=0;t=\d+$/);
    expect(Number(download.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Another key of the same organisation has its own quota.
    expect((await withKey(server, spare.token, { path: "/api/tenant/survey" })).status).toBe(200);
  });

  it("writes last_used at most once a minute, not once a call", async () => {
    const { publicKey, token } = await makeKey(server, admin, pro.id);
    expect((await keyRow(publicKey))?.lastUsedAt).toBeNull();
    expect((await withKey(server, token, { path: "/api/tenant/survey" })).status).toBe(200);
    const first = (await keyRow(publicKey))?.lastUsedAt;
    expect(first).toBeInstanceOf(Date);
    for (let i = 0; i < 5; i++) await withKey(server, token, { path: "/api/tenant/survey" });
    expect((await keyRow(publicKey))?.lastUsedAt).toEqual(first);
    // A minute later the next call writes it again.
    await asOwner(db.owner, (tx) =>
      tx
        .update(schema.apiKeys)
        .set({ lastUsedAt: sql`now() - interval '61 seconds'` })
        .where(eq(schema.apiKeys.publicKey, publicKey)),
    );
    const lastUsed = async () => (await keyRow(publicKey))?.lastUsedAt?.getTime() ?? 0;
    const aged = await lastUsed();
    await withKey(server, token, { path: "/api/tenant/survey" });
    expect(await lastUsed()).toBeGreaterThan(aged);
    const listed = outputOf("apiKey.list", await manage(admin, "GET", "", pro.id));
    expect(listed.find((k) => k.publicKey === publicKey)?.lastUsed).not.toBeNull();
  });

  it("refuses a key of an organisation on FREE or made inactive", async () => {
    const tenant = await makeTenant(db.owner, { plan: "PRO" });
    const owner = await actorFor(
      db.db,
      "owner",
      (await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] })).id,
    );
    const { token } = await makeKey(server, owner, tenant.id);
    const call = () => withKey(server, token, { path: "/api/tenant/survey" });
    expect((await call()).status).toBe(200);
    const set = (values: Partial<typeof schema.tenants.$inferInsert>) =>
      asOwner(db.owner, (tx) =>
        tx.update(schema.tenants).set(values).where(eq(schema.tenants.id, tenant.id)),
      );
    await set({ plan: "FREE" });
    expect(failure(await call())).toEqual({ status: 403, key: "plan_required" });
    await set({ plan: "TOTAL", active: false });
    expect(failure(await call())).toEqual({ status: 403, key: "access_denied" });
    await set({ active: true });
    expect((await call()).status).toBe(200);
  });

  it("never rotates a session: the cookie sent with a key is not read", async () => {
    const user = await makeUser(db.owner, { tenantId: pro.id, tenantRoles: ["tenant_admin"] });
    const person = await actorFor(db.db, "rotating", user.id);
    const { token } = await makeKey(server, admin, pro.id);
    const sessionId = hashToken(person.cookie?.split("=")[1] ?? "");
    await db.ownerSql`update sessions set rotation_due = true where id = ${sessionId}`;
    const keyed = await withKey(server, token, { path: "/api/tenant/survey", cookie: person.cookie ?? "" });
    expect(keyed.status).toBe(200);
    expect(keyed.headers.get("set-cookie")).toBeNull();
    const [still] = await db.ownerSql<{ id: string }[]>`select id from sessions where id = ${sessionId}`;
    expect(still?.id).toBe(sessionId);
    // The cookie alone rotates it (the other half).
    const cookieCall = await rest(server, {
      method: "GET",
      path: "/api/tenant/survey",
      actor: person,
      tenantId: pro.id,
    });
    expect(cookieCall.headers.get("set-cookie")).toContain("kunto_session=");
  });
});

describe("the api_keys table", () => {
  it("shows the request role no key by its public key alone, only under the key's tenant", async () => {
    const { publicKey } = await makeKey(server, admin, pro.id);
    const asApp = (settings: ReturnType<typeof sql>) =>
      db.db.transaction(async (tx) => {
        await tx.execute(settings);
        return tx.select({ key: schema.apiKeys.publicKey }).from(schema.apiKeys);
      });
    expect(await asApp(sql`select set_config('app.api_key', ${publicKey}, true)`)).toEqual([]);
    expect(await asApp(sql`select set_config('app.tenant_id', ${other.id}, true)`)).toEqual([]);
    const own = await asApp(sql`select set_config('app.tenant_id', ${pro.id}, true)`);
    expect(own.map((r) => r.key)).toContain(publicKey);
  });
});

describe("the tenant header and the Origin check (issue 20.3)", () => {
  it("answers 400 to a session call on an organisation without a valid X-tenant-id", async () => {
    const missing = await rest(server, { method: "GET", path: "/api/tenant/survey", actor: admin });
    expect(failure(missing)).toEqual({ status: 400, key: "tenant_header_invalid" });
    const garbled = await rest(server, {
      method: "GET",
      path: "/api/tenant/survey",
      actor: admin,
      tenantId: "x",
    });
    expect(failure(garbled)).toEqual({ status: 400, key: "tenant_header_invalid" });
    expect(
      (await rest(server, { method: "GET", path: "/api/tenant/survey", actor: admin, tenantId: pro.id }))
        .status,
    ).toBe(200);
  });

  it("checks Origin only when a cookie is sent", async () => {
    const { token } = await makeKey(server, admin, pro.id, { scope: "write" });
    const value = { key: "integration", value: "v" };
    const keyed = await withKey(server, token, {
      method: "POST",
      path: "/api/tenant/value",
      body: value,
      origin: "https://integrator.example",
    });
    expect(keyed.status).toBe(200);
    const foreign = await rest(server, {
      method: "POST",
      path: "/api/tenant/value",
      actor: admin,
      tenantId: pro.id,
      body: value,
      origin: "https://integrator.example",
    });
    expect(failure(foreign)).toEqual({ status: 403, key: "csrf_rejected" });
    const own = await rest(server, {
      method: "POST",
      path: "/api/tenant/value",
      actor: admin,
      tenantId: pro.id,
      body: value,
    });
    expect(own.status).toBe(200);
  });
});

describe("the OpenAPI document (issue 20.2)", () => {
  it("lists the bearer scheme and names it exactly on the operations a key may call", async () => {
    const doc = (await (await server.fetch("/api/openapi.json")).json()) as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
    };
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: "apiKey" });
    const schemes = (path: string, method: string) =>
      (doc.paths[path]?.[method]?.security ?? []).flatMap((s) => Object.keys(s)).sort();
    expect(schemes("/tenant/survey", "get")).toEqual(["apiKey", "sessionCookie"]);
    expect(schemes("/tenant/team", "post")).toEqual(["apiKey", "sessionCookie"]);
    for (const [path, method] of [
      ["/tenant/apikey", "get"],
      ["/user", "get"],
      ["/tenant/user", "get"],
      ["/tenant/notification", "get"],
    ] as const)
      expect({ path, schemes: schemes(path, method) }).toEqual({ path, schemes: ["sessionCookie"] });
  });

  it("documents a 429 on every operation a key may call, the report download included", async () => {
    const doc = (await (await server.fetch("/api/openapi.json")).json()) as {
      paths: Record<
        string,
        Record<string, { security?: Record<string, unknown>[]; responses?: Record<string, unknown> }>
      >;
    };
    const keyCalls = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => (op.security ?? []).some((s) => "apiKey" in s))
        .map(([method, op]) => ({ call: `${method} ${path}`, has429: "429" in (op.responses ?? {}) })),
    );
    expect(keyCalls.map((c) => c.call)).toContain("get /tenant/reports/export/{format}");
    expect(keyCalls.filter((c) => !c.has429)).toEqual([]);
  });
});
