import { randomInt } from "node:crypto";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP, generateTOTP } from "@oslojs/otp";
import { afterAll, describe, expect, it } from "vitest";
import {
  actorFor,
  connect,
  makeTenant,
  makeUser,
  startServer,
  TEST_CONFIG,
  TEST_PASSWORD,
} from "../support/harness";
import { errorOf, outputOf, type RestAnswer, type RestServer, rest } from "../support/rest";

/**
 * Identity over real HTTP against the running app (issue 6.2, 6.3, 6.26): rate limits keyed by the
 * client address the server sees, TRUST_PROXY, cookies. Each test speaks from its own loopback
 * source address (all of 127.0.0.0/8 is loopback), picked at random so a database that has seen
 * earlier runs does not change the outcome.
 */
const db = connect();
const servers: Array<{ close: () => Promise<void> }> = [];
afterAll(async () => {
  for (const server of servers) await server.close();
  await db.close();
});

async function serverWith(config: Partial<typeof TEST_CONFIG> = {}) {
  const server = await startServer(db.db, { ...TEST_CONFIG, ...config });
  servers.push(server);
  return server;
}

const run = `127.${randomInt(1, 250)}.${randomInt(0, 250)}`;
let sourceCounter = 0;
/** A loopback address no other test of this run speaks from. */
const source = () => `${run}.${++sourceCounter}`;

interface Answer extends RestAnswer {
  /** name → value of every Set-Cookie */
  cookies: Record<string, string>;
  setCookie: string[];
}

