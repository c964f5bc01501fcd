import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "./testing";
import { signPayload } from "./webhooks";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

describe("errors as Stripe answers them", () => {
  it("refuses a wrong secret key with 401 → StripeAuthenticationError", async () => {
    const wrong = new Stripe("sk_test_wrong_key_1234", { ...h.fake.stripeConfig });
    const error = await wrong.customers.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401, type: "StripeAuthenticationError" });
    expect((error as Error).message).toMatch(/^Invalid API Key provided: sk_test_\**1234$/);
  });

  it("answers a missing object with 404 resource_missing → StripeInvalidRequestError", async () => {
    const error = await h.stripe.customers.retrieve("cus_missing").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: "resource_missing", param: "id" });
    expect((error as Error).message).toBe("No such customer: 'cus_missing'");
  });

  it("answers an unknown URL with 404 → StripeInvalidRequestError", async () => {
    const error = await h.stripe.rawRequest("GET", "/v1/not_a_resource").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404 });
    expect((error as Error).message).toContain("Unrecognized request URL (GET: /v1/not_a_resource)");
  });

  it("answers a missing parameter with 400 parameter_missing", async () => {
    const error = await h.stripe.products.create({ name: "" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, code: "parameter_missing", param: "name" });
  });

  it("replays an idempotent POST and refuses the key with other parameters", async () => {
    const first = await h.stripe.customers.create({ email: "a@example.com" }, { idempotencyKey: "k1" });
    const again = await h.stripe.customers.create({ email: "a@example.com" }, { idempotencyKey: "k1" });
    expect(again.id).toBe(first.id);
    expect((await h.stripe.customers.list()).data).toHaveLength(1);
    const error = await h.stripe.customers
      .create({ email: "b@example.com" }, { idempotencyKey: "k1" })
      .catch((e) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });
});

describe("webhook signatures", () => {
  it("signs exactly as the SDK's test header helper does", () => {
    const payload = JSON.stringify({ id: "evt_1", object: "event" });
    const timestamp = 1_700_000_000;
    const secret = "whsec_abc";
    expect(signPayload(payload, secret, timestamp)).toBe(
      Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
    );
  });

  it("is refused by constructEvent with another secret (the receiver answers 400)", async () => {
    h.fake.setWebhook(h.receiver.url, "whsec_other");
    const event = await h.fake.sendEvent("invoice.payment_failed", { id: "in_1", object: "invoice" });
    expect(h.receiver.events).toEqual([]);
    expect(h.receiver.rejected).toHaveLength(1);
    expect(h.fake.state.webhooks.deliveries.at(-1)).toMatchObject({ eventId: event.id, status: 400 });
  });
});
