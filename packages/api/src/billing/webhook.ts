// The Stripe webhook (issue 21): verified with the SDK on the raw body, each event applied once, and
// applied by reading the customer's subscriptions back from Stripe, so deliveries in any order (or
// twice, or twenty times at once) end in the state Stripe holds.
import { AppError, ERROR_STATUS, type ErrorKey } from "@kunto/core";
import { type Db, schema, type Tx, withScope } from "@kunto/db";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { audit } from "../audit";
import { forgetTenant } from "../auth-cache";
import type { ApiConfig, Logger } from "../context";
import { currentSubscription, nextPlanState, planOfMetadata } from "./state";
import { callStripe, isMissing, stripeOf } from "./stripe";
import { queueTrialEndingMails } from "./trial-mail";

/** The events that may change an organisation's subscription; others are acknowledged and ignored. */
export const HANDLED_EVENTS = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
  "customer.subscription.trial_will_end",
  "invoice.paid",
  "invoice.payment_succeeded",
  "invoice.payment_failed",
]);

export interface WebhookAnswer {
  status: number;
  body: Record<string, unknown>;
}

const CODES: Record<number, string> = { 400: "BAD_REQUEST", 409: "CONFLICT", 503: "SERVICE_UNAVAILABLE" };

/** The one error body of the server (rest-errors.ts): `message`, `code` and the `error_key`. */
const refusal = (key: ErrorKey): WebhookAnswer => ({
  status: ERROR_STATUS[key],
  body: { message: key, code: CODES[ERROR_STATUS[key]] ?? "INTERNAL_SERVER_ERROR", error_key: key },
});

