// The organisation's side of billing (document 3 §2 payments card, §7): checkout, the customer
// portal and the card's facts. Called in the request's transaction, under the tenant policy.
import { AppError, effectivePlan, type Language, type Plan, type SubscriptionStatus } from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { ApiConfig, UserRow } from "../context";
import { listPlanPrices } from "./prices";
import { isLive } from "./state";
import { callStripe, stripeOf } from "./stripe";

/** Document 3 §9: a 30-day trial on the organisation's first subscription. */
export const TRIAL_DAYS = 30;

/**
 * What the checkout does about tax (GET /api/shared/stripe/tax answers it; the session below is made
 * with it): Stripe Tax computes the tax from the customer's address, and a business may give its tax ID.
 */
export const CHECKOUT_TAX = { automaticTax: true, taxIdCollection: true } as const;

/** The checkout's tax facts; 409 `billing_not_configured` without keys (no checkout then). */
export function checkoutTax(config: ApiConfig): typeof CHECKOUT_TAX {
  stripeOf(config);
  return CHECKOUT_TAX;
}

/** Stripe's locale for the checkout and portal pages (Estonian is `et` there). */
const STRIPE_LOCALES: Record<Language, "en" | "fi" | "et" | "ru" | "pl"> = {
  en: "en",
  fi: "fi",
  ee: "et",
  ru: "ru",
  pl: "pl",
};
const localeOf = (language: string | null): "en" | "fi" | "et" | "ru" | "pl" =>
  STRIPE_LOCALES[(language ?? "en") as Language] ?? "en";

const settingsUrl = (config: ApiConfig, tenantId: string) => `${config.appUrl}/t/${tenantId}/settings`;

/** The organisation's billing row, made when missing, locked for this transaction. */
async function lockBilling(tx: Tx, tenantId: string) {
  await tx.insert(schema.tenantBilling).values({ tenantId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(schema.tenantBilling)
    .where(eq(schema.tenantBilling.tenantId, tenantId))
    .for("update");
  if (!row) throw new AppError("not_found");
  return row;
}

/** The organisation's Stripe customer (metadata.tenantId names it), made on the first checkout. */
async function customerOf(
  stripe: Stripe,
  tx: Tx,
  billing: { tenantId: string; stripeCustomerId: string | null },
  user: UserRow,
): Promise<string> {
  if (billing.stripeCustomerId) return billing.stripeCustomerId;
  const [tenant] = await tx
    .select({ name: schema.tenants.name })
    .from(schema.tenants)
    .where(eq(schema.tenants.id, billing.tenantId));
  const customer = await callStripe(() =>
    stripe.customers.create(
      {
        name: tenant?.name,
        ...(user.email ? { email: user.email } : {}),
        preferred_locales: [localeOf(user.language)],
        metadata: { tenantId: billing.tenantId },
      },
      // A retry after a failed transaction finds the customer Stripe already made (24 h).
      { idempotencyKey: `kunto-customer-${billing.tenantId}-${user.id}` },
    ),
  );
  await tx
    .update(schema.tenantBilling)
    .set({ stripeCustomerId: customer.id })
    .where(eq(schema.tenantBilling.tenantId, billing.tenantId));
  return customer.id;
}

/**
 * A Checkout Session for one of the plans' prices (GET /api/tenant/stripe/checkout?price=): subscription
 * mode, promotion codes, automatic tax, tax ID collection, the organisation in the subscription's
 * metadata, and a 30-day trial when the customer never had a subscription. An organisation with a
 * live subscription changes it in the portal instead (409 `subscription_exists`).
 */
export async function startCheckout(
  tx: Tx,
  config: ApiConfig,
  tenantId: string,
  user: UserRow,
  priceId: string,
): Promise<{ id: string; url: string }> {
  const stripe = stripeOf(config);
  // The demo's organisations are shared make-believe: nobody buys for them.
  if (user.isDemo) throw new AppError("demo_account_read_only");
  const price = (await listPlanPrices(config)).find((p) => p.id === priceId);
  if (!price) throw new AppError("price_unknown");
  const billing = await lockBilling(tx, tenantId);
  const customer = await customerOf(stripe, tx, billing, user);
  // Stripe's word on the customer's subscriptions, not the last event's: also right while events
  // are still on their way.
  const earlier = billing.stripeCustomerId
    ? await callStripe(() => stripe.subscriptions.list({ customer, status: "all", limit: 100 }))
    : { data: [] };
  if (earlier.data.some((sub) => isLive(sub.status))) throw new AppError("subscription_exists");
  const session = await callStripe(() =>
    stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      line_items: [{ price: price.id, quantity: 1 }],
      allow_promotion_codes: true,
      automatic_tax: { enabled: CHECKOUT_TAX.automaticTax },
      tax_id_collection: { enabled: CHECKOUT_TAX.taxIdCollection },
      // Tax needs the address, and a tax ID the name, saved on the existing customer.
      customer_update: { address: "auto", name: "auto" },
      subscription_data: {
        ...(earlier.data.length === 0 ? { trial_period_days: TRIAL_DAYS } : {}),
        metadata: { tenantId },
      },
      metadata: { tenantId },
      client_reference_id: tenantId,
      locale: localeOf(user.language),
      success_url: `${settingsUrl(config, tenantId)}?checkout=success`,
      cancel_url: `${settingsUrl(config, tenantId)}?checkout=cancel`,
    }),
  );
  if (!session.url) throw new AppError("billing_unavailable");
  return { id: session.id, url: session.url };
}

