import { BlockList, isIP } from "node:net";
import { consume, hashToken, type RateRule, retryAfterSeconds } from "@kunto/auth";
import {
  type ApiKeyScope,
  AppError,
  type ErrorKey,
  type Permission,
  type Plan,
  planAllows,
  ROLE_PERMISSIONS,
} from "@kunto/core";
import { sql } from "drizzle-orm";
import type { Context } from "../context";
import { toTRPCError } from "../errors";
import { tenantIdOf } from "../tenant-header";

/**
 * Authentication by API key (issue 20, docs/decisions.md "API keys"): `Authorization: Bearer
 * <publicKey>.<privateKey>` on the REST paths of tenant procedures. The organisation comes from the
 * key; the key acts with tenant_admin's permissions of its scope, minus what only a person may do.
 */

/** What only a person may do: the organisation's people, their mail settings, billing, the keys, the webhooks' secrets. */
export const PERSON_ONLY_PERMISSIONS: ReadonlySet<Permission> = new Set<Permission>([
  "tenant.users.read",
  "tenant.users.manage",
  "tenant.subscriptions.manage",
  "billing.manage",
  "tenant.apikeys.manage",
  "tenant.webhooks.manage",
]);

const keyPermissions = ROLE_PERMISSIONS.tenant_admin.filter((p) => !PERSON_ONLY_PERMISSIONS.has(p));

/** read: tenant_admin's `.read` permissions; write: all of tenant_admin's (both minus the person-only ones). */
export const KEY_PERMISSIONS: Record<ApiKeyScope, ReadonlySet<Permission>> = {
  read: new Set(keyPermissions.filter((p) => p.endsWith(".read"))),
  write: new Set(keyPermissions),
};

/** The parts of a procedure's meta (trpc.ts AccessMeta) that decide whether a key may call it. */
export interface KeyCallMeta {
  access?: string;
  permission?: Permission;
  /** Acts on or for the calling person (their notifications, their view of a survey's mail). */
  personal?: boolean;
}

/**
 * Whether a key may call the procedure at all: a tenant procedure that names a permission a key can
 * hold and does not act for a person. Anything else (sign-in, profile, passwords, platform
 * administration, users, billing, the keys themselves, a procedure without a permission) is refused.
 */
export const keyMayCall = (meta: KeyCallMeta): boolean =>
  meta.access === "tenant" &&
  !meta.personal &&
  meta.permission !== undefined &&
  KEY_PERMISSIONS.write.has(meta.permission);

/** Calls per key and minute, counted in PostgreSQL like every rate limit (shared by every instance). */
export const API_KEY_RATE: RateRule = {
  name: "apikey",
  limit: Number(process.env.API_KEY_RATE_LIMIT ?? 600),
  windowSeconds: 60,
};

/** `<publicKey>.<privateKey>`: both base32 tokens (generatePublicKey, generateToken). */
const BEARER = /^([a-z2-7]{1,64})\.([a-z2-7]{1,128})$/;

/** Whether the caller's address (`ctx.ip`, the trusted-proxy rule) is on the key's list. Empty: all. */
export function addressAllowed(ips: readonly string[], ip: string): boolean {
  if (ips.length === 0) return true;
  const family = isIP(ip);
  if (family === 0) return false;
  const list = new BlockList();
  for (const entry of ips) {
    const [address = "", prefix] = entry.split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list.check(ip, family === 6 ? "ipv6" : "ipv4");
}

/** The key a call was made with, for the procedures (audit rows name it). */
export interface ApiKeyActor {
  id: string;
  name: string;
  publicKey: string;
  scope: ApiKeyScope;
}

export interface KeyEntry {
  key: ApiKeyActor;
  tenantId: string;
  plan: Plan;
  permissions: Set<Permission>;
  /** The person who made the key: its calls are credited to them. */
  createdBy: string;
}

interface KeyRow extends Record<string, unknown> {
  id: string;
  tenant_id: string;
  name: string;
  scope: ApiKeyScope;
  ips: string[];
  created_by: string;
  plan: Plan;
  active: boolean;
}

const refuse = (key: ErrorKey, details?: Record<string, unknown>): never => {
  throw toTRPCError(new AppError(key, details));
};

/**
 * Counts the call against the key's limit on the pool (not in the call's transaction, so calls of one
 * key never wait on each other's transactions); past it 429 with `Retry-After` and the IETF
 * `RateLimit` / `RateLimit-Policy` headers (retryAfterHeaders).
 */
async function countCall(ctx: Context, keyId: string): Promise<void> {
  const checks = [[API_KEY_RATE, keyId]] as const;
  if (await consume(ctx.db, checks)) return;
  const reset = await retryAfterSeconds(ctx.db, checks);
  refuse("too_many_requests", {
    retryAfter: reset,
    rateLimit: { policy: "key", quota: API_KEY_RATE.limit, window: API_KEY_RATE.windowSeconds, reset },
  });
}

/**
 * Checks a key's call before its transaction opens, in this order: a procedure keys may call, over
 * REST (403 `api_key_not_allowed`); a well-formed, known, unexpired key (401 `api_key_invalid`: a
 * deleted key is not found, nothing is remembered between calls); X-tenant-id, when sent, naming the
 * key's organisation (400 `tenant_header_invalid`, 403 `access_denied`); an active organisation (403
 * `access_denied`); the caller's address on the key's list (403 `api_key_address_refused`); the
 * key's rate limit (429); a plan with API keys (403 `plan_required`); a read key only reading (403
 * `api_key_read_only`). The look-up writes `last_used_at` at most once a minute.
 */
export async function authenticateKey(ctx: Context, meta: KeyCallMeta, type: string): Promise<KeyEntry> {
  if (ctx.transport !== "rest" || !keyMayCall(meta)) refuse("api_key_not_allowed");
  const [, publicKey = "", privateKey = ""] = BEARER.exec(ctx.bearer?.trim() ?? "") ?? [];
  if (!publicKey) refuse("api_key_invalid");
  const [row] = await ctx.db.execute<KeyRow>(
    sql`select * from kunto_use_api_key(${publicKey}, ${hashToken(privateKey)})`,
  );
  if (!row) return refuse("api_key_invalid");
  if (ctx.tenantHeader?.trim() && tenantIdOf(ctx.tenantHeader) !== row.tenant_id) refuse("access_denied");
  if (!row.active) refuse("access_denied");
  if (!addressAllowed(row.ips, ctx.ip)) refuse("api_key_address_refused");
  await countCall(ctx, row.id);
  if (!planAllows(row.plan, "apiKeys")) refuse("plan_required", { feature: "apiKeys" });
  if (row.scope === "read" && type !== "query") refuse("api_key_read_only");
  return {
    key: { id: row.id, name: row.name, publicKey, scope: row.scope },
    tenantId: row.tenant_id,
    plan: row.plan,
    permissions: new Set(KEY_PERMISSIONS[row.scope]),
    createdBy: row.created_by,
  };
}
