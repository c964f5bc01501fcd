// How a subscription lives on: created by a paid checkout (or the API), renewed at each period end,
// trial ending, canceled now or at the period end. Each change publishes the event Stripe would.
import { notFound } from "../http";
import type { FakeState } from "../state";
import type { Interval, LineItem, Metadata, StripeEvent, Subscription } from "../types";
import { createInvoice, paidEvents } from "./invoices";

const DAY = 86_400;
const TRIAL_WILL_END_BEFORE = 3 * DAY;

/** `start` plus `count` intervals, in UTC; a month end is kept (31 Jan + 1 month = 28/29 Feb). */
export function addInterval(start: number, interval: Interval, count: number): number {
  const date = new Date(start * 1000);
  if (interval === "day") return start + count * DAY;
  if (interval === "week") return start + count * 7 * DAY;
  const months = interval === "year" ? count * 12 : count;
  const day = date.getUTCDate();
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

/** The first whole interval after `after`, counted from the anchor (so a 31st stays the 31st). */
function nextPeriodEnd(anchor: number, after: number, interval: Interval = "month", count = 1): number {
  let n = 1;
  while (addInterval(anchor, interval, count * n) <= after) n++;
  return addInterval(anchor, interval, count * n);
}

export function periodEnd(sub: Subscription): number {
  return sub.items.data[0]?.current_period_end ?? sub.billing_cycle_anchor;
}

export interface NewSubscription {
  customer: string;
  lineItems: Pick<LineItem, "price" | "quantity">[];
  trialDays: number | null;
  metadata: Metadata;
  automaticTax: boolean;
}

export function createSubscription(state: FakeState, input: NewSubscription): Subscription {
  const now = state.now();
  const id = state.newId("sub");
  const trialEnd = input.trialDays ? now + input.trialDays * DAY : null;
  const recurring = input.lineItems[0]?.price.recurring;
  const end = trialEnd ?? addInterval(now, recurring?.interval ?? "month", recurring?.interval_count ?? 1);
  const sub: Subscription = {
    id,
    object: "subscription",
    automatic_tax: { enabled: input.automaticTax, liability: null, disabled_reason: null },
    billing_cycle_anchor: trialEnd ?? now,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: "charge_automatically",
    created: now,
    currency: input.lineItems[0]?.price.currency ?? "eur",
    customer: input.customer,
    default_payment_method: null,
    description: null,
    discounts: [],
    ended_at: null,
    items: {
      object: "list",
      data: input.lineItems.map((item) => ({
        id: state.newId("si"),
        object: "subscription_item",
        created: now,
        current_period_start: now,
        current_period_end: end,
        discounts: [],
        metadata: {},
        price: structuredClone(item.price),
        quantity: item.quantity,
        subscription: id,
        tax_rates: [],
      })),
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: { ...input.metadata },
    start_date: now,
    status: trialEnd ? "trialing" : "active",
    trial_end: trialEnd,
    trial_start: trialEnd ? now : null,
  };
  state.subscriptions.set(id, sub);
  return sub;
}

export function getSubscription(state: FakeState, id: string): Subscription {
  const sub = state.subscriptions.get(id);
  if (!sub) throw notFound("subscription", id);
  return sub;
}

/** Sets or clears cancel-at-period-end; returns the previous attributes for the event. */
export function setCancelAtPeriodEnd(
  sub: Subscription,
  cancel: boolean,
  now: number,
): Record<string, unknown> {
  const previous = {
    cancel_at_period_end: sub.cancel_at_period_end,
    cancel_at: sub.cancel_at,
    canceled_at: sub.canceled_at,
  };
  sub.cancel_at_period_end = cancel;
  sub.cancel_at = cancel ? periodEnd(sub) : null;
  sub.canceled_at = cancel ? now : null;
  sub.cancellation_details = {
    comment: null,
    feedback: null,
    reason: cancel ? "cancellation_requested" : null,
  };
  return previous;
}

/** Ends the subscription at `at` (now or its period end) and records customer.subscription.deleted. */
function terminate(sub: Subscription, at: number): Record<string, unknown> {
  const previous = { status: sub.status };
  sub.status = "canceled";
  sub.ended_at = at;
  sub.canceled_at ??= at;
  sub.cancellation_details ??= { comment: null, feedback: null, reason: "cancellation_requested" };
  if (!sub.cancellation_details.reason) sub.cancellation_details.reason = "cancellation_requested";
  return previous;
}

export function cancelNow(state: FakeState, sub: Subscription): void {
  if (sub.status === "canceled") return;
  terminate(sub, state.now());
  state.publishLater("customer.subscription.deleted", sub);
}

const live = (sub: Subscription) => sub.status !== "canceled" && sub.status !== "incomplete_expired";

/** The next moment something happens to `sub`, and what. */
function nextStep(
  state: FakeState,
  sub: Subscription,
): { at: number; kind: "end" | "trial_will_end" } | null {
  if (!live(sub)) return null;
  const end = sub.cancel_at !== null ? Math.min(sub.cancel_at, periodEnd(sub)) : periodEnd(sub);
  if (sub.status === "trialing" && sub.trial_end && !state.trialWillEndSent.has(sub.id)) {
    const warn = sub.trial_end - TRIAL_WILL_END_BEFORE;
    if (warn < end) return { at: Math.max(warn, sub.trial_start ?? warn), kind: "trial_will_end" };
  }
  return { at: end, kind: "end" };
}

/** Runs the boundary due for `sub` at the current clock and publishes its event (awaited). */
async function step(state: FakeState, sub: Subscription, kind: "end" | "trial_will_end"): Promise<void> {
  const now = state.now();
  if (kind === "trial_will_end") {
    state.trialWillEndSent.add(sub.id);
    await state.publish("customer.subscription.trial_will_end", sub);
    return;
  }
  if (sub.cancel_at !== null && sub.cancel_at <= now) {
    const previous = terminate(sub, now);
    await state.publish("customer.subscription.deleted", sub, previous);
    return;
  }
  const previousItems = structuredClone(sub.items);
  const previous: Record<string, unknown> = { items: previousItems };
  if (sub.status === "trialing") {
    previous.status = "trialing";
    sub.status = "active";
  }
  for (const item of sub.items.data) {
    const recurring = item.price.recurring;
    item.current_period_start = now;
    item.current_period_end = nextPeriodEnd(
      sub.billing_cycle_anchor,
      now,
      recurring?.interval,
      recurring?.interval_count,
    );
  }
  // A past-due subscription keeps its open invoice; any other renewal is paid by the fake card.
  const invoice = sub.status === "active" ? createInvoice(state, sub, "subscription_cycle", true) : null;
  const events: StripeEvent[] = [
    state.record("customer.subscription.updated", sub, previous),
    ...(invoice ? paidEvents(state, invoice) : []),
  ];
  for (const event of events) await state.webhooks.deliver(event);
}

/** Moves the clock to the end of the subscription's current period and runs that boundary. */
export async function endPeriod(state: FakeState, id: string): Promise<Subscription> {
  const sub = getSubscription(state, id);
  if (!live(sub)) return sub;
  const at = sub.cancel_at !== null ? Math.min(sub.cancel_at, periodEnd(sub)) : periodEnd(sub);
  if (state.now() < at) state.setNow(at);
  await step(state, sub, "end");
  return sub;
}

/** Moves the clock to `date`, running every boundary on the way in time order. */
export async function advanceClock(state: FakeState, date: Date | number): Promise<Subscription[]> {
  const target = typeof date === "number" ? date : Math.floor(date.getTime() / 1000);
  const changed = new Set<Subscription>();
  for (;;) {
    let next: { sub: Subscription; at: number; kind: "end" | "trial_will_end" } | null = null;
    for (const sub of state.subscriptions.values()) {
      const due = nextStep(state, sub);
      if (due && due.at <= target && (!next || due.at < next.at)) next = { sub, ...due };
    }
    if (!next) break;
    if (next.at > state.now()) state.setNow(next.at);
    await step(state, next.sub, next.kind);
    changed.add(next.sub);
  }
  if (target > state.now()) state.setNow(target);
  return [...changed];
}
