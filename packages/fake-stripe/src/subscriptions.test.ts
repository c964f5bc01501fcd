import type Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SEED } from "./seed";
import { type Harness, startHarness, subscribe } from "./testing";

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ now: new Date("2026-05-01T00:00:00Z") });
});
afterEach(() => h.close());

const at = (iso: string) => Date.parse(iso) / 1000;

describe("subscriptions API", () => {
  it("updates cancel_at_period_end both ways, delivering the events after the answer", async () => {
    const sub = await subscribe(h, SEED.prices.PRO_MONTH);
    const end = at("2026-06-01T00:00:00Z");
    const canceling = await h.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(canceling).toMatchObject({ cancel_at_period_end: true, cancel_at: end, status: "active" });
    const back = await h.stripe.subscriptions.update(sub.id, {
      cancel_at_period_end: false,
      metadata: { note: "x" },
    });
    expect(back).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
      metadata: { tenantId: "t-1", note: "x" },
    });
    await h.fake.idle();
    expect(h.receiver.types()).toEqual(["customer.subscription.updated", "customer.subscription.updated"]);
  });

  it("changes the price of an item", async () => {
    const sub = await subscribe(h, SEED.prices.PRO_MONTH);
    const item = sub.items.data[0] as Stripe.SubscriptionItem;
    const updated = await h.stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price: SEED.prices.TOTAL_MONTH }],
    });
    expect(updated.items.data[0]?.price.id).toBe(SEED.prices.TOTAL_MONTH);
  });

  it("a price of another interval starts a new period now and invoices it; the same interval keeps the period", async () => {
    const sub = await subscribe(h, SEED.prices.PRO_MONTH);
    const item = sub.items.data[0] as Stripe.SubscriptionItem;
    const upgraded = await h.stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price: SEED.prices.TOTAL_MONTH }],
      proration_behavior: "always_invoice",
    });
    expect(upgraded.items.data[0]?.current_period_end).toBe(at("2026-06-01T00:00:00Z"));
    await h.fake.idle();
    expect(h.receiver.types()).toEqual(["customer.subscription.updated"]);
    h.fake.state.setNow(new Date("2026-05-10T00:00:00Z"));
    const yearly = await h.stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price: SEED.prices.TOTAL_YEAR }],
      proration_behavior: "always_invoice",
    });
    expect(yearly).toMatchObject({ billing_cycle_anchor: at("2026-05-10T00:00:00Z") });
    expect(yearly.items.data[0]).toMatchObject({
      current_period_start: at("2026-05-10T00:00:00Z"),
      current_period_end: at("2027-05-10T00:00:00Z"),
    });
    await h.fake.idle();
    expect(h.receiver.types().slice(1).sort()).toEqual([
      "customer.subscription.updated",
      "invoice.paid",
      "invoice.payment_succeeded",
    ]);
    const updated = h.receiver.events.filter((e) => e.type === "customer.subscription.updated")[1];
    expect(
      (updated as Stripe.CustomerSubscriptionUpdatedEvent).data.previous_attributes?.items?.data[0]?.price.id,
    ).toBe(SEED.prices.TOTAL_MONTH);
    const invoice = await h.stripe.invoices.retrieve(String(yearly.latest_invoice));
    expect(invoice).toMatchObject({
      billing_reason: "subscription_update",
      status: "paid",
      amount_paid: SEED.amounts.TOTAL_YEAR,
    });
  });

  it("a trial keeps its period through a change of interval, and a bad proration_behavior is refused", async () => {
    const sub = await subscribe(h, SEED.prices.PRO_MONTH, 30);
    const item = sub.items.data[0] as Stripe.SubscriptionItem;
    const yearly = await h.stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price: SEED.prices.PRO_YEAR }],
    });
    expect(yearly).toMatchObject({ status: "trialing", trial_end: at("2026-05-31T00:00:00Z") });
    expect(yearly.items.data[0]?.current_period_end).toBe(at("2026-05-31T00:00:00Z"));
    const error = await h.stripe.subscriptions
      .update(sub.id, { proration_behavior: "sometimes" as "none" })
      .catch((e) => e);
    expect(error).toMatchObject({ statusCode: 400, param: "proration_behavior" });
    await h.fake.idle();
    expect(h.receiver.types()).toEqual(["customer.subscription.updated"]);
  });

  it("lists by customer (canceled only with status=all) and cancels now", async () => {
    const sub = await subscribe(h, SEED.prices.PRO_YEAR);
    const customer = String(sub.customer);
    expect((await h.stripe.subscriptions.list({ customer })).data.map((s) => s.id)).toEqual([sub.id]);
    const canceled = await h.stripe.subscriptions.cancel(sub.id);
    expect(canceled).toMatchObject({ status: "canceled", ended_at: at("2026-05-01T00:00:00Z") });
    expect((await h.stripe.subscriptions.list({ customer })).data).toEqual([]);
    expect((await h.stripe.subscriptions.list({ customer, status: "all" })).data).toHaveLength(1);
    await h.fake.idle();
    expect(h.receiver.types()).toEqual(["customer.subscription.deleted"]);
    const error = await h.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true }).catch((e) => e);
    expect(error).toMatchObject({ statusCode: 400 });
  });
});

