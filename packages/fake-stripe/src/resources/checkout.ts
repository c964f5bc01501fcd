// Checkout sessions (API) and the hosted Checkout page that pays them.
import { page, render } from "../expand";
import { bool, type FormObject, int, list, metadata, obj, str } from "../form";
import { badRequest, notFound, redirect, sendHtml } from "../http";
import { buttonForm, escapeHtml, formatAmount, formatPrice, htmlPage } from "../pages";
import type { ApiRoute, PageRoute } from "../router";
import type { FakeState } from "../state";
import type { CheckoutSession, LineItem } from "../types";
import { getPrice } from "./catalog";
import { getCustomer } from "./customers";
import { createInvoice, paidEvents } from "./invoices";
import { createSubscription } from "./lifecycle";

const DAY = 86_400;

export function getSession(state: FakeState, id: string): CheckoutSession {
  const session = state.checkoutSessions.get(id);
  if (!session) throw notFound("checkout.session", id);
  return session;
}

function lineItems(state: FakeState, form: FormObject): LineItem[] {
  const given = list(form, "line_items");
  if (given.length === 0) throw badRequest("Missing required param: line_items.", "line_items");
  return given.map((entry, i) => {
    if (typeof entry !== "object" || Array.isArray(entry))
      throw badRequest("Invalid line_items", "line_items");
    const priceId = str(entry, "price");
    if (!priceId)
      throw badRequest(`Missing required param: line_items[${i}][price].`, `line_items[${i}][price]`);
    const price = getPrice(state, priceId, `line_items[${i}][price]`);
    if (!price.active) {
      throw badRequest(
        "The price specified is inactive. This field only accepts active prices.",
        `line_items[${i}][price]`,
      );
    }
    const quantity = int(entry, "quantity");
    if (quantity === undefined) {
      throw badRequest(`Missing required param: line_items[${i}][quantity].`, `line_items[${i}][quantity]`);
    }
    const amount = price.unit_amount * quantity;
    return {
      id: state.newId("li"),
      object: "item",
      amount_subtotal: amount,
      amount_total: amount,
      currency: price.currency,
      description: state.products.get(price.product)?.name ?? price.product,
      price: structuredClone(price),
      quantity,
    };
  });
}

function createSession(state: FakeState, form: FormObject): CheckoutSession {
  const mode = str(form, "mode");
  if (mode !== "subscription") {
    throw badRequest(`fake-stripe supports mode=subscription only (got ${mode ?? "none"}).`, "mode");
  }
  const successUrl = str(form, "success_url");
  if (!successUrl) throw badRequest("Missing required param: success_url.", "success_url");
  const customer = str(form, "customer");
  const customerEmail = str(form, "customer_email");
  if (customer && customerEmail) {
    throw badRequest("You may only specify one of these parameters: customer, customer_email.", "customer");
  }
  if (customer) getCustomer(state, customer, "customer");
  if (form.allow_promotion_codes !== undefined && form.discounts !== undefined) {
    throw badRequest(
      "You may only specify one of these parameters: allow_promotion_codes, discounts.",
      "discounts",
    );
  }
  const items = lineItems(state, form);
  const recurring = items.filter((item) => item.price.recurring);
  if (recurring.length === 0) {
    throw badRequest(
      "You must provide at least one recurring price in `subscription` mode when using prices.",
      "line_items",
    );
  }
  const first = recurring[0]?.price.recurring;
  if (
    recurring.some(
      (i) =>
        i.price.recurring?.interval !== first?.interval ||
        i.price.recurring?.interval_count !== first?.interval_count,
    )
  ) {
    throw badRequest(
      "Checkout does not support multiple prices with different billing intervals.",
      "line_items",
    );
  }
  if (new Set(items.map((i) => i.currency)).size > 1)
    throw badRequest("All prices must have the same currency.", "line_items");
  const subscriptionData = obj(form, "subscription_data") ?? {};
  const trialDays = int(subscriptionData, "trial_period_days") ?? null;
  if (trialDays !== null && (trialDays < 1 || trialDays > 730)) {
    throw badRequest(
      "subscription_data[trial_period_days] must be between 1 and 730.",
      "subscription_data[trial_period_days]",
    );
  }
  const now = state.now();
  const id = state.newId("cs_test");
  const total = items.reduce((sum, item) => sum + item.amount_total, 0);
  const session: CheckoutSession = {
    id,
    object: "checkout.session",
    allow_promotion_codes: bool(form, "allow_promotion_codes") ?? null,
    amount_subtotal: total,
    amount_total: total,
    automatic_tax: {
      enabled: bool(obj(form, "automatic_tax") ?? {}, "enabled") ?? false,
      liability: null,
      status: null,
    },
    cancel_url: str(form, "cancel_url") ?? null,
    client_reference_id: str(form, "client_reference_id") ?? null,
    created: now,
    currency: items[0]?.currency ?? "eur",
    customer: customer ?? null,
    customer_email: customerEmail ?? null,
    expires_at: now + DAY,
    livemode: false,
    locale: str(form, "locale") ?? null,
    metadata: metadata(form),
    mode: "subscription",
    payment_status: "unpaid",
    status: "open",
    subscription: null,
    success_url: successUrl,
    tax_id_collection: {
      enabled: bool(obj(form, "tax_id_collection") ?? {}, "enabled") ?? false,
      required: "never",
    },
    url: `${state.baseUrl}/checkout/${id}`,
  };
  state.checkoutSessions.set(id, session);
  state.sessionPlans.set(id, {
    lineItems: items,
    trialPeriodDays: trialDays,
    subscriptionMetadata: metadata(subscriptionData),
  });
  return session;
}