/** A call from the loopback address `from`: a POST with an Origin when it has a body, else a GET. */
async function call(
  server: RestServer,
  path: string,
  options: {
    from: string;
    body?: unknown;
    cookie?: string;
    headers?: Record<string, string>;
    origin?: string;
  },
): Promise<Answer> {
  const write = options.body !== undefined;
  const answer = await rest(server, {
    method: write ? "POST" : "GET",
    path,
    from: options.from,
    body: options.body,
    cookie: options.cookie,
    headers: options.headers,
    origin: write ? (options.origin ?? server.base) : null,
  });
  const setCookie = answer.headers.getSetCookie();
  const cookies = Object.fromEntries(
    setCookie.map((c) => {
      const [pair = ""] = c.split(";");
      const at = pair.indexOf("=");
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
  return { ...answer, cookies, setCookie };
}

/** The message of a failed tRPC call: its error key. */
const messageOf = (answer: RestAnswer) => errorOf(answer).message;
const signIn = (server: RestServer, username: string, password: string, from: string, extra = {}) =>
  call(server, "/trpc/auth.signIn", { from, body: { username, password }, ...extra });

describe("6.2 client address and TRUST_PROXY over HTTP", () => {
  it("6.2 without TRUST_PROXY the socket's address is counted and X-Forwarded-For is ignored", async () => {
    const server = await serverWith();
    const user = await makeUser(db.owner);
    const attacker = source();
    for (let i = 0; i < 10; i++) {
      const answer = await signIn(server, user.email ?? "", "wrong password entirely", attacker, {
        headers: { "x-forwarded-for": `198.51.100.${i}` },
      });
      expect(messageOf(answer)).toBe("invalid_credentials");
    }
    const refused = await signIn(server, user.email ?? "", TEST_PASSWORD, attacker, {
      headers: { "x-forwarded-for": "198.51.100.200" },
    });
    expect(refused.status).toBe(429);
    expect(messageOf(refused)).toBe("too_many_requests");
    const owner = await signIn(server, user.email ?? "", TEST_PASSWORD, source());
    expect(owner.status).toBe(200);
    // The owner's browser now holds a device cookie: from the locked address it still signs in.
    const device = Object.entries(owner.cookies).find(([name]) => name === "kunto_device");
    expect(device).toBeDefined();
    const known = await signIn(server, user.email ?? "", TEST_PASSWORD, attacker, {
      cookie: `kunto_device=${device?.[1]}`,
    });
    expect(known.status).toBe(200);
  });

  it("6.2 with TRUST_PROXY=1 the client is the last X-Forwarded-For entry; entries the client wrote are not read", async () => {
    const server = await serverWith({ trustProxy: 1 });
    const user = await makeUser(db.owner);
    const proxy = source();
    const client = `203.0.113.${randomInt(1, 250)}`;
    for (let i = 0; i < 10; i++) {
      // A forged left-hand entry changes nothing: the proxy appended the real client on the right.
      const answer = await signIn(server, user.email ?? "", "wrong password entirely", proxy, {
        headers: { "x-forwarded-for": `10.9.8.${i}, ${client}` },
      });
      expect(messageOf(answer)).toBe("invalid_credentials");
    }
    const refused = await signIn(server, user.email ?? "", TEST_PASSWORD, proxy, {
      headers: { "x-forwarded-for": client },
    });
    expect(refused.status).toBe(429);
    const other = await signIn(server, user.email ?? "", TEST_PASSWORD, proxy, {
      headers: { "x-forwarded-for": `${client.replace(/\.\d+$/, ".251")}` },
    });
    expect(other.status).toBe(200);
  });

  it("6.2 with TRUST_PROXY=2 the client is the second entry from the right", async () => {
    const server = await serverWith({ trustProxy: 2 });
    const user = await makeUser(db.owner);
    const proxy = source();
    const client = `192.0.2.${randomInt(1, 250)}`;
    for (let i = 0; i < 10; i++) {
      const answer = await signIn(server, user.email ?? "", "wrong password entirely", proxy, {
        headers: { "x-forwarded-for": `${client}, 10.0.0.${i}` },
      });
      expect(messageOf(answer)).toBe("invalid_credentials");
    }
    const refused = await signIn(server, user.email ?? "", TEST_PASSWORD, proxy, {
      headers: { "x-forwarded-for": `forged, ${client}, 10.0.0.99` },
    });
    expect(refused.status).toBe(429);
    const other = await signIn(server, user.email ?? "", TEST_PASSWORD, proxy, {
      headers: { "x-forwarded-for": `${client}, 10.0.0.1`.replace(client, "192.0.2.251") },
    });
    expect(other.status).toBe(200);
  });
});

describe("6.26 rate limits over HTTP", () => {
  it("6.26 sign-up allows 20 an hour from one address", async () => {
    const server = await serverWith();
    const from = source();
    const stamp = `${Date.now()}-${randomInt(1e9)}`;
    const signUp = (i: number, at = from) =>
      call(server, "/trpc/auth.signUp", {
        from: at,
        body: { email: `su-${stamp}-${i}@example.test`, password: "quiet meadow river 2026", language: "en" },
      });
    for (let i = 0; i < 20; i++) expect((await signUp(i)).status).toBe(200);
    const refused = await signUp(20);
    expect(refused.status).toBe(429);
    expect(messageOf(refused)).toBe("too_many_requests");
    expect((await signUp(21, source())).status).toBe(200);
  });

  it("6.26 forgot-password and reset allow a few tries per account and per address", async () => {
    const server = await serverWith();
    const user = await makeUser(db.owner);
    const email = user.email ?? "";
    const forgot = (username: string, from: string) =>
      call(server, "/trpc/auth.forgotPassword", { from, body: { username } });
    for (let i = 0; i < 5; i++) expect((await forgot(email, source())).status).toBe(200);
    expect((await forgot(email, source())).status).toBe(429);

    const from = source();
    const stamp = `${Date.now()}-${randomInt(1e9)}`;
    for (let i = 0; i < 30; i++)
      expect((await forgot(`fp-${stamp}-${i}@example.test`, from)).status).toBe(200);
    expect((await forgot(`fp-${stamp}-last@example.test`, from)).status).toBe(429);

    const reset = (from: string) =>
      call(server, "/trpc/auth.resetPassword", {
        from,
        body: { username: email, code: "00000000", newPassword: "not going to happen 5" },
      });
    for (let i = 0; i < 10; i++) expect(messageOf(await reset(source()))).toBe("invalid_code");
    const refused = await reset(source());
    expect(refused.status).toBe(429);
  });

  it("6.26 the TOTP challenge allows ten codes per account, then refuses even the right one", async () => {
    const server = await serverWith();
    const user = await makeUser(db.owner);
    const first = await signIn(server, user.email ?? "", TEST_PASSWORD, source());
    const cookie = `kunto_session=${first.cookies.kunto_session}`;
    const setup = await call(server, "/trpc/auth.totpSetup", { from: source(), body: {}, cookie });
    const { secret } = outputOf("auth.totpSetup", setup);
    const key = decodeBase32IgnorePadding(secret);
    const enabled = await call(server, "/trpc/auth.totpEnable", {
      from: source(),
      body: { code: generateTOTP(key, 30, 6) },
      cookie,
    });
    expect(enabled.status).toBe(200);
    const pending = await signIn(server, user.email ?? "", TEST_PASSWORD, source());
    expect(outputOf("auth.signIn", pending)).toEqual({ status: "MFA_REQUIRED" });
    const pendingCookie = `kunto_session=${pending.cookies.kunto_session}`;
    const verify = (code: string) =>
      call(server, "/trpc/auth.verifyTotp", { from: source(), body: { code }, cookie: pendingCookie });
    // Turning the factor on spent one of the ten.
    for (let i = 0; i < 9; i++) expect(messageOf(await verify("000000"))).toBe("invalid_code");
    const right = generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000) + 1), 6);
    const refused = await verify(right);
    expect(refused.status).toBe(429);
  });
});

