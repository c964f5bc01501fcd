import { randomBytes, randomUUID } from "node:crypto";
import {
  AppError,
  WEBHOOK_ENDPOINTS_MAX,
  type WebhookEvent,
  webhookUrlOf,
  type ZWebhookCreateInput,
  type ZWebhookUpdateInput,
} from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { audit } from "../audit";
import { checkWebhookHost } from "./address-guard";
import { sealWebhookSecret } from "./secrets";

/**
 * An organisation's webhook endpoints (issue 20.4): list, create (the signing secret is answered
 * once), change, delete. Every change leaves an audit row; the secret is never written to it.
 */
type CreateInput = z.output<typeof ZWebhookCreateInput>;
type UpdateInput = z.output<typeof ZWebhookUpdateInput>;
type EndpointRow = typeof schema.webhookEndpoints.$inferSelect;

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

function toDto(row: EndpointRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEvent[],
    answerCount: row.answerCount,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
  };
}
export type WebhookEndpointDto = ReturnType<typeof toDto>;

async function checkedUrl(text: string, allowPrivate: boolean): Promise<string> {
  const url = webhookUrlOf(text);
  if (!url) throw new AppError("webhook_url_invalid", { fields: { url: "webhook_url_invalid" } });
  await checkWebhookHost(url, allowPrivate);
  return text;
}

export async function listEndpoints(tx: Tx, tenantId: string) {
  const rows = await tx
    .select()
    .from(schema.webhookEndpoints)
    .where(eq(schema.webhookEndpoints.tenantId, tenantId))
    .orderBy(asc(schema.webhookEndpoints.createdAt));
  return rows.map(toDto);
}

export async function endpointOf(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select()
    .from(schema.webhookEndpoints)
    .where(and(eq(schema.webhookEndpoints.tenantId, tenantId), eq(schema.webhookEndpoints.id, id)));
  if (!row) throw new AppError("not_found");
  return toDto(row);
}

export async function createEndpoint(
  tx: Tx,
  tenantId: string,
  actorUserId: string,
  input: CreateInput,
  options: { allowPrivate: boolean; secretsKey: Uint8Array },
) {
  const { allowPrivate, secretsKey } = options;
  const url = await checkedUrl(input.url, allowPrivate);
  // Counted under a lock on the organisation's row: two creations at once cannot both pass the limit.
  await tx.execute(sql`select 1 from tenants where id = ${tenantId} for update`);
  const [existing] = await tx
    .select({ n: count() })
    .from(schema.webhookEndpoints)
    .where(eq(schema.webhookEndpoints.tenantId, tenantId));
  if ((existing?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX)
    throw new AppError("webhook_limit_reached", { limit: WEBHOOK_ENDPOINTS_MAX });
  const secret = newWebhookSecret();
  const id = randomUUID();
  const [row] = await tx
    .insert(schema.webhookEndpoints)
    .values({
      id,
      tenantId,
      url,
      description: input.description,
      events: input.events,
      answerCount: input.answerCount,
      secret: sealWebhookSecret(secretsKey, tenantId, id, secret),
      secretEncrypted: true,
      createdBy: actorUserId,
    })
    .returning();
  if (!row) throw new AppError("internal_error");
  await audit(tx, {
    actorUserId,
    tenantId,
    action: "webhook.created",
    targetType: "webhook_endpoint",
    targetId: row.id,
    details: { url, events: input.events },
  });
  return { ...toDto(row), secret };
}

export async function updateEndpoint(
  tx: Tx,
  tenantId: string,
  actorUserId: string,
  { id, ...input }: UpdateInput,
  allowPrivate: boolean,
) {
  const changes = {
    ...(input.url === undefined ? {} : { url: await checkedUrl(input.url, allowPrivate) }),
    ...(input.description === undefined ? {} : { description: input.description }),
    ...(input.events === undefined ? {} : { events: input.events }),
    ...(input.answerCount === undefined ? {} : { answerCount: input.answerCount }),
    ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
  };
  const where = and(eq(schema.webhookEndpoints.tenantId, tenantId), eq(schema.webhookEndpoints.id, id));
  const [row] =
    Object.keys(changes).length > 0
      ? await tx.update(schema.webhookEndpoints).set(changes).where(where).returning()
      : await tx.select().from(schema.webhookEndpoints).where(where);
  if (!row) throw new AppError("not_found");
  await audit(tx, {
    actorUserId,
    tenantId,
    action: "webhook.updated",
    targetType: "webhook_endpoint",
    targetId: id,
    details: changes,
  });
  return toDto(row);
}

/** Its deliveries go with it; what was delivered stays delivered. */
export async function deleteEndpoint(tx: Tx, tenantId: string, actorUserId: string, id: string) {
  const [row] = await tx
    .delete(schema.webhookEndpoints)
    .where(and(eq(schema.webhookEndpoints.tenantId, tenantId), eq(schema.webhookEndpoints.id, id)))
    .returning({ url: schema.webhookEndpoints.url });
  if (!row) throw new AppError("not_found");
  await audit(tx, {
    actorUserId,
    tenantId,
    action: "webhook.deleted",
    targetType: "webhook_endpoint",
    targetId: id,
    details: { url: row.url },
  });
}
