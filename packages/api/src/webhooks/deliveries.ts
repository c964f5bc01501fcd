import { AppError, WEBHOOK_TEST_EVENT, type WebhookDeliveryState } from "@kunto/core";
import type { Tx } from "@kunto/db";
import { sql } from "drizzle-orm";
import { audit } from "../audit";
import { endpointOf } from "./endpoints";
import { announceDeliveries, recordWebhookEvent } from "./events";

/** An endpoint's delivery log (issue 20.4): newest first, a page at a time, with a resend. */
export const DELIVERIES_PAGE_SIZE = 50;

type DeliveryRow = {
  id: string;
  event_id: string;
  type: string;
  status: WebhookDeliveryState;
  attempts: number;
  last_attempt_at: Date | string | null;
  response_status: number | null;
  response_excerpt: string | null;
  created_at: Date | string;
  total: number;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export async function listDeliveries(tx: Tx, tenantId: string, endpointId: string, page: number) {
  await endpointOf(tx, tenantId, endpointId);
  const rows = await tx.execute<DeliveryRow>(sql`
    select d.id, d.event_id, ev.type, d.status, d.attempts, d.last_attempt_at, d.response_status,
      d.response_excerpt, d.created_at, count(*) over ()::int as total
    from webhook_deliveries d join webhook_events ev on ev.id = d.event_id
    where d.tenant_id = ${tenantId} and d.endpoint_id = ${endpointId}
    order by d.created_at desc, d.id
    limit ${DELIVERIES_PAGE_SIZE} offset ${(page - 1) * DELIVERIES_PAGE_SIZE}`);
  return {
    total: rows[0]?.total ?? 0,
    page,
    pageSize: DELIVERIES_PAGE_SIZE,
    items: rows.map((r) => ({
      id: r.id,
      eventId: r.event_id,
      type: r.type,
      status: r.status,
      attempts: r.attempts,
      lastAttemptAt: iso(r.last_attempt_at),
      responseStatus: r.response_status,
      responseExcerpt: r.response_excerpt,
      createdAt: iso(r.created_at) as string,
    })),
  };
}

/**
 * Sends a delivery again as a new round (same event, same `webhook-id`, so a receiver that has it
 * can tell), whatever its outcome was; one waiting or being sent answers 409.
 */
export async function resendDelivery(tx: Tx, tenantId: string, actorUserId: string, id: string) {
  const [row] = await tx.execute<{ status: WebhookDeliveryState; endpoint_id: string }>(sql`
    select status, endpoint_id from webhook_deliveries where tenant_id = ${tenantId} and id = ${id} for update`);
  if (!row) throw new AppError("not_found");
  if (row.status !== "succeeded" && row.status !== "failed")
    throw new AppError("webhook_delivery_in_progress");
  await tx.execute(sql`
    update webhook_deliveries set status = 'pending', job_id = gen_random_uuid(), queued_at = null
    where id = ${id}`);
  await announceDeliveries(tx);
  await audit(tx, {
    actorUserId,
    tenantId,
    action: "webhook.resent",
    targetType: "webhook_delivery",
    targetId: id,
    details: { endpointId: row.endpoint_id },
  });
}

/** A `webhook.test` event to this one endpoint, to see the receiver and its signature check work. */
export async function sendTestEvent(tx: Tx, tenantId: string, endpointId: string) {
  const endpoint = await endpointOf(tx, tenantId, endpointId);
  await recordWebhookEvent(
    tx,
    tenantId,
    WEBHOOK_TEST_EVENT,
    { endpoint: { id: endpoint.id, url: endpoint.url } },
    { endpointIds: [endpoint.id] },
  );
}
