import { type SystemDb, withSystem } from "@kunto/db";
import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { PLANS_WITH_WEBHOOKS } from "./events";
import { type PostOutcome, postJson } from "./post";
import { readWebhookSecret } from "./secrets";

/**
 * The delivery job (issue 20.4; docs/decisions.md "Webhooks"), run by pg-boss in any server process.
 * Each round of a delivery is one pg-boss job whose id is the delivery's `job_id`, so two processes
 * queueing the same round make one job; pg-boss retries a failed attempt with exponential back-off.
 * An attempt first claims its delivery in the database (one attempt at a time, only of its round),
 * then POSTs outside any transaction, then writes the outcome.
 */

/** Retries after the first attempt: with back-off from 30 s (capped at 4 h) they span about a day. */
export const WEBHOOK_RETRY_LIMIT = 10;
export const WEBHOOK_RETRY_DELAY_SECONDS = 30;
export const WEBHOOK_RETRY_DELAY_MAX_SECONDS = 4 * 60 * 60;
/** An attempt left `sending` longer than this (its process died) may be taken again. */
const STALE_SENDING = "2 minutes";

export interface DeliveryJob {
  deliveryId: string;
}

/** A round waiting to be handed to pg-boss. */
export interface UnqueuedRound {
  deliveryId: string;
  jobId: string;
}

/** Rounds no job carries yet (announced, made by the scan, or sent again), oldest first. */
export async function unqueuedRounds(system: SystemDb, limit = 500): Promise<UnqueuedRound[]> {
  return withSystem(system, async (tx) => {
    const rows = await tx.execute<{ id: string; job_id: string }>(sql`
      select id, job_id from webhook_deliveries where queued_at is null order by created_at limit ${limit}`);
    return rows.map((r) => ({ deliveryId: r.id, jobId: r.job_id }));
  });
}

/** After pg-boss has the jobs: the rounds are queued (a round resent meanwhile keeps waiting). */
export async function markQueued(system: SystemDb, rounds: UnqueuedRound[]): Promise<void> {
  if (rounds.length === 0) return;
  await withSystem(system, async (tx) => {
    for (const round of rounds)
      await tx.execute(sql`
        update webhook_deliveries set queued_at = now()
        where id = ${round.deliveryId} and job_id = ${round.jobId} and queued_at is null`);
  });
}

type Claimed = {
  id: string;
  tenant_id: string;
  endpoint_id: string;
  url: string;
  secret: Buffer;
  secret_encrypted: boolean;
  type: string;
  data: unknown;
  event_at: Date | string;
  sendable: boolean;
};

/** Takes the delivery for this attempt, or nothing when another attempt has it or its round is over. */
async function claim(system: SystemDb, job: DeliveryJob & { jobId: string }): Promise<Claimed | null> {
  return withSystem(system, async (tx) => {
    const [row] = await tx.execute<Claimed>(sql`
      with taken as (
        update webhook_deliveries d set status = 'sending', attempts = d.attempts + 1, last_attempt_at = now()
        where d.id = ${job.deliveryId} and d.job_id = ${job.jobId}
          and (d.status in ('pending', 'retrying')
            or (d.status = 'sending' and d.last_attempt_at < now() - ${STALE_SENDING}::interval))
        returning d.id, d.tenant_id, d.endpoint_id, d.event_id)
      select taken.id, taken.tenant_id, taken.endpoint_id, e.url, e.secret, e.secret_encrypted, ev.type, ev.data, ev.created_at as event_at,
        (e.enabled and t.active
          and kunto_effective_plan(t.plan, t.subscription_status, t.payment_grace_until) = any(${`{${PLANS_WITH_WEBHOOKS.join(",")}}`}::text[])) as sendable
      from taken
        join webhook_endpoints e on e.id = taken.endpoint_id
        join webhook_events ev on ev.id = taken.event_id
        join tenants t on t.id = taken.tenant_id`);
    return row ?? null;
  });
}

async function settle(
  system: SystemDb,
  id: string,
  status: "succeeded" | "retrying" | "failed",
  outcome: PostOutcome,
): Promise<void> {
  await withSystem(system, (tx) =>
    tx.execute(sql`
      update webhook_deliveries set status = ${status}, response_status = ${outcome.status},
        response_excerpt = ${outcome.excerpt}
      where id = ${id}`),
  );
}

/** The body every delivery POSTs (Standard Webhooks' `type`, `timestamp`, `data`). */
export function deliveryBody(type: string, eventAt: Date, data: unknown): string {
  return JSON.stringify({ type, timestamp: eventAt.toISOString(), data });
}

/** Standard Webhooks headers for one attempt; the id stays the same across a delivery's attempts. */
export function signedHeaders(secret: string, deliveryId: string, body: string, now: Date) {
  const id = `msg_${deliveryId.replaceAll("-", "")}`;
  return {
    "content-type": "application/json",
    "user-agent": "Kunto-Webhooks/1",
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, now, body),
  };
}

export type AttemptResult = "succeeded" | "retrying" | "failed" | "skipped";

/**
 * One attempt of a delivery. `retryCount` is pg-boss's: the last allowed attempt that fails marks the
 * delivery failed; an earlier one marks it retrying and the caller throws, so pg-boss tries again.
 */
export async function attemptDelivery(
  system: SystemDb,
  job: DeliveryJob & { jobId: string; retryCount: number },
  options: { allowPrivate: boolean; secretsKey: Uint8Array; timeoutMs?: number; now?: () => Date },
): Promise<AttemptResult> {
  const claimed = await claim(system, job);
  if (!claimed) return "skipped";
  if (!claimed.sendable) {
    await settle(system, claimed.id, "failed", {
      status: null,
      excerpt: "Not sent: the endpoint is disabled or the plan has no webhooks.",
    });
    return "failed";
  }
  const body = deliveryBody(claimed.type, new Date(claimed.event_at), claimed.data);
  let secret: string;
  try {
    secret = readWebhookSecret(options.secretsKey, {
      tenantId: claimed.tenant_id,
      endpointId: claimed.endpoint_id,
      secret: claimed.secret,
      secretEncrypted: claimed.secret_encrypted,
    });
  } catch {
    // Sealed under another SECRETS_KEY: no retry opens it; the endpoint has to be made again.
    await settle(system, claimed.id, "failed", {
      status: null,
      excerpt: "Not sent: the signing secret cannot be opened with this server's SECRETS_KEY.",
    });
    return "failed";
  }
  const headers = signedHeaders(secret, claimed.id, body, options.now?.() ?? new Date());
  const outcome = await postJson(new URL(claimed.url), body, headers, options);
  const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const status = ok ? "succeeded" : job.retryCount >= WEBHOOK_RETRY_LIMIT ? "failed" : "retrying";
  await settle(system, claimed.id, status, outcome);
  return status;
}
