import type Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatDate } from "./pages";
import { SEED } from "./seed";
import { formAction, type Harness, startHarness, submit, subscribe } from "./testing";

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ now: new Date("2026-03-10T09:00:00Z") });
});
afterEach(() => h.close());

const RETURN = "http://127.0.0.1:1/app/settings/payments";

describe("customer portal", () => {
  it("cancels at the period end, shows 'Ends on', returns, and ends the plan at the period end", async () => {
    const sub = await subscribe(h, SEED.prices.PRO_MONTH);
    const periodEnd = Number(sub.items.data[0]?.current_period_end);
    expect(periodEnd).toBe(Date.parse("2026-04-10T09:00:00Z") / 1000);

    const portal = await h.stripe.billingPortal.sessions.create({
      customer: String(sub.customer),
      return_url: RETURN,
    });
    expect(portal).toMatchObject({ object: "billing_portal.session", return_url: RETURN });
    expect(portal.url).toBe(`${h.fake.url}/portal/${portal.id}`);

    const before = await (await fetch(portal.url)).text();
    expect(before).toContain("<title>Manage your plan</title>");
    expect(before).toContain("Kunto PRO");
    expect(before).toContain(`Renews on ${formatDate(periodEnd)}`);
    expect(before).toContain(`<a href="${RETURN}">Return</a>`);

    const cancel = await submit(`${h.fake.url}${formAction(before, "Cancel plan")}`);
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get("location")).toBe(`/portal/${portal.id}`);

    expect(h.receiver.types()).toEqual(["customer.subscription.updated"]);
    const event = h.receiver.events[0] as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(event.data.object).toMatchObject({ id: sub.id, cancel_at_period_end: true, cancel_at: periodEnd });
    expect(event.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancel_at: null });

    const after = await (await fetch(portal.url)).text();
    expect(after).toContain(`Ends on ${formatDate(periodEnd)}`);
    expect(after).toContain("Renew plan");
    const scheduled = await h.stripe.subscriptions.retrieve(sub.id);
    expect(scheduled).toMatchObject({ status: "active", cancel_at_period_end: true, cancel_at: periodEnd });

    const ended = await h.fake.state.endPeriod(sub.id);
    expect(ended.status).toBe("canceled");
    expect(h.fake.state.now()).toBe(periodEnd);
    expect(h.receiver.types()).toEqual(["customer.subscription.updated", "customer.subscription.deleted"]);
    expect(h.receiver.events[1]?.data.object).toMatchObject({
      id: sub.id,
      status: "canceled",
      ended_at: periodEnd,
    });
    expect(await h.stripe.subscriptions.retrieve(sub.id)).toMatchObject({ status: "canceled" });
    expect((await h.stripe.subscriptions.list({ customer: String(sub.customer) })).data).toEqual([]);
    expect(await (await fetch(portal.url)).text()).toContain("No active plan.");
  });

  it("takes a cancellation back with 'Renew plan'", async () => {
    const sub = await subscribe(h, SEED.prices.PRO_YEAR);
    const portal = await h.stripe.billingPortal.sessions.create({ customer: String(sub.customer) });
    await submit(`${h.fake.url}/portal/${portal.id}/cancel/${sub.id}`);
    const html = await (await fetch(portal.url)).text();
    expect((await submit(`${h.fake.url}${formAction(html, "Renew plan")}`)).status).toBe(303);
    expect(await h.stripe.subscriptions.retrieve(sub.id)).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
    });
    expect(h.receiver.types()).toEqual(["customer.subscription.updated", "customer.subscription.updated"]);
  });

  it("refuses another customer's subscription and a portal for a missing customer", async () => {
    const sub = await subscribe(h, SEED.prices.PRO_YEAR);
    const other = await h.stripe.customers.create({});
    const portal = await h.stripe.billingPortal.sessions.create({ customer: other.id });
    expect((await submit(`${h.fake.url}/portal/${portal.id}/cancel/${sub.id}`)).status).toBe(404);
    expect((await h.stripe.subscriptions.retrieve(sub.id)).cancel_at_period_end).toBe(false);
    const error = await h.stripe.billingPortal.sessions
      .create({ customer: "cus_nope" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 404, code: "resource_missing", param: "customer" });
  });
});
