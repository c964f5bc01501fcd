import { createSession, hashToken, SESSION_LIFETIME_MS } from "@kunto/auth";
import { schema } from "@kunto/db";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP, generateTOTP } from "@oslojs/otp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  actorFor,
  callerFor,
  connect,
  makeTenant,
  makeUser,
  startServer,
  TEST_CONFIG,
  TEST_PASSWORD,
} from "../support/harness";
import {
  cookieClient,
  documentedHeaders,
  documentedResponse,
  expectConforms,
  type Json,
} from "./contract-support";

/**
 * Issue 20.3: password sign-in (with its TOTP and new-password steps) as REST operations a cookie
 * client calls, with the cookies each answer sets documented; and the session rotation: the answer
 * that rotates the token carries it (Set-Cookie, documented on every session call).
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
let doc: Json;

beforeAll(async () => {
  // One proxy in front: each client names its own address, so per-address limits stay per test.
  server = await startServer(db.db, { ...TEST_CONFIG, trustProxy: 1 });
  doc = (await (await server.fetch("/api/openapi.json")).json()) as Json;
});
afterAll(async () => {
  await server.close();
  await db.close();
});

const SESSION = "kunto_session";
const documentsCookie = (method: string, path: string, status: number, header: string) => {
  const response = documentedResponse(doc, method, path, status);
  expect(documentedHeaders(response), `${method} ${path} ${status}`).toContain("Set-Cookie");
  expect(JSON.stringify(response.headers)).toContain(header);
};

describe("issue 20.3: password sign-in over REST for cookie clients", () => {
  it("a plain fetch client signs in over REST, gets the cookie, reads GET /api/user and signs out", async () => {
    const user = await makeUser(db.owner);
    const client = cookieClient(server.base);
    const wrong = await client.call("POST", "/public/signin", {
      username: user.email,
      password: "not it at all 1",
    });
    expect([wrong.status, wrong.body.error_key]).toEqual([401, "invalid_credentials"]);
    expect(wrong.headers.getSetCookie()).toEqual([]);
    expectConforms(doc, "POST", "/public/signin", wrong);

    const signedIn = await client.call("POST", "/public/signin", {
      username: user.email,
      password: TEST_PASSWORD,
    });
    expect([signedIn.status, signedIn.body]).toEqual([200, { status: "SIGNED_IN" }]);
    expectConforms(doc, "POST", "/public/signin", signedIn);
    documentsCookie("POST", "/public/signin", 200, "SessionCookieSet");
    const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith(`${SESSION}=`)) ?? "";
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect([...client.jar.keys()].sort()).toEqual(["kunto_device", SESSION]);

    const me = await client.call("GET", "/user");
    expect([me.status, me.body.id]).toEqual([200, user.id]);
    expectConforms(doc, "GET", "/user", me);

    const out = await client.call("POST", "/public/logout");
    expect([out.status, out.body]).toEqual([200, { ok: true }]);
    documentsCookie("POST", "/public/logout", 200, "SessionCookieCleared");
    expect(client.jar.has(SESSION)).toBe(false);
    const token = cookie.split(";")[0] ?? "";
    const after = await server.fetch("/api/user", { headers: { cookie: token } });
    expect(after.status).toBe(401);
  });

  it("the new-password step: the pending cookie reads nothing until the step is done", async () => {
    const user = await makeUser(db.owner, { mustChangePassword: true });
    const client = cookieClient(server.base);
    const first = await client.call("POST", "/public/signin", {
      username: user.email,
      password: TEST_PASSWORD,
    });
    expect(first.body).toEqual({ status: "NEW_PASSWORD_REQUIRED" });
    expect(client.jar.has(SESSION)).toBe(true);
    expect((await client.call("GET", "/user")).status).toBe(401);
    const weak = await client.call("POST", "/public/signin/new-password", { newPassword: "qwertyuiop12" });
    expect([weak.status, weak.body.error_key]).toEqual([400, "password_too_weak"]);
    expectConforms(doc, "POST", "/public/signin/new-password", weak);
    const done = await client.call("POST", "/public/signin/new-password", {
      newPassword: "my own quiet harbour 31",
    });
    expect([done.status, done.body]).toEqual([200, { ok: true }]);
    expectConforms(doc, "POST", "/public/signin/new-password", done);
    documentsCookie("POST", "/public/signin/new-password", 200, "DeviceCookieSet");
    // The pending step's cookie lived ten minutes; the signed-in one lives as long as the session.
    expect(cookieExpiry(done.headers)).toBeGreaterThan(Date.now() + SESSION_LIFETIME_MS - 60_000);
    expect((await client.call("GET", "/user")).body.id).toBe(user.id);
    // Without a pending sign-in the step answers 401.
    const none = await cookieClient(server.base).call("POST", "/public/signin/new-password", {
      newPassword: "my own quiet harbour 31",
    });
    expect([none.status, none.body.error_key]).toEqual([401, "not_signed_in"]);
    expectConforms(doc, "POST", "/public/signin/new-password", none);
  });

  it("the TOTP step: a right code replaces the pending cookie by a signed-in one", async () => {
    const user = await makeUser(db.owner);
    const { caller } = await callerFor(db.db, await actorFor(db.db, "setup", user.id), null);
    const key = decodeBase32IgnorePadding((await caller.auth.totpSetup()).secret);
    await caller.auth.totpEnable({ code: generateTOTP(key, 30, 6) });

    const client = cookieClient(server.base);
    const first = await client.call("POST", "/public/signin", {
      username: user.email,
      password: TEST_PASSWORD,
    });
    expect(first.body).toEqual({ status: "MFA_REQUIRED" });
    const pending = client.jar.get(SESSION);
    const wrong = await client.call("POST", "/public/signin/totp", { code: "000000" });
    expect([wrong.status, wrong.body.error_key]).toEqual([400, "invalid_code"]);
    expectConforms(doc, "POST", "/public/signin/totp", wrong);
    const next = generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000) + 1), 6);
    const right = await client.call("POST", "/public/signin/totp", { code: next });
    expect([right.status, right.body]).toEqual([200, { status: "SIGNED_IN" }]);
    expectConforms(doc, "POST", "/public/signin/totp", right);
    documentsCookie("POST", "/public/signin/totp", 200, "SessionCookieSet");
    expect(client.jar.get(SESSION)).not.toBe(pending);
    expect((await client.call("GET", "/user")).body.id).toBe(user.id);
    const old = await server.fetch("/api/user", { headers: { cookie: `${SESSION}=${pending}` } });
    expect(old.status).toBe(401);
  });

  it("forgot password, reset and the confirmation mail answer as documented", async () => {
    const client = cookieClient(server.base);
    const forgot = await client.call("POST", "/public/password/forgot", { username: "nobody@example.test" });
    expect([forgot.status, forgot.body]).toEqual([200, { ok: true }]);
    expectConforms(doc, "POST", "/public/password/forgot", forgot);
    const reset = await client.call("POST", "/public/password/reset", {
      username: "nobody@example.test",
      code: "12345678",
      newPassword: "my own quiet harbour 31",
    });
    expect([reset.status, reset.body.error_key]).toEqual([400, "invalid_code"]);
    expectConforms(doc, "POST", "/public/password/reset", reset);
    const resend = await client.call("POST", "/public/confirmation/resend", { email: "nobody@example.test" });
    expect([resend.status, resend.body]).toEqual([200, { ok: true }]);
    expectConforms(doc, "POST", "/public/confirmation/resend", resend);
    expect(client.jar.size).toBe(0);
  });

  it("REST and tRPC sign-ins count against the same limit: the 11th wrong try answers 429", async () => {
    const user = await makeUser(db.owner);
    const address = `10.200.${Math.floor(Math.random() * 250)}.7`;
    const client = cookieClient(server.base, address);
    const wrong = { username: user.email, password: "not it at all 1" };
    for (let i = 0; i < 5; i++) {
      const viaTrpc = await server.fetch("/trpc/auth.signIn", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        body: JSON.stringify(wrong),
      });
      expect(viaTrpc.status).toBe(401);
      expect((await client.call("POST", "/public/signin", wrong)).status).toBe(401);
    }
    const limited = await client.call("POST", "/public/signin", wrong);
    expect([limited.status, limited.body.error_key]).toEqual([429, "too_many_requests"]);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expectConforms(doc, "POST", "/public/signin", limited);
  });
});

/** When the answer's session cookie expires (ms), or null when the answer sets none. */
const cookieExpiry = (headers: Headers): number | null => {
  const cookie = headers.getSetCookie().find((c) => c.startsWith(`${SESSION}=`));
  const expires = cookie?.match(/expires=([^;]+)/i)?.[1];
  return expires ? new Date(expires).getTime() : null;
};

