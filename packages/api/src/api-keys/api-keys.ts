import { generatePublicKey, generateToken, hashToken } from "@kunto/auth";
import {
  type ApiKeyScope,
  dayEnd,
  dayOf,
  expiryDayOf,
  ipListLines,
  type ZApiKeyCreateInput,
  type ZApiKeyUpdateInput,
} from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { visibleTo } from "../accounts/members";
import { audit } from "../audit";
import type { ApiConfig } from "../context";
import { fail } from "../errors";

/**
 * An organisation's API keys (document 3 §2-§9, issue 20): list, create (the private key is answered
 * once and only its SHA-256 is stored, as a session token's), change and delete, by public key. Every
 * change leaves an audit row; neither half of a key is ever written to it or to the log.
 */
type CreateInput = z.output<typeof ZApiKeyCreateInput>;
type UpdateInput = z.output<typeof ZApiKeyUpdateInput>;

/** Whoever looks at the list: the internal-domain rule hides who made a key from outsiders. */
export interface Viewer {
  email: string | null;
  config: ApiConfig;
}

/** 23:59:59 of the chosen day (Europe/Helsinki), never a day in the past (document 3 §5). */
export function expiryOf(value: string, now = new Date()): Date {
  const day = expiryDayOf(value) ?? fail("invalid_date");
  if (day < dayOf(now)) fail("dates_in_past_error");
  return dayEnd(day);
}

const keyColumns = {
  key: schema.apiKeys,
  creator: {
    id: schema.users.id,
    firstName: schema.users.firstName,
    lastName: schema.users.lastName,
    email: schema.users.email,
  },
};
type KeyRow = typeof schema.apiKeys.$inferSelect;
type Creator = { id: string; firstName: string | null; lastName: string | null; email: string | null };

function toDto(key: KeyRow, creator: Creator | null, visible: (user: { email: string | null }) => boolean) {
  return {
    name: key.name,
    publicKey: key.publicKey,
    scope: key.scope as ApiKeyScope,
    ips: key.ips.join("\n"),
    createdAt: key.createdAt.toISOString(),
    expireAt: key.expireAt.toISOString(),
    lastUsed: key.lastUsedAt?.toISOString() ?? null,
    createdBy: creator && visible(creator) ? creator : null,
  };
}

async function keyOf(tx: Tx, tenantId: string, publicKey: string, viewer: Viewer) {
  const [row] = await tx
    .select(keyColumns)
    .from(schema.apiKeys)
    .leftJoin(schema.users, eq(schema.users.id, schema.apiKeys.createdBy))
    .where(and(eq(schema.apiKeys.tenantId, tenantId), eq(schema.apiKeys.publicKey, publicKey)));
  if (!row) return fail("not_found");
  return toDto(row.key, row.creator, visibleTo(viewer.email, viewer.config));
}

export async function listApiKeys(tx: Tx, tenantId: string, viewer: Viewer) {
  const rows = await tx
    .select(keyColumns)
    .from(schema.apiKeys)
    .leftJoin(schema.users, eq(schema.users.id, schema.apiKeys.createdBy))
    .where(eq(schema.apiKeys.tenantId, tenantId))
    .orderBy(asc(schema.apiKeys.createdAt), asc(schema.apiKeys.name));
  const visible = visibleTo(viewer.email, viewer.config);
  return rows.map((row) => toDto(row.key, row.creator, visible));
}

export async function createApiKey(
  tx: Tx,
  tenantId: string,
  actorUserId: string,
  input: CreateInput,
  viewer: Viewer,
) {
  const publicKey = generatePublicKey();
  const privateKey = generateToken();
  const expireAt = expiryOf(input.expireAt);
  const ips = ipListLines(input.ips);
  await tx.insert(schema.apiKeys).values({
    tenantId,
    name: input.name,
    publicKey,
    secretHash: hashToken(privateKey),
    ips,
    scope: input.scope,
    expireAt,
    createdBy: actorUserId,
  });
  await audit(tx, {
    actorUserId,
    tenantId,
    action: "apikey.created",
    targetType: "api_key",
    targetId: publicKey,
    details: { name: input.name, scope: input.scope, expireAt: expireAt.toISOString(), ips },
  });
  const created = await keyOf(tx, tenantId, publicKey, viewer);
  return { ...created, privateKey, token: `${publicKey}.${privateKey}` };
}

export async function updateApiKey(
  tx: Tx,
  tenantId: string,
  actorUserId: string,
  { publicKey, ...input }: UpdateInput,
  viewer: Viewer,
) {
  const changes = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.scope === undefined ? {} : { scope: input.scope }),
    ...(input.ips === undefined ? {} : { ips: ipListLines(input.ips) }),
    ...(input.expireAt === undefined ? {} : { expireAt: expiryOf(input.expireAt) }),
  };
  const [row] =
    Object.keys(changes).length > 0
      ? await tx
          .update(schema.apiKeys)
          .set(changes)
          .where(and(eq(schema.apiKeys.tenantId, tenantId), eq(schema.apiKeys.publicKey, publicKey)))
          .returning({ id: schema.apiKeys.id })
      : await tx
          .select({ id: schema.apiKeys.id })
          .from(schema.apiKeys)
          .where(and(eq(schema.apiKeys.tenantId, tenantId), eq(schema.apiKeys.publicKey, publicKey)));
  if (!row) return fail("not_found");
  await audit(tx, {
    actorUserId,
    tenantId,
    action: "apikey.updated",
    targetType: "api_key",
    targetId: publicKey,
    details: { ...changes, ...(changes.expireAt ? { expireAt: changes.expireAt.toISOString() } : {}) },
  });
  return keyOf(tx, tenantId, publicKey, viewer);
}

/** Refused at once: the next call with the key finds nothing (no process remembers a key). */
export async function deleteApiKey(tx: Tx, tenantId: string, actorUserId: string, publicKey: string) {
  const [row] = await tx
    .delete(schema.apiKeys)
    .where(and(eq(schema.apiKeys.tenantId, tenantId), eq(schema.apiKeys.publicKey, publicKey)))
    .returning({ name: schema.apiKeys.name });
  if (!row) return fail("not_found");
  await audit(tx, {
    actorUserId,
    tenantId,
    action: "apikey.deleted",
    targetType: "api_key",
    targetId: publicKey,
    details: { name: row.name },
  });
}
