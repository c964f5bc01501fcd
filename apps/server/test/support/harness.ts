import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { type ApiConfig, type Context, createCaller } from "@kunto/api";
import {
  createSession,
  generatePublicKey,
  generateToken,
  hashPassword,
  sessionCookieName,
} from "@kunto/auth";
import { createDb, createSystemDb, type Db, SYSTEM_ROLE, schema } from "@kunto/db";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { inject } from "vitest";
import { type AppOptions, createApp } from "../../src/app";

export const TEST_CONFIG: ApiConfig = {
  appUrl: "http://localhost",
  internalEmailDomains: [],
  secureCookies: false,
  // A fixed test key: rows one test file seals, only that file reads.
  secretsKey: new Uint8Array(32).fill(7),
};
/** What the server hands the seed for the demo's public keys (packages/db cannot import @kunto/auth). */
export const SEED_KEYS = { publicKey: generatePublicKey, token: generateToken };
const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

/** The request pool (kunto_app, under RLS) and an owner pool for fixtures and assertions. */
export function connect() {
  const app = createDb(inject("appUrl"), { max: 4 });
  const ownerClient = postgres(inject("ownerUrl"), { max: 2, onnotice: () => {} });
  const owner = drizzle({ client: ownerClient, schema, casing: "snake_case" });
  // The background work's pool (the outbox worker runs as the system role, as the server's does).
  const system = createSystemDb(inject("ownerUrl"), { max: 1 });
  return {
    db: app.db,
    owner,
    ownerSql: ownerClient,
    system: system.system,
    close: async () => {
      await app.close();
      await system.close();
      await ownerClient.end();
    },
  };
}

/**
 * A real HTTP server on loopback around the real app. The CSRF check accepts only APP_URL's origin,
 * so a test server's APP_URL is its own address unless the caller names another.
 */
export async function startServer(db: Db, config: ApiConfig = TEST_CONFIG, extend?: AppOptions["extend"]) {
  // The walk through two nodes (tooling/two-nodes/walk-setup.ts): the balancer in front of two
  // server processes on this run's database, configured as TEST_CONFIG is.
  const balancer = inject("balancer");
  if (balancer) {
    if (config !== TEST_CONFIG || extend) throw new Error("two nodes serve TEST_CONFIG only, unextended");
    return {
      base: balancer,
      fetch: (path: string, init: RequestInit = {}) => fetch(`${balancer}${path}`, init),
      close: async () => {},
    };
  }
  let app: ReturnType<typeof createApp> | null = null;
  const server = serve({
    // The env carries the socket: without it the app cannot see the client's address.
    fetch: (request, env) => (app as NonNullable<typeof app>).fetch(request, env),
    port: 0,
    hostname: "127.0.0.1",
  });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  app = createApp({
    db,
    config: config.appUrl === TEST_CONFIG.appUrl ? { ...config, appUrl: base } : config,
    log: silentLog,
    webDist: "/nonexistent",
    bodyLimitBytes: 1024 * 1024,
    ready: async () => true,
    extend,
  });
  return {
    base,
    fetch: (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, init),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const unique = () => randomUUID().slice(0, 8);

type Owner = ReturnType<typeof connect>["owner"];

/** Factories write on the owner connection as the system role, as the seed does (scope.ts). */
export async function asOwner<T>(owner: Owner, fn: (tx: Owner) => Promise<T>): Promise<T> {
  return owner.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local role ${SYSTEM_ROLE}`));
    return fn(tx as unknown as Owner);
  });
}

export async function makeTenant(owner: Owner, values: Partial<typeof schema.tenants.$inferInsert> = {}) {
  return asOwner(owner, async (tx) => {
    const [tenant] = await tx
      .insert(schema.tenants)
      .values({ name: `Test ${unique()} Oy`, country: "FI", plan: "PRO", ...values })
      .returning();
    if (!tenant) throw new Error("tenant");
    return tenant;
  });
}

export const TEST_PASSWORD = "correct horse battery staple 42";
let cachedHash: string | null = null;

export async function makeUser(
  owner: Owner,
  options: {
    tenantId?: string;
    tenantRoles?: string[];
    systemRoles?: string[];
    email?: string;
    isDemo?: boolean;
    mustChangePassword?: boolean;
    confirmed?: boolean;
  } = {},
) {
  cachedHash ??= await hashPassword(TEST_PASSWORD);
  return asOwner(owner, async (tx) => {
    const [user] = await tx
      .insert(schema.users)
      .values({
        type: "CLOUD",
        email: options.email ?? `user-${unique()}@example.test`,
        firstName: "Test",
        lastName: "Person",
        systemRoles: options.systemRoles ?? ["basic"],
        passwordHash: cachedHash,
        isDemo: options.isDemo ?? false,
        mustChangePassword: options.mustChangePassword ?? false,
        emailConfirmedAt: options.confirmed === false ? null : new Date(),
      })
      .returning();
    if (!user) throw new Error("user");
    if (options.tenantId) {
      await tx.insert(schema.memberships).values({
        tenantId: options.tenantId,
        userId: user.id,
        roles: options.tenantRoles ?? ["tenant_basic"],
      });
    }
    return user;
  });
}

export interface Actor {
  name: string;
  cookie: string | null;
  userId: string | null;
}

/** A signed-in actor without going through sign-in (no hashing, no rate limits). */
export async function actorFor(db: Db, name: string, userId: string | null): Promise<Actor> {
  if (!userId) return { name, cookie: null, userId: null };
  const { token } = await createSession(db, userId, "active");
  return { name, cookie: `${sessionCookieName(false)}=${token}`, userId };
}

/** A tRPC caller with the same context the server builds for this actor's cookie. */
export async function callerFor(
  db: Db,
  actor: Actor,
  tenantId: string | null,
  ip = "127.0.0.1",
  /** The device cookie the browser sends; `devices` collects the ones the call sets. */
  device: string | null = null,
) {
  const token = actor.cookie?.split("=")[1] ?? null;
  const cookies: string[] = [];
  const devices: string[] = [];
  const ctx: Context = {
    db,
    config: TEST_CONFIG,
    log: silentLog,
    ip,
    tenantHeader: tenantId,
    sessionToken: token,
    deviceCookie: device,
    cookies: {
      setSession: (t) => cookies.push(t),
      clearSession: () => cookies.push(""),
      setDevice: (value) => devices.push(value),
    },
  };
  return { caller: createCaller(ctx), cookies, devices };
}
