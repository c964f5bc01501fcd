import { PLANS, planAllows, type WebhookEvent } from "@kunto/core";
import type { Tx } from "@kunto/db";
import { sql } from "drizzle-orm";

/**
 * Recording what happened for the organisation's webhook endpoints (issue 20.4). An event is written
 * in the transaction of the change it reports, with one delivery for each enabled endpoint that chose
 * it, and only while the organisation's plan has webhooks: a change that rolls back sends nothing.
 * `pg_notify` is transactional too: the job processes hear of the deliveries when, and only if, the
 * transaction commits (apps/server/src/jobs.ts), and a scan each minute picks up any they missed.
 */
export const WEBHOOK_CHANNEL = "kunto_webhooks";

export const PLANS_WITH_WEBHOOKS = PLANS.filter((plan) => planAllows(plan, "webhooks"));

/** Endpoints of the organisation that receive this type now (enabled, chosen, plan allows). */
export const receivingEndpoints = (tenantId: string, type: string) => sql`
  select e.id from webhook_endpoints e join tenants t on t.id = e.tenant_id
  where e.tenant_id = ${tenantId} and e.enabled and ${type} = any(e.events) and t.active
    and kunto_effective_plan(t.plan, t.subscription_status, t.payment_grace_until) = any(${`{${PLANS_WITH_WEBHOOKS.join(",")}}`}::text[])`;

/** Tells the job processes that deliveries wait; delivered on commit, never for a rollback. */
export async function announceDeliveries(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
}

/**
 * Records one event and its deliveries; nothing when no endpoint receives it. `dedupeKey` makes a
 * second recording of the same happening (a scan running twice) a no-op. Answers the deliveries made.
 */
export async function recordWebhookEvent(
  tx: Tx,
  tenantId: string,
  type: WebhookEvent | "webhook.test",
  data: Record<string, unknown>,
  options: { dedupeKey?: string; endpointIds?: string[] } = {},
): Promise<number> {
  const targets = options.endpointIds
    ? sql`select id from webhook_endpoints where tenant_id = ${tenantId} and id = any(${`{${options.endpointIds.join(",")}}`}::uuid[])`
    : receivingEndpoints(tenantId, type);
  const [row] = await tx.execute<{ deliveries: number }>(sql`
    with targets as (${targets}),
    event as (
      insert into webhook_events (tenant_id, type, data, dedupe_key)
      select ${tenantId}, ${type}, ${JSON.stringify(data)}::jsonb, ${options.dedupeKey ?? null}
      where exists (select 1 from targets)
      on conflict (tenant_id, dedupe_key) do nothing
      returning id),
    made as (
      insert into webhook_deliveries (tenant_id, endpoint_id, event_id)
      select ${tenantId}, targets.id, event.id from targets cross join event
      returning id)
    select count(*)::int as deliveries from made`);
  const deliveries = row?.deliveries ?? 0;
  if (deliveries > 0) await announceDeliveries(tx);
  return deliveries;
}
