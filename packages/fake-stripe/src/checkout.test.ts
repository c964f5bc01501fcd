import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SEED } from "./seed";
import { formAction, type Harness, startHarness, submit } from "./testing";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

const APP = "http://127.0.0.1:1/app/settings/payments";

async function createSession(customer: string, trialDays?: number) {
  return h.stripe.checkout.sessions.create({
    mode: "subscription",
    customer,
    line_items: [{ price: SEED.prices.PRO_YEAR, quantity: 1 }],
    allow_promotion_codes: true,
    automatic_tax: { enabled: true },
    tax_id_collection: { enabled: true },
    customer_update: { name: "auto", address: "auto" },
    subscription_data: {
      ...(trialDays ? { trial_period_days: trialDays } : {}),
      metadata: { tenantId: "t-1", plan: "PRO" },
    },
    metadata: { tenantId: "t-1" },
    client_reference_id: "t-1",
    success_url: `${APP}?checkout=success&session={CHECKOUT_SESSION_ID}`,
    cancel_url: `${APP}?checkout=cancel`,
  });
}

describe("checkout sessions and the hosted page", () => {
  it("creates and retrieves an open session whose url is the fake's page", async () => {
    const customer = await h.stripe.customers.create({ metadata: { tenantId: "t-1" } });
    const session = await createSession(customer.id, 30);
    expect(session.id).toMatch(/^cs_test_/);
    expect(session).toMatchObject({
      object: "checkout.session",
      status: "open",
      mode: "subscription",
      payment_status: "unpaid",
      customer: customer.id,
      allow_promotion_codes: true,
      automatic_tax: { enabled: true },
      tax_id_collection: { enabled: true },
      metadata: { tenantId: "t-1" },
      amount_total: SEED.amounts.PRO_YEAR,
      currency: "eur",
      url: `${h.fake.url}/checkout/${session.id}`,
    });
    const again = await h.stripe.checkout.sessions.retrieve(session.id, { expand: ["line_items"] });
    expect(again.line_items?.data).toEqual([
      expect.objectContaining({ quantity: 1, price: expect.objectContaining({ id: SEED.prices.PRO_YEAR }) }),
    ]);
  });

  it("pays through the hosted page: trialing subscription, signed events, 303 to success_url", async () => {
    const customer = await h.stripe.customers.create({ metadata: { tenantId: "t-1" } });
    const session = await createSession(customer.id, 30);
    await h.fake.idle(); // customer.created, sent after the API answer
    h.receiver.events.length = 0;

    const page = await fetch(String(session.url));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<title>Subscribe to Kunto PRO</title>");
    expect(html).toContain("€278.40 per year");
    expect(html).toContain("30 days free");
    const action = formAction(html, "Pay");
    expect(action).toBe(`/checkout/${session.id}/pay`);

    const paid = await submit(`${h.fake.url}${action}`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`${APP}?checkout=success&session=${session.id}`);

    // Delivered (and verified by constructEvent) before the redirect was answered.
    expect(h.receiver.rejected).toEqual([]);
    expect(h.receiver.types()).toEqual([
      "customer.subscription.created",
      "invoice.paid",
      "invoice.payment_succeeded",
      "checkout.session.completed",
    ]);
    const completed = h.receiver.events[3]?.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({ id: session.id, status: "complete", customer: customer.id });
    expect(completed.payment_status).toBe("no_payment_required");
    const created = h.receiver.events[0]?.data.object as Stripe.Subscription;
    expect(created.id).toBe(completed.subscription);
    expect(h.receiver.events.every((e) => /^evt_/.test(e.id) && e.created > 0)).toBe(true);

    const done = await h.stripe.checkout.sessions.retrieve(session.id, { expand: ["subscription"] });
    const sub = done.subscription as Stripe.Subscription;
    expect(sub).toMatchObject({
      object: "subscription",
      status: "trialing",
      customer: customer.id,
      cancel_at_period_end: false,
      cancel_at: null,
      metadata: { tenantId: "t-1", plan: "PRO" },
    });
    const item = sub.items.data[0];
    expect(item?.price.id).toBe(SEED.prices.PRO_YEAR);
    expect(sub.trial_end).toBe(item?.current_period_end);
    expect(Number(sub.trial_end) - sub.start_date).toBe(30 * 86_400);

    expect((await submit(`${h.fake.url}${action}`)).status).toBe(409);
    expect(h.receiver.events).toHaveLength(4);
  });

  it("pays without a trial: active, paid, a customer made from customer_email, a year's period", async () => {
    h.fake.state.setNow(new Date("2026-01-31T12:00:00Z"));
    const session = await h.stripe.checkout.sessions.create({
      mode: "subscription",
      customer_email: "new@example.com",
      line_items: [{ price: SEED.prices.PRO_MONTH, quantity: 3 }],
      success_url: APP,
    });
    expect(session.amount_total).toBe(3 * SEED.amounts.PRO_MONTH);
    expect((await submit(`${session.url}/pay`)).status).toBe(303);
    const done = await h.stripe.checkout.sessions.retrieve(session.id);
    expect(done.payment_status).toBe("paid");
    const sub = await h.stripe.subscriptions.retrieve(String(done.subscription));
    expect(sub.status).toBe("active");
    expect(sub.items.data[0]?.quantity).toBe(3);
    expect(sub.items.data[0]?.current_period_end).toBe(Date.parse("2026-02-28T12:00:00Z") / 1000);
    const customer = await h.stripe.customers.retrieve(String(done.customer));
    expect(customer).toMatchObject({ email: "new@example.com" });
    expect(h.receiver.types()[0]).toBe("customer.created");
  });

  it("refuses what Stripe refuses", async () => {
    const base = { mode: "subscription" as const, success_url: APP };
    const refused = (params: Stripe.Checkout.SessionCreateParams) =>
      h.stripe.checkout.sessions.create(params).catch((e: unknown) => e);
    expect(await refused({ ...base, line_items: [{ price: SEED.prices.PRO_MONTH }] })).toMatchObject({
      statusCode: 400,
      param: "line_items[0][quantity]",
    });
    expect(await refused({ ...base, line_items: [{ price: "price_nope", quantity: 1 }] })).toMatchObject({
      statusCode: 404,
      code: "resource_missing",
    });
    const customer = await h.stripe.customers.create({});
    expect(
      await refused({
        ...base,
        customer: customer.id,
        customer_email: "x@example.com",
        line_items: [{ price: SEED.prices.PRO_MONTH, quantity: 1 }],
      }),
    ).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(
      await refused({
        ...base,
        line_items: [
          { price: SEED.prices.PRO_MONTH, quantity: 1 },
          { price: SEED.prices.PRO_YEAR, quantity: 1 },
        ],
      }),
    ).toMatchObject({ statusCode: 400, message: expect.stringContaining("different billing intervals") });
  });

  it("answers an unknown hosted page with 404", async () => {
    expect((await fetch(`${h.fake.url}/checkout/cs_nope`)).status).toBe(404);
    expect((await submit(`${h.fake.url}/checkout/cs_nope/pay`)).status).toBe(404);
  });
});