describe("6.26 cookies", () => {
  it("6.26 under an https APP_URL the session and device cookies are Secure and __Host- prefixed", async () => {
    const appUrl = "https://kunto.example";
    const server = await serverWith({ appUrl, secureCookies: true });
    const user = await makeUser(db.owner);
    const answer = await signIn(server, user.email ?? "", TEST_PASSWORD, source(), { origin: appUrl });
    expect(answer.status).toBe(200);
    const session = answer.setCookie.find((c) => c.startsWith("__Host-kunto_session="));
    const device = answer.setCookie.find((c) => c.startsWith("__Host-kunto_device="));
    for (const cookie of [session, device]) {
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).not.toMatch(/Domain=/i);
    }
    expect(answer.setCookie.some((c) => c.startsWith("kunto_session="))).toBe(false);
    const token = answer.cookies["__Host-kunto_session"];
    const me = await call(server, "/trpc/user.me", {
      from: source(),
      cookie: `__Host-kunto_session=${token}`,
    });
    expect(me.status).toBe(200);
    // The unprefixed name is not read under https.
    const plain = await call(server, "/trpc/user.me", { from: source(), cookie: `kunto_session=${token}` });
    expect(plain.status).toBe(401);

    const http = await serverWith();
    const plainAnswer = await signIn(http, user.email ?? "", TEST_PASSWORD, source());
    const plainSession = plainAnswer.setCookie.find((c) => c.startsWith("kunto_session="));
    expect(plainSession).toBeDefined();
    expect(plainSession).not.toMatch(/; Secure/);
  });

  it("6.3 a role change sets a new session cookie at the member's next request; the old one stops working", async () => {
    const server = await serverWith();
    const tenant = await makeTenant(db.owner);
    const admin = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
    const member = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_basic"] });
    const adminActor = await actorFor(db.db, "admin", admin.id);
    const memberActor = await actorFor(db.db, "member", member.id);
    const headers = { "x-tenant-id": tenant.id };
    const granted = await call(server, `/api/tenant/user/${member.id}/role/tenant_readonly`, {
      from: source(),
      body: {},
      cookie: adminActor.cookie ?? "",
      headers,
    });
    expect(granted.status).toBe(200);
    // The web client batches its calls: both calls of the batch are answered, with one new cookie.
    const next = await call(server, "/trpc/tenant.current,user.me?batch=1&input=%7B%7D", {
      from: source(),
      cookie: memberActor.cookie ?? "",
      headers,
    });
    expect(next.status).toBe(200);
    expect(next.setCookie.filter((c) => c.startsWith("kunto_session="))).toHaveLength(1);
    const fresh = next.cookies.kunto_session;
    expect(fresh).toBeTruthy();
    expect(`kunto_session=${fresh}`).not.toBe(memberActor.cookie);
    const old = await call(server, "/api/tenant", {
      from: source(),
      cookie: memberActor.cookie ?? "",
      headers,
    });
    expect(old.status).toBe(401);
    const again = await call(server, "/api/tenant", {
      from: source(),
      cookie: `kunto_session=${fresh}`,
      headers,
    });
    expect(again.status).toBe(200);
    expect(again.setCookie).toEqual([]);
  });
});
