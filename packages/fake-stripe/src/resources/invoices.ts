// Invoices, only as far as subscriptions need them: one per paid period, and the payment
// failure / recovery helpers that move a subscription to past_due and back.
import { page, render } from "../expand";
import { str } from "../form";
import { notFound } from "../http";
import type { ApiRoute } from "../router";
import type { FakeState } from "../state";
import type { Invoice, StripeEvent, Subscription } from "../types";

const DAY = 86_400;

export function createInvoice(
  state: FakeState,
  sub: Subscription,
  reason: Invoice["billing_reason"],
  paid: boolean,
): Invoice {
  const now = state.now();
  const trial = sub.status === "trialing";
  const lines = sub.items.data.map((item) => ({
    id: state.newId("il"),
    object: "line_item" as const,
    amount: trial ? 0 : item.price.unit_amount * item.quantity,
    currency: item.price.currency,
    description: `${trial ? "Trial period for " : `${item.quantity} × `}${state.products.get(item.price.product)?.name ?? item.price.product}`,
    period: { start: item.current_period_start, end: item.current_period_end },
    quantity: item.quantity,
  }));
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const invoice: Invoice = {
    id: state.newId("in"),
    object: "invoice",
    amount_due: total,
    amount_paid: paid ? total : 0,
    amount_remaining: paid ? 0 : total,
    attempt_count: 1,
    attempted: true,
    billing_reason: reason,
    created: now,
    currency: sub.currency,
    customer: sub.customer,
    lines: { object: "list", data: lines, has_more: false, url: "/v1/invoices/lines" },
    livemode: false,
    metadata: {},
    next_payment_attempt: paid ? null : now + 3 * DAY,
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { metadata: { ...sub.metadata }, subscription: sub.id },
    },
    period_end: now,
    period_start: now,
    status: paid ? "paid" : "open",
    total,
  };
  state.invoices.set(invoice.id, invoice);
  sub.latest_invoice = invoice.id;
  return invoice;
}

/** Events for a paid invoice, recorded now (deliver them in order). */
export function paidEvents(state: FakeState, invoice: Invoice): StripeEvent[] {
  return [state.record("invoice.paid", invoice), state.record("invoice.payment_succeeded", invoice)];
}

function subscriptionOf(state: FakeState, id: string): Subscription {
  const sub = state.subscriptions.get(id);
  if (!sub) throw notFound("subscription", id);
  return sub;
}

/** The renewal payment fails: an open invoice, status past_due, invoice.payment_failed + update. */
export async function failPayment(state: FakeState, subscriptionId: string): Promise<Invoice> {
  const sub = subscriptionOf(state, subscriptionId);
  const invoice = createInvoice(state, sub, "subscription_cycle", false);
  const previous = { status: sub.status, latest_invoice: sub.latest_invoice };
  sub.status = "past_due";
  const events = [
    state.record("invoice.payment_failed", invoice),
    state.record("customer.subscription.updated", sub, previous),
  ];
  for (const event of events) await state.webhooks.deliver(event);
  return invoice;
}

/** The open invoice gets paid after all: status active, invoice.paid + payment_succeeded + update. */
export async function recoverPayment(state: FakeState, subscriptionId: string): Promise<Invoice> {
  const sub = subscriptionOf(state, subscriptionId);
  const open = sub.latest_invoice ? state.invoices.get(sub.latest_invoice) : undefined;
  const invoice = open?.status === "open" ? open : createInvoice(state, sub, "subscription_cycle", true);
  invoice.status = "paid";
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.next_payment_attempt = null;
  const previous = { status: sub.status };
  sub.status = "active";
  const events = [
    ...paidEvents(state, invoice),
    state.record("customer.subscription.updated", sub, previous),
  ];
  for (const event of events) await state.webhooks.deliver(event);
  return invoice;
}

export const invoiceRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: /^\/v1\/invoices$/,
    handler: ({ state, form }) => {
      const customer = str(form, "customer");
      const subscription = str(form, "subscription");
      const status = str(form, "status");
      const items = [...state.invoices.values()].filter(
        (i) =>
          (customer === undefined || i.customer === customer) &&
          (subscription === undefined || i.parent.subscription_details.subscription === subscription) &&
          (status === undefined || i.status === status),
      );
      return page(state, "/v1/invoices", items, form);
    },
  },
  {
    method: "GET",
    path: /^\/v1\/invoices\/([^/]+)$/,
    handler: ({ state, params, form }) => {
      const invoice = state.invoices.get(params[0] ?? "");
      if (!invoice) throw notFound("invoice", params[0] ?? "");
      return render(state, invoice, form);
    },
  },
];
