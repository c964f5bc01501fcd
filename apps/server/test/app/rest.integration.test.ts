import { request } from "node:http";
import { createDb, schema } from "@kunto/db";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { actorFor, connect, makeTenant, makeUser, startServer } from "../support/harness";

/** The REST adapter and its inputs over real HTTP (issue 6.11, 6.12, 6.14, 6.25). */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer(db.db);
});
afterAll(async () => {
  await server.close();
  await db.close();
});

async function tenantAdmin(systemRoles: string[] = ["basic"]) {
  const tenant = await makeTenant(db.owner);
  const user = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"], systemRoles });
  const actor = await actorFor(db.db, "admin", user.id);
  const headers = { cookie: actor.cookie ?? "", "x-tenant-id": tenant.id, origin: server.base };
  return { tenant, user, actor, headers };
}

const json = { "content-type": "application/json" };

describe("issue 6.11: hostile text and JSON answer 4xx with their own keys", () => {
  it("issue 6.11: NUL and lone surrogates answer 400 invalid_text naming the field, over REST and tRPC", async () => {
    const { headers } = await tenantAdmin();
    const nul = await server.fetch("/api/tenant/value", {
      method: "POST",
      headers: { ...headers, ...json },
      body: JSON.stringify({ key: "note", value: "a\u0000b" }),
    });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({
      error_key: "invalid_text",
      data: { fields: { value: "invalid_text" } },
    });

    const surrogate = await server.fetch("/api/user", {
      method: "POST",
      headers: { ...headers, ...json },
      body: '{"firstName":"x\\ud800"}',
    });
    expect(surrogate.status).toBe(400);
    expect(await surrogate.json()).toMatchObject({ error_key: "invalid_text" });

    const trpc = await server.fetch("/trpc/auth.signIn", {
      method: "POST",
      headers: { ...json, origin: server.base },
      body: '{"username":"\\udc00","password":"x"}',
    });
    expect(trpc.status).toBe(400);
    expect(await trpc.json()).toMatchObject({ error: { message: "invalid_text" } });
  });

  it("issue 6.11: a 5,000-deep saved state answers 400 value_too_complex; a normal one is saved", async () => {
    const { headers } = await tenantAdmin();
    const deep = `{"state":${"[".repeat(5_000)}${"]".repeat(5_000)}}`;
    const refused = await server.fetch("/api/shadow", {
      method: "POST",
      headers: { ...headers, ...json },
      body: deep,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error_key: "value_too_complex" });
    const shallow = await server.fetch("/api/shadow", {
      method: "POST",
      headers: { ...headers, ...json },
      body: JSON.stringify({ state: { screen: "users", nested: { a: [1, 2] } } }),
    });
    expect(shallow.status).toBe(200);
    const saved = await server.fetch("/api/shadow", { headers });
    expect(await saved.json()).toEqual({ state: { screen: "users", nested: { a: [1, 2] } } });
  });

  it("issue 6.11: the audit log keeps the parsed, redacted input: no unknown keys, no passwords", async () => {
    const { headers, user } = await tenantAdmin(["admin"]);
    const username = `Device-${Date.now()}`;
    const response = await server.fetch("/api/admin/user", {
      method: "POST",
      headers: { ...headers, ...json },
      body: JSON.stringify({
        type: "LOCAL",
        username: `  ${username} `,
        password: "temporary device passphrase 42",
        roleSet: ["agent"],
        smuggled: { note: "not part of the call", password: "nested" },
      }),
    });
    expect(response.status).toBe(200);
    const [row] = await db.owner
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.actorUserId, user.id))
      .orderBy(desc(schema.auditLog.id))
      .limit(1);
    expect(row?.action).toBe("admin.admin.createUser");
    expect(row?.details).toEqual({
      type: "LOCAL",
      username: username.toLowerCase(),
      password: "[redacted]",
      firstName: null,
      lastName: null,
      roleSet: ["agent"],
    });
  });

  it("issue 6.11: a tRPC batch of more than 20 calls answers 400 batch_too_large; 20 are served", async () => {
    const paths = (n: number) => Array.from({ length: n }, () => "admin.systemRoles").join(",");
    const { actor } = await tenantAdmin();
    const cookie = { cookie: actor.cookie ?? "" };
    const served = await server.fetch(`/trpc/${paths(20)}?batch=1&input={}`, { headers: cookie });
    expect(served.status).toBe(200);
    expect(((await served.json()) as unknown[]).length).toBe(20);
    const refused = await server.fetch(`/trpc/${paths(21)}?batch=1&input={}`, { headers: cookie });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('"error_key":"batch_too_large"');
  });
});