/** The customer portal (payment details, invoices, cancellation); 409 `billing_no_customer` before a checkout. */
export async function openCustomerPortal(
  tx: Tx,
  config: ApiConfig,
  tenantId: string,
  user: UserRow,
): Promise<{ url: string }> {
  const stripe = stripeOf(config);
  if (user.isDemo) throw new AppError("demo_account_read_only");
  const [billing] = await tx
    .select({ customer: schema.tenantBilling.stripeCustomerId })
    .from(schema.tenantBilling)
    .where(eq(schema.tenantBilling.tenantId, tenantId));
  if (!billing?.customer) throw new AppError("billing_no_customer");
  const customer = billing.customer;
  const session = await callStripe(() =>
    stripe.billingPortal.sessions.create({
      customer,
      return_url: settingsUrl(config, tenantId),
      locale: localeOf(user.language),
    }),
  );
  return { url: session.url };
}

/** The payments card (GET /api/tenant/stripe/customer), from what the webhook last wrote. */
export interface BillingCard {
  /** False without Stripe keys: the plan was set by a platform admin and cannot be bought here. */
  configured: boolean;
  /** The plan the organisation gets now (effectivePlan). */
  plan: Plan;
  /** The plan it subscribed to (or was given). */
  subscribedPlan: Plan;
  status: SubscriptionStatus | null;
  /** Stripe's own status (`trialing`, `active`, `past_due`, …); null without a subscription. */
  stripeStatus: string | null;
  priceId: string | null;
  interval: string | null;
  /** "Ends on …": the subscription was canceled and ends then. */
  cancelAt: string | null;
  /** The next charge (or the end of the trial). */
  currentPeriodEnd: string | null;
  /** While a failed payment is in its grace period: when the plan falls back to FREE. */
  paymentGraceUntil: string | null;
  /** Whether payment details exist (the edit-payment-details button opens the portal). */
  hasCustomer: boolean;
  /** Whether a checkout now starts with the 30-day trial (no subscription yet). */
  trialAvailable: boolean;
  /** Where the TOTAL plan's quote is asked for (SALES_EMAIL); null when the server names none. */
  salesEmail: string | null;
}

export async function billingCard(tx: Tx, config: ApiConfig, tenantId: string): Promise<BillingCard> {
  const [row] = await tx
    .select({ tenant: schema.tenants, billing: schema.tenantBilling })
    .from(schema.tenants)
    .leftJoin(schema.tenantBilling, eq(schema.tenantBilling.tenantId, schema.tenants.id))
    .where(eq(schema.tenants.id, tenantId));
  if (!row) throw new AppError("not_found");
  const { tenant, billing } = row;
  const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
  return {
    configured: config.billing !== undefined,
    plan: effectivePlan(tenant.plan, tenant.subscriptionStatus, tenant.paymentGraceUntil),
    subscribedPlan: tenant.plan,
    status: tenant.subscriptionStatus,
    stripeStatus: billing?.stripeStatus ?? null,
    priceId: billing?.stripePriceId ?? null,
    interval: billing?.interval ?? null,
    cancelAt: iso(billing?.cancelAt),
    currentPeriodEnd: iso(billing?.currentPeriodEnd),
    paymentGraceUntil: tenant.subscriptionStatus === "PAYMENT_FAILED" ? iso(tenant.paymentGraceUntil) : null,
    hasCustomer: Boolean(billing?.stripeCustomerId),
    trialAvailable: !billing?.stripeSubscriptionId,
    salesEmail: config.salesEmail ?? null,
  };
}
