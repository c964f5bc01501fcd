// Changes to the organisation's live subscription made in Kunto (document 3 §7 POST
// /api/tenant/stripe/subscription, document 1 §7 POST /api/user/subscription, …/enable, …/disable):
// each is asked of Stripe, and the organisation's plan follows the event Stripe sends back (webhook.ts),
// never this call.
import { AppError } from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { ApiConfig } from "../context";
import { listPlanPrices } from "./prices";
import { currentSubscription, isLive, planOfMetadata } from "./state";
import { callStripe, stripeOf } from "./stripe";

/** The subscription as Stripe answered the change (the payments card shows it once the event is in). */
export interface SubscriptionAnswer {
  id: string;
  /** Stripe's status: `trialing`, `active`, `past_due`, … */
  stripeStatus: string;
  priceId: string | null;
  /** The plan its price's product names; null for a product that names none. */
  plan: "PRO" | "TOTAL" | null;
  interval: string | null;
  /** Canceled: it ends at `cancelAt` (the period's end), until renewed. */
  cancelAtPeriodEnd: boolean;
  cancelAt: string | null;
  currentPeriodEnd: string | null;
}

/** Stripe answers with the product, so the answer names the plan. */
const EXPAND = ["items.data.price.product"];

const iso = (seconds: number | null | undefined) =>
  typeof seconds === "number" ? new Date(seconds * 1000).toISOString() : null;

function answerOf(sub: Stripe.Subscription): SubscriptionAnswer {
  const item = sub.items.data[0];
  const product = item && typeof item.price.product === "object" ? item.price.product : null;
  return {
    id: sub.id,
    stripeStatus: sub.status,
    priceId: item?.price.id ?? null,
    plan: product && !product.deleted ? planOfMetadata(product.metadata) : null,
    interval: item?.price.recurring?.interval ?? null,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    cancelAt: iso(sub.cancel_at),
    currentPeriodEnd: iso(item?.current_period_end),
  };
}

/**
 * The organisation's live subscription as Stripe holds it now (not as the last event left it), the
 * same one the webhook lets decide the plan; 409 `billing_no_subscription` when there is none.
 */
async function liveSubscription(tx: Tx, stripe: Stripe, tenantId: string): Promise<Stripe.Subscription> {
  const [billing] = await tx
    .select({ customer: schema.tenantBilling.stripeCustomerId })
    .from(schema.tenantBilling)
    .where(eq(schema.tenantBilling.tenantId, tenantId));
  const customer = billing?.customer;
  if (!customer) throw new AppError("billing_no_subscription");
  const subs = await callStripe(() =>
    stripe.subscriptions.list({ customer, status: "all", limit: 100 }).autoPagingToArray({ limit: 1000 }),
  );
  const current = currentSubscription(subs);
  if (!current || !isLive(current.status) || !current.items.data[0])
    throw new AppError("billing_no_subscription");
  return current;
}

/** Updates the subscription (or only reads it back when nothing would change). */
const updated = (stripe: Stripe, id: string, params: Stripe.SubscriptionUpdateParams | null) =>
  callStripe(() =>
    params
      ? stripe.subscriptions.update(id, { ...params, expand: EXPAND })
      : stripe.subscriptions.retrieve(id, { expand: EXPAND }),
  );

/**
 * Another of the plans' prices for the live subscription (PRO ↔ TOTAL, monthly ↔ yearly): its item
 * is replaced, and the difference is invoiced now (`always_invoice`): an upgrade is paid when it is
 * made, a downgrade leaves a credit for the next invoices. A change of interval starts a new period
 * now (Stripe's rule; during a trial the trial goes on). 400 `price_unknown` for another price.
 */
export async function changeSubscriptionPrice(
  tx: Tx,
  config: ApiConfig,
  tenantId: string,
  priceId: string,
): Promise<SubscriptionAnswer> {
  const stripe = stripeOf(config);
  const price = (await listPlanPrices(config)).find((p) => p.id === priceId);
  if (!price) throw new AppError("price_unknown");
  const sub = await liveSubscription(tx, stripe, tenantId);
  const item = sub.items.data[0] as Stripe.SubscriptionItem;
  const params: Stripe.SubscriptionUpdateParams | null =
    item.price.id === price.id
      ? null
      : { items: [{ id: item.id, price: price.id }], proration_behavior: "always_invoice" };
  return answerOf(await updated(stripe, sub.id, params));
}

/**
 * Cancel at the period's end (`disable`) or take that back (`enable`); asking for the state the
 * subscription already has changes nothing. Enabling also clears a cancellation date set elsewhere
 * (the portal, Stripe's dashboard).
 */
export async function setCancelAtPeriodEnd(
  tx: Tx,
  config: ApiConfig,
  tenantId: string,
  cancel: boolean,
): Promise<SubscriptionAnswer> {
  const stripe = stripeOf(config);
  const sub = await liveSubscription(tx, stripe, tenantId);
  let params: Stripe.SubscriptionUpdateParams | null = null;
  if (cancel && !sub.cancel_at_period_end) params = { cancel_at_period_end: true };
  else if (!cancel && sub.cancel_at_period_end) params = { cancel_at_period_end: false };
  else if (!cancel && sub.cancel_at !== null) params = { cancel_at: "" };
  return answerOf(await updated(stripe, sub.id, params));
}