describe("issue 6.12: calls without a body need no Content-Type", () => {
  it("issue 6.12: set-language, role, enable / disable and sign-out work without Content-Type", async () => {
    const { headers, tenant } = await tenantAdmin(["admin"]);
    const member = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_basic"] });
    const call = (method: string, path: string) => server.fetch(path, { method, headers });

    const language = await call("PUT", "/api/user/set-language/fi");
    expect(language.status).toBe(200);
    expect(
      (await (await server.fetch("/api/user", { headers })).json()) as { language: string },
    ).toMatchObject({
      language: "fi",
    });
    const role = await call("POST", `/api/tenant/user/${member.id}/role/tenant_readonly`);
    expect(role.status).toBe(200);
    expect(((await role.json()) as { roles: string[] }).roles).toContain("tenant_readonly");
    expect((await call("POST", `/api/admin/user/${member.id}/disable`)).status).toBe(200);
    expect(await (await call("POST", `/api/admin/user/${member.id}/enable`)).json()).toEqual({
      result: true,
    });

    const out = await call("POST", "/api/public/logout");
    expect(out.status).toBe(200);
    expect((await server.fetch("/api/user", { headers })).status).toBe(401);
  });

  it("issue 6.12: a body in another media type answers 415 with its own key", async () => {
    const { headers } = await tenantAdmin();
    const response = await server.fetch("/api/tenant/value", {
      method: "POST",
      headers: { ...headers, "content-type": "text/plain" },
      body: "key=value",
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error_key: "unsupported_media_type" });
  });
});

describe("issue 6.14: caching and the CSRF origin", () => {
  it("issue 6.14: authenticated JSON answers carry Cache-Control: no-store, over REST and tRPC", async () => {
    const { headers } = await tenantAdmin();
    for (const path of ["/api/user", "/api/tenant", "/trpc/user.me", "/api/no/such/path"]) {
      const response = await server.fetch(path, { headers });
      expect(response.headers.get("cache-control"), path).toBe("no-store");
    }
  });

  it("issue 6.14: a write naming another Host is refused: only APP_URL's origin passes", async () => {
    const { headers } = await tenantAdmin();
    const { port } = new URL(server.base);
    const send = (host: string, origin: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({
          host: "127.0.0.1",
          port,
          path: "/api/tenant/value",
          method: "POST",
          headers: { ...headers, ...json, host, origin },
        });
        req.on("response", (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
        req.end(JSON.stringify({ key: "k", value: "v" }));
      });
    expect(await send("evil.example", "http://evil.example")).toBe(403);
    expect(await send(new URL(server.base).host, server.base)).toBe(200);
  });
});

describe("issue 6.25: a real 500 hides internals", () => {
  it("issue 6.25: a fault in a test-only route answers internal_error with no message, stack or SQL", async () => {
    const faulty = await startServer(db.db, undefined, (app) => {
      app.get("/api-test/fault", () => {
        throw new Error('relation "secret_table" does not exist at query (/srv/kunto/db.ts:42:7)');
      });
    });
    try {
      const response = await faulty.fetch("/api-test/fault");
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({
        message: "internal_error",
        code: "INTERNAL_SERVER_ERROR",
        error_key: "internal_error",
      });
      expect(text).not.toMatch(/secret_table|db\.ts|relation/);
    } finally {
      await faulty.close();
    }
  });

  it("issue 6.25: procedures on a database that fails answer 500 with a key only, over REST and tRPC", async () => {
    const { headers } = await tenantAdmin();
    const broken = createDb(inject("appUrl"), { max: 1 });
    await broken.close();
    const faulty = await startServer(broken.db);
    try {
      for (const path of ["/api/user", "/api/tenant", "/trpc/user.me"]) {
        const response = await faulty.fetch(path, { headers });
        expect(response.status, path).toBe(500);
        const text = await response.text();
        expect(text, path).toContain('"error_key":"internal_error"');
        expect(text, path).not.toMatch(/postgres|CONNECTION|ended|\.ts:\d|\.js:\d|node_modules|stack/i);
      }
    } finally {
      await faulty.close();
    }
  });
});