describe("a session that slides forward sends its cookie again with the new expiry", () => {
  it("past half its life the answer carries the cookie's new expiry; a young session's answer carries none", async () => {
    const user = await makeUser(db.owner);
    const day = 24 * 60 * 60 * 1000;
    const session = async (expiresInDays: number) => {
      const { token } = await createSession(db.db, user.id, "active");
      await db.owner
        .update(schema.sessions)
        .set({ expiresAt: new Date(Date.now() + expiresInDays * day) })
        .where(eq(schema.sessions.id, hashToken(token)));
      return token;
    };
    const read = (token: string) =>
      fetch(`${server.base}/api/user`, { headers: { cookie: `${SESSION}=${token}` } });
    const old = await read(await session(10));
    expect(old.status).toBe(200);
    expect(cookieExpiry(old.headers)).toBeGreaterThan(Date.now() + SESSION_LIFETIME_MS - day);
    const young = await read(await session(20));
    expect(young.status).toBe(200);
    expect(cookieExpiry(young.headers)).toBeNull();
  });
});

describe("issue 20.3: session rotation is documented and carried by the answer that rotates", () => {
  const sessionCookie = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${SESSION}=`))
      ?.split(";")[0];

  it("documents Set-Cookie on every session call's success and on the error answers", () => {
    const paths = doc.paths as Record<string, Record<string, Json>>;
    for (const [path, item] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!JSON.stringify(operation.security ?? []).includes("sessionCookie")) continue;
        const success = documentedResponse(doc, method, path, 200);
        expect(documentedHeaders(success), `${method} ${path}`).toContain("Set-Cookie");
      }
    }
    for (const status of [400, 401, 403, 404, 409, 429, 500, 503]) {
      const response = (doc.components as { responses: Record<string, Json> }).responses[`Error${status}`];
      expect(documentedHeaders(response ?? {}), `Error${status}`).toContain("Set-Cookie");
    }
    expect(Object.keys((doc.components as { headers: Json }).headers)).toContain("SessionCookieRotated");
  });

  it("a role change rotates the person's session: the next answer carries the new token, the old one stops", async () => {
    const tenant = await makeTenant(db.owner);
    const admin = await actorFor(
      db.db,
      "admin",
      (await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] })).id,
    );
    const user = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_basic"] });
    const old = (await actorFor(db.db, "member", user.id)).cookie ?? "";
    // A call while nothing is due sets no cookie.
    const plain = await server.fetch("/api/user", { headers: { cookie: old } });
    expect([plain.status, plain.headers.getSetCookie()]).toEqual([200, []]);
    const changeRole = async (method: "POST" | "DELETE") => {
      const changed = await server.fetch(`/api/tenant/user/${user.id}/role/tenant_readonly`, {
        method,
        headers: { cookie: admin.cookie ?? "", "x-tenant-id": tenant.id, origin: server.base },
      });
      expect(changed.status).toBe(200);
    };

    await changeRole("POST");
    const rotating = await server.fetch("/api/user", { headers: { cookie: old } });
    expect(rotating.status).toBe(200);
    const fresh = sessionCookie(rotating) ?? "";
    expect(fresh).toMatch(new RegExp(`^${SESSION}=[a-z0-9]{40}$`));
    expect(fresh).not.toBe(old);
    expect((await server.fetch("/api/user", { headers: { cookie: old } })).status).toBe(401);
    const next = await server.fetch("/api/user", { headers: { cookie: fresh } });
    expect([next.status, next.headers.getSetCookie()]).toEqual([200, []]);

    // An organisation call rotates too, and an error answer carries the new token as well.
    await changeRole("DELETE");
    const headers = { cookie: fresh, "x-tenant-id": tenant.id };
    const missing = await server.fetch(`/api/tenant/task/${crypto.randomUUID()}`, { headers });
    expect(missing.status).toBe(404);
    const third = sessionCookie(missing) ?? "";
    expect(third).toMatch(new RegExp(`^${SESSION}=[a-z0-9]{40}$`));
    expect((await server.fetch("/api/tenant", { headers: { ...headers, cookie: third } })).status).toBe(200);
    expect((await server.fetch("/api/tenant", { headers })).status).toBe(401);
  });
});