/** What the event is about: its customer (a customer event's own id). */
function customerOf(event: Stripe.Event): string | null {
  const object = event.data.object as { object?: string; id?: string; customer?: unknown };
  if (object.object === "customer") return object.id ?? null;
  const customer = object.customer;
  if (typeof customer === "string") return customer;
  if (customer && typeof customer === "object" && "id" in customer) return String(customer.id);
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The organisation a customer belongs to: the `tenantId` checkout wrote in its metadata. */
async function tenantOfCustomer(stripe: Stripe, customerId: string): Promise<string | null> {
  let customer: Stripe.Customer | Stripe.DeletedCustomer;
  try {
    customer = await stripe.customers.retrieve(customerId);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  if (customer.deleted) return null;
  const tenantId = customer.metadata?.tenantId;
  return tenantId && UUID.test(tenantId) ? tenantId : null;
}

const fromSeconds = (seconds: number | null | undefined) =>
  typeof seconds === "number" ? new Date(seconds * 1000) : null;

/** The customer's deciding subscription, as Stripe holds it now, with its price's product. */
async function currentOf(stripe: Stripe, customerId: string): Promise<Stripe.Subscription | null> {
  const subs = await stripe.subscriptions
    .list({ customer: customerId, status: "all", limit: 100 })
    .autoPagingToArray({ limit: 1000 });
  const current = currentSubscription(subs);
  if (!current) return null;
  return stripe.subscriptions.retrieve(current.id, { expand: ["items.data.price.product"] });
}

type Outcome = "applied" | "duplicate" | "unknown_tenant" | "other_customer";

/** Stores the event id and applies the customer's current subscription to the organisation. */
async function apply(
  tx: Tx,
  stripe: Stripe,
  event: Stripe.Event,
  tenantId: string,
  customerId: string,
  appUrl: string,
): Promise<Outcome> {
  const stored = await tx
    .insert(schema.stripeEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: schema.stripeEvents.id });
  if (stored.length === 0) return "duplicate";
  // The organisation's row is the lock every event of it waits for: the one that writes last has
  // read Stripe last.
  const [tenant] = await tx
    .select()
    .from(schema.tenants)
    .where(eq(schema.tenants.id, tenantId))
    .for("update");
  if (!tenant) return "unknown_tenant";
  const [billing] = await tx
    .select()
    .from(schema.tenantBilling)
    .where(eq(schema.tenantBilling.tenantId, tenantId));
  if (billing?.stripeCustomerId && billing.stripeCustomerId !== customerId) return "other_customer";

  const sub = await callStripe(() => currentOf(stripe, customerId));
  const item = sub?.items.data[0];
  const product = item && typeof item.price.product === "object" ? item.price.product : null;
  const facts = {
    stripeSubscriptionId: sub?.id ?? null,
    stripePriceId: item?.price.id ?? null,
    interval: item?.price.recurring?.interval ?? null,
    stripeStatus: sub?.status ?? null,
    cancelAt: fromSeconds(sub?.cancel_at ?? (sub?.cancel_at_period_end ? item?.current_period_end : null)),
    currentPeriodEnd: fromSeconds(item?.current_period_end),
  };
  const row = {
    ...facts,
    stripeCustomerId: customerId,
    lastEventId: event.id,
    lastEventType: event.type,
    lastEventAt: new Date(event.created * 1000),
  };
  await tx
    .insert(schema.tenantBilling)
    .values({ tenantId, ...row })
    .onConflictDoUpdate({ target: schema.tenantBilling.tenantId, set: { ...row, updatedAt: new Date() } });
  // A customer without any subscription leaves the plan as it is (set by hand, or FREE).
  if (!sub) return "applied";

  const plan = product && !product.deleted ? planOfMetadata(product.metadata) : null;
  const next = nextPlanState(tenant, { stripeStatus: sub.status, plan }, new Date());
  await tx
    .update(schema.tenants)
    .set({ ...next, currentSubscriptionPeriodEnd: facts.currentPeriodEnd })
    .where(eq(schema.tenants.id, tenantId));
  if (next.plan !== tenant.plan || next.subscriptionStatus !== tenant.subscriptionStatus) {
    await audit(tx, {
      actorUserId: null,
      tenantId,
      action: "billing.subscription_changed",
      targetType: "tenant",
      targetId: tenantId,
      details: { plan: next.plan, subscriptionStatus: next.subscriptionStatus },
    });
  }
  // The trial of the deciding subscription ends in about 3 days: its admins hear of it, once (the
  // event id above). Not when the event names another subscription or the trial is already over.
  const named = (event.data.object as { id?: string }).id;
  if (
    event.type === "customer.subscription.trial_will_end" &&
    named === sub.id &&
    sub.status === "trialing"
  ) {
    const endsAt = fromSeconds(sub.trial_end);
    if (endsAt)
      await queueTrialEndingMails(tx, {
        tenantId,
        organisation: tenant.name,
        plan: plan ?? next.plan,
        endsAt,
        appUrl,
      });
  }
  return "applied";
}

/**
 * POST /api/shared/stripe/webhook: `raw` is the body's bytes exactly as received (the signature
 * covers them). A bad signature answers 400 and changes nothing; an event applied before answers 200 and is
 * ignored; a failure to reach Stripe answers 503 and stores nothing, so Stripe delivers it again.
 */
export async function receiveStripeEvent(
  deps: { db: Db; config: ApiConfig; log: Logger },
  raw: Buffer,
  signature: string | undefined,
): Promise<WebhookAnswer> {
  const billing = deps.config.billing;
  if (!billing) return refusal("billing_not_configured");
  const stripe = stripeOf(deps.config);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(raw, signature ?? "", billing.webhookSecret);
  } catch {
    return refusal("stripe_signature_invalid");
  }
  if (!HANDLED_EVENTS.has(event.type)) return { status: 200, body: { received: true, handled: false } };
  const customerId = customerOf(event);
  try {
    const tenantId = customerId ? await callStripe(() => tenantOfCustomer(stripe, customerId)) : null;
    if (!customerId || !tenantId) {
      deps.log.warn({ event: event.id, type: event.type, customerId }, "stripe event names no organisation");
      return { status: 200, body: { received: true, handled: false } };
    }
    const outcome = await withScope(deps.db, { userId: null, tenantId }, (tx) =>
      apply(tx, stripe, event, tenantId, customerId, deps.config.appUrl),
    );
    if (outcome === "applied") forgetTenant(tenantId);
    else if (outcome !== "duplicate")
      deps.log.warn({ event: event.id, type: event.type, tenantId, outcome }, "stripe event not applied");
    return {
      status: 200,
      body: { received: true, handled: outcome === "applied", duplicate: outcome === "duplicate" },
    };
  } catch (error) {
    if (error instanceof AppError && error.key === "billing_unavailable") {
      deps.log.warn({ event: event.id, type: event.type, details: error.details }, "stripe unavailable");
      return refusal("billing_unavailable");
    }
    throw error;
  }
}
