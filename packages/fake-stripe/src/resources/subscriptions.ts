// Subscriptions API: create, retrieve, list, update (cancel_at_period_end, cancel_at, items with a
// price change, proration_behavior, metadata), cancel.
import { page, render } from "../expand";
import { bool, type FormObject, int, list, metadata, obj, str } from "../form";
import { badRequest } from "../http";
import type { ApiRoute } from "../router";
import type { FakeState } from "../state";
import type { Price, Subscription } from "../types";
import { getPrice } from "./catalog";
import { getCustomer } from "./customers";
import { createInvoice, paidEvents } from "./invoices";
import {
  addInterval,
  cancelNow,
  createSubscription,
  getSubscription,
  periodEnd,
  setCancelAtPeriodEnd,
} from "./lifecycle";

const PRORATION_BEHAVIORS = ["always_invoice", "create_prorations", "none"];

/** Whether the item's new price bills on another cycle (interval or count) than its old one. */
const otherCycle = (before: Price, after: Price) =>
  before.recurring?.interval !== after.recurring?.interval ||
  before.recurring?.interval_count !== after.recurring?.interval_count;

/**
 * A price with another billing interval starts a new period now and is invoiced now, as Stripe
 * does outside a trial (the fake charges the new price in full: no proration credit).
 */
function restartPeriod(state: FakeState, sub: Subscription): void {
  const now = state.now();
  sub.billing_cycle_anchor = now;
  for (const item of sub.items.data) {
    const recurring = item.price.recurring;
    item.current_period_start = now;
    item.current_period_end = addInterval(
      now,
      recurring?.interval ?? "month",
      recurring?.interval_count ?? 1,
    );
  }
  if (sub.cancel_at_period_end) sub.cancel_at = periodEnd(sub);
}

interface Updated {
  previous: Record<string, unknown>;
  /** A new billing period started: its invoice is due now. */
  billNow: boolean;
}

function update(state: FakeState, sub: Subscription, form: FormObject): Updated {
  if (sub.status === "canceled") {
    throw badRequest("A canceled subscription can only update its cancellation_details and metadata.");
  }
  const proration = str(form, "proration_behavior");
  if (proration !== undefined && !PRORATION_BEHAVIORS.includes(proration)) {
    throw badRequest(
      `Invalid proration_behavior: must be one of ${PRORATION_BEHAVIORS.join(", ")}`,
      "proration_behavior",
    );
  }
  const previous: Record<string, unknown> = {};
  let billNow = false;
  const cancelAtPeriodEnd = bool(form, "cancel_at_period_end");
  if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== sub.cancel_at_period_end) {
    Object.assign(previous, setCancelAtPeriodEnd(sub, cancelAtPeriodEnd, state.now()));
  }
  if (form.cancel_at !== undefined) {
    previous.cancel_at = sub.cancel_at;
    sub.cancel_at = form.cancel_at === "" ? null : (int(form, "cancel_at") ?? null);
    sub.cancel_at_period_end = sub.cancel_at !== null && sub.cancel_at === periodEnd(sub);
    sub.canceled_at = sub.cancel_at === null ? null : state.now();
  }
  const items = list(form, "items");
  if (items.length > 0) {
    previous.items = structuredClone(sub.items);
    items.forEach((entry, i) => {
      if (typeof entry !== "object" || Array.isArray(entry)) throw badRequest("Invalid items", "items");
      const item = sub.items.data.find((it) => it.id === str(entry, "id")) ?? sub.items.data[i];
      const priceId = str(entry, "price");
      if (!item) throw badRequest(`No such subscription item: '${str(entry, "id") ?? i}'`, `items[${i}][id]`);
      if (priceId) {
        const price = getPrice(state, priceId, `items[${i}][price]`);
        if (otherCycle(item.price, price) && sub.status !== "trialing") billNow = true;
        item.price = structuredClone(price);
      }
      item.quantity = int(entry, "quantity") ?? item.quantity;
    });
    if (billNow) {
      previous.billing_cycle_anchor = sub.billing_cycle_anchor;
      restartPeriod(state, sub);
    }
  }
  if (form.metadata !== undefined) {
    previous.metadata = sub.metadata;
    sub.metadata = metadata(form, sub.metadata);
  }
  return { previous, billNow };
}

export const subscriptionRoutes: ApiRoute[] = [
  {
    method: "POST",
    path: /^\/v1\/subscriptions$/,
    handler: ({ state, form }) => {
      const customer = getCustomer(state, str(form, "customer") ?? "", "customer");
      const items = list(form, "items").map((entry, i) => {
        if (typeof entry !== "object" || Array.isArray(entry)) throw badRequest("Invalid items", "items");
        return {
          price: getPrice(state, str(entry, "price") ?? "", `items[${i}][price]`),
          quantity: int(entry, "quantity") ?? 1,
        };
      });
      if (items.length === 0) throw badRequest("Missing required param: items.", "items");
      const sub = createSubscription(state, {
        customer: customer.id,
        lineItems: items,
        trialDays: int(form, "trial_period_days") ?? null,
        metadata: metadata(form),
        automaticTax: bool(obj(form, "automatic_tax") ?? {}, "enabled") ?? false,
      });
      state.publishLater("customer.subscription.created", sub);
      return render(state, sub, form);
    },
  },
  {
    method: "GET",
    path: /^\/v1\/subscriptions$/,
    handler: ({ state, form }) => {
      const customer = str(form, "customer");
      const status = str(form, "status");
      const price = str(form, "price");
      const items = [...state.subscriptions.values()].filter(
        (s) =>
          (customer === undefined || s.customer === customer) &&
          (status === "all" || (status === undefined ? s.status !== "canceled" : s.status === status)) &&
          (price === undefined || s.items.data.some((item) => item.price.id === price)),
      );
      return page(state, "/v1/subscriptions", items, form);
    },
  },
  {
    method: "GET",
    path: /^\/v1\/subscriptions\/([^/]+)$/,
    handler: ({ state, params, form }) => render(state, getSubscription(state, params[0] ?? ""), form),
  },
  {
    method: "POST",
    path: /^\/v1\/subscriptions\/([^/]+)$/,
    handler: ({ state, params, form }) => {
      const sub = getSubscription(state, params[0] ?? "");
      const { previous, billNow } = update(state, sub, form);
      if (Object.keys(previous).length > 0)
        state.publishLater("customer.subscription.updated", sub, previous);
      if (billNow) {
        for (const event of paidEvents(state, createInvoice(state, sub, "subscription_update", true)))
          state.webhooks.deliverSoon(event);
      }
      return render(state, sub, form);
    },
  },
  {
    method: "DELETE",
    path: /^\/v1\/subscriptions\/([^/]+)$/,
    handler: ({ state, params, form }) => {
      const sub = getSubscription(state, params[0] ?? "");
      cancelNow(state, sub);
      return render(state, sub, form);
    },
  },
];