export const checkoutRoutes: ApiRoute[] = [
  {
    method: "POST",
    path: /^\/v1\/checkout\/sessions$/,
    handler: ({ state, form }) => render(state, createSession(state, form), form),
  },
  {
    method: "GET",
    path: /^\/v1\/checkout\/sessions$/,
    handler: ({ state, form }) => {
      const customer = str(form, "customer");
      const subscription = str(form, "subscription");
      const status = str(form, "status");
      const items = [...state.checkoutSessions.values()].filter(
        (s) =>
          (customer === undefined || s.customer === customer) &&
          (subscription === undefined || s.subscription === subscription) &&
          (status === undefined || s.status === status),
      );
      return page(state, "/v1/checkout/sessions", items, form);
    },
  },
  {
    method: "GET",
    path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    handler: ({ state, params, form }) => render(state, getSession(state, params[0] ?? ""), form),
  },
  {
    method: "GET",
    path: /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/,
    handler: ({ state, params, form }) => {
      const session = getSession(state, params[0] ?? "");
      const items = state.sessionPlans.get(session.id)?.lineItems ?? [];
      return page(state, `/v1/checkout/sessions/${session.id}/line_items`, [...items].reverse(), form);
    },
  },
  {
    method: "POST",
    path: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    handler: ({ state, params, form }) => {
      const session = getSession(state, params[0] ?? "");
      if (session.status !== "open") throw badRequest(`This Checkout Session is already ${session.status}.`);
      session.status = "expired";
      session.url = null;
      state.publishLater("checkout.session.expired", session);
      return render(state, session, form);
    },
  },
];

function checkoutPage(state: FakeState, session: CheckoutSession): string {
  const plan = state.sessionPlans.get(session.id);
  if (session.status !== "open") {
    return htmlPage("Checkout closed", `<p>This checkout session is ${escapeHtml(session.status)}.</p>`);
  }
  const items = (plan?.lineItems ?? [])
    .map(
      (item) =>
        `<li>${escapeHtml(item.description)}: ${escapeHtml(formatPrice(item.price, item.quantity))}</li>`,
    )
    .join("\n");
  const trial = plan?.trialPeriodDays
    ? `<p>${plan.trialPeriodDays} days free, then billed as above.</p>`
    : "";
  const total = `<p>Total: ${escapeHtml(formatAmount(session.amount_total, session.currency))}</p>`;
  const cancel = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : "";
  const title = `Subscribe to ${plan?.lineItems[0]?.description ?? "plan"}`;
  return htmlPage(
    title,
    `<ul>\n${items}\n</ul>\n${trial}${total}\n${buttonForm(`/checkout/${session.id}/pay`, "Pay")}\n${cancel}`,
  );
}

/** Pays an open session: customer, subscription, `customer.subscription.created`, `checkout.session.completed`. */
export async function paySession(state: FakeState, session: CheckoutSession): Promise<void> {
  const plan = state.sessionPlans.get(session.id);
  if (!plan) throw notFound("checkout.session", session.id);
  // Everything changes before the first await, so a second click cannot pay twice.
  const newCustomer = session.customer ? null : state.addCustomer({ email: session.customer_email });
  const customerId = session.customer ?? newCustomer?.id ?? "";
  const sub = createSubscription(state, {
    customer: customerId,
    lineItems: plan.lineItems,
    trialDays: plan.trialPeriodDays,
    metadata: plan.subscriptionMetadata,
    automaticTax: session.automatic_tax.enabled,
  });
  session.customer = customerId;
  session.subscription = sub.id;
  session.status = "complete";
  session.payment_status = plan.trialPeriodDays ? "no_payment_required" : "paid";
  session.url = null;
  const invoice = createInvoice(state, sub, "subscription_create", true);
  const events = [
    ...(newCustomer ? [state.record("customer.created", newCustomer)] : []),
    state.record("customer.subscription.created", sub),
    ...paidEvents(state, invoice),
    state.record("checkout.session.completed", session),
  ];
  for (const event of events) await state.webhooks.deliver(event);
}

export const checkoutPages: PageRoute[] = [
  {
    method: "GET",
    path: /^\/checkout\/([^/]+)$/,
    handler: ({ state, params, res }) => {
      const session = state.checkoutSessions.get(params[0] ?? "");
      if (!session) return sendHtml(res, 404, htmlPage("Not found", "<p>No such checkout session.</p>"));
      sendHtml(res, 200, checkoutPage(state, session));
    },
  },
  {
    method: "POST",
    path: /^\/checkout\/([^/]+)\/pay$/,
    handler: async ({ state, params, res }) => {
      const session = state.checkoutSessions.get(params[0] ?? "");
      if (!session) return sendHtml(res, 404, htmlPage("Not found", "<p>No such checkout session.</p>"));
      if (session.status !== "open") return sendHtml(res, 409, checkoutPage(state, session));
      await paySession(state, session);
      redirect(res, session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id));
    },
  },
];
