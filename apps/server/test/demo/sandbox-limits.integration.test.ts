import { randomInt } from "node:crypto";
import { DEFAULT_LIMITS, seed } from "@kunto/api";
import { hashPassword, RATE_RULES } from "@kunto/auth";
import { createSystemDb, schema } from "@kunto/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parseLimits } from "../../src/config";
import { asOwner, connect, startServer, TEST_CONFIG } from "../support/harness";
import { errorOf, type RestServer, rest } from "../support/rest";

/**
 * Issue 17.4: "Try the demo" counts an IPv6 client per /64 like every other address limit, and the
 * server holds at most DEMO_SANDBOX_CAP live sandboxes, answering 503 `demo_capacity_reached` with
 * Retry-After past it. Real HTTP behind one trusted proxy, so the test names the client address.
 */
const db = connect();
const servers: Array<{ close: () => Promise<void> }> = [];

beforeAll(async () => {
  // The seeded demo, as `npm start` makes it (idempotent: a seeded database is left alone).
  const { system, close } = createSystemDb(inject("ownerUrl"), { max: 1 });
  try {
    await seed({ system, hashPassword, adminEmail: "admin@kunto.local" });
  } finally {
    await close();
  }
});
afterAll(async () => {
  for (const server of servers) await server.close();
  await db.close();
});

async function serverWith(limits: typeof TEST_CONFIG.limits = {}) {
  const server = await startServer(db.db, { ...TEST_CONFIG, trustProxy: 1, limits });
  servers.push(server);
  return server;
}

/** A /64 of the documentation range no other test (or earlier run) of this database speaks from. */
const prefix = () => `2001:db8:${randomInt(1, 0xffff).toString(16)}:${randomInt(1, 0xffff).toString(16)}`;

const tryTheDemo = (server: RestServer, from: string) =>
  rest(server, { method: "POST", path: "/api/public/demo", headers: { "x-forwarded-for": from } });

/** Sandboxes alive now, as the cap counts them. */
async function liveSandboxes(): Promise<number> {
  const [row] = await db.ownerSql`select count(*)::int as n from demo_sandboxes where expires_at > now()`;
  return Number(row?.n ?? 0);
}

const retryAfterOf = (headers: Headers) => Number(headers.get("retry-after"));

describe("issue 17.4: demo sandboxes per network, and a ceiling", () => {
  it("issue 17.4: addresses of one /64 share one demo counter; another /64 has its own", async () => {
    const server = await serverWith();
    const limit = RATE_RULES.demoSandboxAddress.limit;
    const network = prefix();
    // As many sandboxes as one address may open, each from a different address of the same /64.
    for (let host = 1; host <= limit; host++)
      expect((await tryTheDemo(server, `${network}::${host.toString(16)}`)).status).toBe(200);
    const neighbour = await tryTheDemo(server, `${network}:ffff:ffff:ffff:fffe`);
    expect(neighbour.status).toBe(429);
    expect(errorOf(neighbour).error_key).toBe("too_many_requests");
    const wait = retryAfterOf(neighbour.headers);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(RATE_RULES.demoSandboxAddress.windowSeconds);
    // The next /64 (one bit further) is another network.
    const [a, b, c, d] = network.split(":");
    const next = `${a}:${b}:${c}:${(Number.parseInt(d ?? "0", 16) + 1).toString(16)}`;
    expect((await tryTheDemo(server, `${next}::1`)).status).toBe(200);
  });

  it("issue 17.4: at the cap of live sandboxes a new one answers 503 demo_capacity_reached with Retry-After; below it the demo opens", async () => {
    const live = await liveSandboxes();
    const server = await serverWith({ demoSandboxCap: live + 1 });
    // Below the cap: one more sandbox fits.
    const first = await tryTheDemo(server, `${prefix()}::1`);
    expect(first.status).toBe(200);
    expect(await liveSandboxes()).toBe(live + 1);

    // At the cap: refused from a fresh network (not the address limit), and nothing is made.
    const sandboxesBefore = await db.ownerSql`select count(*)::int as n from demo_sandboxes`;
    const full = await tryTheDemo(server, `${prefix()}::1`);
    expect(full.status).toBe(503);
    expect(errorOf(full).error_key).toBe("demo_capacity_reached");
    expect(full.headers.get("set-cookie")).toBeNull();
    const wait = retryAfterOf(full.headers);
    // The next sandbox ends within its 24 hours.
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(24 * 60 * 60);
    expect(await db.ownerSql`select count(*)::int as n from demo_sandboxes`).toEqual(sandboxesBefore);

    // Over tRPC the same refusal, with the same header.
    const viaTrpc = await rest(server, {
      method: "POST",
      path: "/trpc/demo.start",
      body: {},
      headers: { "x-forwarded-for": `${prefix()}::1` },
    });
    expect(viaTrpc.status).toBe(503);
    expect(errorOf(viaTrpc).error_key).toBe("demo_capacity_reached");
    expect(retryAfterOf(viaTrpc.headers)).toBeGreaterThan(0);

    // Only live sandboxes count: once one has expired (before the clean-up job removes it) the
    // demo opens again.
    const [oldest] = await db.ownerSql`select id from demo_sandboxes where expires_at > now()
      order by expires_at limit 1`;
    await asOwner(db.owner, (tx) =>
      tx
        .update(schema.demoSandboxes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(schema.demoSandboxes.id, String(oldest?.id))),
    );
    expect((await tryTheDemo(server, `${prefix()}::1`)).status).toBe(200);
    expect(await liveSandboxes()).toBe(live + 1);
  });

  it("issue 17.4: concurrent visitors never pass the cap between them", async () => {
    const live = await liveSandboxes();
    const server = await serverWith({ demoSandboxCap: live + 2 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => tryTheDemo(server, `${prefix()}::1`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 503, 503, 503]);
    expect(await liveSandboxes()).toBe(live + 2);
  });

  it("issue 17.4: the cap is configurable (DEMO_SANDBOX_CAP) and documented in the OpenAPI document", async () => {
    expect(parseLimits({}).demoSandboxCap).toBe(DEFAULT_LIMITS.demoSandboxCap);
    expect(parseLimits({ DEMO_SANDBOX_CAP: "25" }).demoSandboxCap).toBe(25);
    expect(() => parseLimits({ DEMO_SANDBOX_CAP: "0" })).toThrow(/DEMO_SANDBOX_CAP/);
    expect(() => parseLimits({ DEMO_SANDBOX_CAP: "lots" })).toThrow(/DEMO_SANDBOX_CAP/);
    const server = await serverWith();
    const doc = (await (await server.fetch("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { responses: Record<string, { headers?: Record<string, unknown> }> };
    };
    expect(doc.paths["/public/demo"]?.post?.responses["503"]).toBeDefined();
    expect(doc.components.responses.Error503?.headers?.["Retry-After"]).toBeDefined();
    expect(doc.components.responses.Error429?.headers?.["Retry-After"]).toBeDefined();
  });
});