describe("the clock", () => {
  it("runs a trial to its end and renews: trial_will_end, updated to active, paid invoices", async () => {
    const sub = await subscribe(h, SEED.prices.PRO_MONTH, 30);
    expect(sub.status).toBe("trialing");
    const changed = await h.fake.state.advanceTo(new Date("2026-07-15T00:00:00Z"));
    expect(changed.map((s) => s.id)).toEqual([sub.id]);
    expect(h.receiver.types()).toEqual([
      "customer.subscription.trial_will_end",
      "customer.subscription.updated",
      "invoice.paid",
      "invoice.payment_succeeded",
      "customer.subscription.updated",
      "invoice.paid",
      "invoice.payment_succeeded",
    ]);
    expect(h.receiver.events[0]?.created).toBe(at("2026-05-28T00:00:00Z"));
    const trialEnded = h.receiver.events[1] as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(trialEnded.data.object.status).toBe("active");
    expect(trialEnded.data.previous_attributes?.status).toBe("trialing");
    const now = await h.stripe.subscriptions.retrieve(sub.id);
    // Anchored on the trial end (31 May): 30 June, then 31 July again.
    expect(now.items.data[0]?.current_period_start).toBe(at("2026-06-30T00:00:00Z"));
    expect(now.items.data[0]?.current_period_end).toBe(at("2026-07-31T00:00:00Z"));
    expect(h.fake.state.now()).toBe(at("2026-07-15T00:00:00Z"));
  });

  it("ends a subscription canceled at the period end when the clock passes it", async () => {
    const sub = await subscribe(h, SEED.prices.PRO_MONTH);
    await h.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    await h.fake.idle();
    await h.fake.state.advanceTo(new Date("2026-05-31T23:59:59Z"));
    expect((await h.stripe.subscriptions.retrieve(sub.id)).status).toBe("active");
    await h.fake.state.advanceTo(new Date("2026-06-01T00:00:00Z"));
    expect((await h.stripe.subscriptions.retrieve(sub.id)).status).toBe("canceled");
    expect(h.receiver.types()).toEqual(["customer.subscription.updated", "customer.subscription.deleted"]);
  });
});

describe("payments and events", () => {
  it("fails a payment (past_due) and recovers it (active)", async () => {
    const sub = await subscribe(h, SEED.prices.PRO_MONTH);
    const invoice = await h.fake.failPayment(sub.id);
    expect(invoice).toMatchObject({
      status: "open",
      parent: { subscription_details: { subscription: sub.id } },
    });
    expect((await h.stripe.subscriptions.retrieve(sub.id)).status).toBe("past_due");
    expect((await h.stripe.invoices.retrieve(invoice.id)).status).toBe("open");
    await h.fake.recoverPayment(sub.id);
    expect((await h.stripe.subscriptions.retrieve(sub.id)).status).toBe("active");
    expect(h.receiver.types()).toEqual([
      "invoice.payment_failed",
      "customer.subscription.updated",
      "invoice.paid",
      "invoice.payment_succeeded",
      "customer.subscription.updated",
    ]);
  });

  it("sends any event, resends it as a duplicate, and lists events", async () => {
    const event = await h.fake.sendEvent("customer.subscription.trial_will_end", {
      id: "sub_x",
      object: "subscription",
    });
    expect(event).toMatchObject({ object: "event", type: "customer.subscription.trial_will_end" });
    expect(event.id).toMatch(/^evt_/);
    const deliveries = await Promise.all(Array.from({ length: 3 }, () => h.fake.resend(event.id)));
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
    expect(h.receiver.events.map((e) => e.id)).toEqual([event.id, event.id, event.id, event.id]);
    const listed = await h.stripe.events.list({ type: "customer.subscription.*" });
    expect(listed.data.map((e) => e.id)).toContain(event.id);
    expect((await h.stripe.events.retrieve(event.id)).data.object).toEqual({
      id: "sub_x",
      object: "subscription",
    });
  });

  it("delivers only the enabled event types", async () => {
    await h.close();
    h = await startHarness({ webhookEvents: ["checkout.session.completed"] });
    await subscribe(h, SEED.prices.PRO_MONTH);
    const types = h.fake.state.webhooks.deliveries.filter((d) => d.status === 200).map((d) => d.type);
    expect(types).toEqual(["checkout.session.completed"]);
  });
});

describe("controls over HTTP (/_fake)", () => {
  it("ends a period, moves the clock and sends events for a fake in another process", async () => {
    const sub = await subscribe(h, SEED.prices.PRO_MONTH);
    await h.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    await h.fake.idle();
    const post = (path: string, body: unknown) =>
      fetch(`${h.fake.url}/_fake${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const ended = await post(`/subscriptions/${sub.id}/end_period`, {});
    expect(ended.status).toBe(200);
    expect(await ended.json()).toMatchObject({ id: sub.id, status: "canceled" });
    const moved = await post("/advance", { to: "2027-01-01T00:00:00Z" });
    expect(await moved.json()).toEqual({ now: at("2027-01-01T00:00:00Z"), changed: [] });
    const sent = await post("/events", {
      type: "invoice.payment_failed",
      object: { id: "in_1", object: "invoice" },
    });
    expect(await sent.json()).toMatchObject({ type: "invoice.payment_failed" });
    expect(h.receiver.types().slice(-2)).toEqual(["customer.subscription.deleted", "invoice.payment_failed"]);
    expect((await post("/advance", { to: "not a date" })).status).toBe(400);
  });
});
