import { pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, tenantId, tenantPolicy, updatedAt } from "./columns";
import { tenants } from "./tenants";

/**
 * The organisation's place in Stripe (issue 21): its customer, and the subscription that decides its
 * plan as Stripe last said it. Written by the Stripe webhook from the subscription's current state
 * (read back from Stripe, so the order events arrive in does not matter) and by checkout (the
 * customer). Tenant-owned under the tenant policy; `tenants.plan`, `subscription_status` and
 * `payment_grace_until` carry what the plan checks read.
 */
export const tenantBilling = pgTable(
  "tenant_billing",
  {
    tenantId: tenantId()
      .primaryKey()
      .references(() => tenants.id, { onDelete: "cascade" }),
    stripeCustomerId: text(),
    /** The subscription that decides the plan (the live one; else the latest); null before the first. */
    stripeSubscriptionId: text(),
    stripePriceId: text(),
    /** The price's interval (`month`, `year`). */
    interval: text(),
    /** Stripe's own status (`trialing`, `active`, `past_due`, `unpaid`, `canceled`, …). */
    stripeStatus: text(),
    /** When a subscription canceled at the period end ends (the payments card's "ends on"). */
    cancelAt: timestamp({ withTimezone: true }),
    /** The end of the current billing period (on the subscription item, as Stripe's API says it). */
    currentPeriodEnd: timestamp({ withTimezone: true }),
    /** The event that last wrote the row (`evt_…`), its type and Stripe's time of it. */
    lastEventId: text(),
    lastEventType: text(),
    lastEventAt: timestamp({ withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("tenant_billing_customer").on(t.stripeCustomerId, t.tenantId),
    tenantPolicy("tenant_billing", t.tenantId),
  ],
);

/**
 * Stripe events already applied (issue 21): the id is stored in the transaction that applies the
 * event, so a repeated or concurrent delivery of it changes nothing. A platform table with no tenant
 * data (ids and types only), like `rate_limits`: no row-level security; the request role may insert
 * and read, never change or delete (migration 0029).
 */
export const stripeEvents = pgTable("stripe_events", {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: createdAt(),
});
