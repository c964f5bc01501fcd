import { randomInt } from "node:crypto";
import { schema } from "@kunto/db";
import { SEED } from "@kunto/fake-stripe";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { actorFor, asOwner, connect, makeTenant, makeUser, startServer } from "../support/harness";
import { errorOf, outputOf, type RestAnswer, rest } from "../support/rest";
import { type Billing, startBilling } from "../support/stripe";

/**
 * Issue 21, the remaining billing calls (document 3 §7, document 1 §7) over real HTTP, the real SDK
 * against the local fake: the promotion code lookup, the checkout's tax rule, changing the
 * subscription's price, and canceling at the period's end or taking that back. The plan follows
 * Stripe's events, never the calls.
 */
const db = connect();
afterAll(() => db.close());

let billing: Billing;
beforeEach(async () => {
  billing = await startBilling(db.db);
});
afterEach(() => billing.close());

const DAY_MS = 86_400_000;
/** A loopback address of its own: the promotion lookups of one test never count against another's. */
const ownAddress = () => `127.${randomInt(1, 255)}.${randomInt(256)}.${randomInt(1, 255)}`;

const lookUp = (code: string, from = ownAddress()) =>
  rest(billing.server, { method: "GET", path: `/api/shared/stripe/promotion/${code}`, from });

const refusal = (answer: RestAnswer) => [answer.status, errorOf(answer).error_key];

/** A FREE organisation with its admin signed in; `call` acts as that admin on it. */
async function organisation(roles = ["tenant_admin"]) {
  const tenant = await makeTenant(db.owner, { plan: "FREE" });
  const user = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: roles });
  const actor = await actorFor(db.db, "member", user.id);
  const call = (method: "GET" | "POST", path: string, body?: unknown) =>
    rest(billing.server, { method, path, actor, tenantId: tenant.id, body });
  return { tenant, user, actor, call };
}

/** An organisation with a Stripe customer and a subscription made through the SDK, its events applied. */
async function subscribed(price: string, trialDays?: number) {
  const org = await organisation();
  const customer = await billing.stripe.customers.create({ metadata: { tenantId: org.tenant.id } });
  const subscription = await billing.stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price }],
    metadata: { tenantId: org.tenant.id },
    ...(trialDays ? { trial_period_days: trialDays } : {}),
  });
  await billing.fake.idle();
  const item = subscription.items.data[0]?.id ?? "";
  return { ...org, customer: customer.id, subscription: subscription.id, item };
}

async function planOf(tenantId: string) {
  const [row] = await db.owner
    .select({ plan: schema.tenants.plan, status: schema.tenants.subscriptionStatus })
    .from(schema.tenants)
    .where(eq(schema.tenants.id, tenantId));
  return row;
}

/** The fake's record of the app's updates of one subscription. */
const updatesOf = (subscription: string) =>
  billing.fake.state.apiCalls.filter(
    (c) => c.method === "POST" && c.path === `/v1/subscriptions/${subscription}`,
  );

describe("issue 21: GET /api/shared/stripe/promotion/{code}", () => {
  it("issue 21: a code in any case answers its coupon (percentage or amount, duration); no active code is 404 promotion_code_unknown", async () => {
    const welcome = await lookUp("welcome20");
    expect(outputOf("billing.promotion", welcome)).toEqual({
      code: "WELCOME20",
      percentOff: 20,
      amountOff: null,
      currency: null,
      duration: "repeating",
      durationInMonths: 3,
    });
    expect(billing.fake.state.apiCalls.at(-1)).toMatchObject({
      method: "GET",
      path: "/v1/promotion_codes",
      form: { code: "welcome20", active: "true", limit: "1" },
    });
    billing.fake.state.addPromotionCode({
      code: "FIVE-OFF",
      amount_off: 500,
      currency: "eur",
      duration: "forever",
    });
    expect(outputOf("billing.promotion", await lookUp("FIVE-OFF"))).toEqual({
      code: "FIVE-OFF",
      percentOff: null,
      amountOff: 500,
      currency: "eur",
      duration: "forever",
      durationInMonths: null,
    });
    billing.fake.state.addPromotionCode({ code: "EXPIRED10", percent_off: 10, active: false });
    for (const code of ["EXPIRED10", "NOSUCHCODE"])
      expect([code, ...refusal(await lookUp(code))]).toEqual([code, 404, "promotion_code_unknown"]);
  });

  it("issue 21: a code of other characters or longer than 100 is 400 before Stripe is asked", async () => {
    const before = billing.fake.state.apiCalls.length;
    for (const code of ["WELCOME%2020", "WELCOME_20", "k%C3%A4ytt%C3%B6", "A".repeat(101), "%00"]) {
      const answer = await lookUp(code);
      expect([code, answer.status]).toEqual([code, 400]);
      expect(errorOf(answer).error_key).toMatch(/^(validation_failed|invalid_text)$/);
    }
    expect(billing.fake.state.apiCalls.length).toBe(before);
    // 100 of Stripe's characters pass and are asked of Stripe.
    expect(refusal(await lookUp(`KUNTO-${"7".repeat(94)}`))).toEqual([404, "promotion_code_unknown"]);
    expect(billing.fake.state.apiCalls.length).toBe(before + 1);
  });

  it("issue 21: one address gets 30 lookups in 15 minutes, then 429 with Retry-After; another address still gets its own", async () => {
    const address = ownAddress();
    for (let i = 0; i < 30; i++) expect((await lookUp("KUNTO20", address)).status).toBe(200);
    const refused = await lookUp("KUNTO20", address);
    expect(refusal(refused)).toEqual([429, "too_many_requests"]);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const asked = billing.fake.state.apiCalls.filter((c) => c.path === "/v1/promotion_codes").length;
    expect(asked).toBe(30);
    expect((await lookUp("KUNTO20")).status).toBe(200);
  });
});

describe("issue 21: GET /api/shared/stripe/tax", () => {
  it("issue 21: answers the checkout's tax rule, and the Checkout Session is made with that rule", async () => {
    const tax = outputOf(
      "billing.tax",
      await rest(billing.server, { method: "GET", path: "/api/shared/stripe/tax" }),
    );
    expect(tax).toEqual({ automaticTax: true, taxIdCollection: true });
    const org = await organisation();
    const started = outputOf(
      "billing.checkout",
      await org.call("GET", `/api/tenant/stripe/checkout?price=${SEED.prices.PRO_YEAR}`),
    );
    expect(billing.fake.state.checkoutSessions.get(started.id)).toMatchObject({
      automatic_tax: { enabled: tax.automaticTax },
      tax_id_collection: { enabled: tax.taxIdCollection },
    });
  });
});

describe("issue 21: POST /api/tenant/stripe/subscription (and POST /api/user/subscription)", () => {
  it("issue 21: PRO monthly → TOTAL yearly in a trial: the item is replaced with always_invoice; the plan changes only with Stripe's event", async () => {
    const org = await subscribed(SEED.prices.PRO_MONTH, 30);
    expect(await planOf(org.tenant.id)).toEqual({ plan: "PRO", status: "PAID" });
    const trialEnd = billing.fake.state.subscriptions.get(org.subscription)?.trial_end ?? 0;
    billing.deliver(false);
    const answer = await org.call("POST", "/api/tenant/stripe/subscription", {
      price: SEED.prices.TOTAL_YEAR,
    });
    expect(outputOf("billing.changeSubscription", answer)).toEqual({
      id: org.subscription,
      stripeStatus: "trialing",
      priceId: SEED.prices.TOTAL_YEAR,
      plan: "TOTAL",
      interval: "year",
      cancelAtPeriodEnd: false,
      cancelAt: null,
      currentPeriodEnd: new Date(trialEnd * 1000).toISOString(),
    });
    expect(updatesOf(org.subscription).map((c) => c.form)).toEqual([
      {
        items: [{ id: org.item, price: SEED.prices.TOTAL_YEAR }],
        proration_behavior: "always_invoice",
        expand: ["items.data.price.product"],
      },
    ]);
    // Not written by the call: Stripe's event decides.
    await billing.fake.idle();
    expect(await planOf(org.tenant.id)).toEqual({ plan: "PRO", status: "PAID" });
    billing.deliver(true);
    const updated = [...billing.fake.state.events.values()].filter(
      (e) => e.type === "customer.subscription.updated" && e.data.object.id === org.subscription,
    );
    expect(updated).toHaveLength(1);
    await billing.fake.resend(updated[0]?.id ?? "");
    expect(await planOf(org.tenant.id)).toEqual({ plan: "TOTAL", status: "PAID" });
    expect(outputOf("billing.customer", await org.call("GET", "/api/tenant/stripe/customer"))).toMatchObject({
      plan: "TOTAL",
      priceId: SEED.prices.TOTAL_YEAR,
      interval: "year",
    });
  });

  it("issue 21: monthly → yearly on a paid subscription starts a yearly period now and invoices it; document 1's path does the same", async () => {
    const org = await subscribed(SEED.prices.PRO_MONTH);
    const answer = await org.call("POST", "/api/user/subscription", { price: SEED.prices.PRO_YEAR });
    const changed = outputOf("billing.userSubscription", answer);
    expect(changed).toMatchObject({ stripeStatus: "active", plan: "PRO", interval: "year" });
    const periodDays = (Date.parse(String(changed.currentPeriodEnd)) - Date.now()) / DAY_MS;
    expect(Math.round(periodDays / 30)).toBe(12);
    await billing.fake.idle();
    expect(outputOf("billing.customer", await org.call("GET", "/api/tenant/stripe/customer"))).toMatchObject({
      plan: "PRO",
      status: "PAID",
      interval: "year",
      currentPeriodEnd: changed.currentPeriodEnd,
    });
    const invoices = await billing.stripe.invoices.list({ subscription: org.subscription });
    expect(invoices.data.map((i) => [i.billing_reason, i.status, i.amount_paid])).toContainEqual([
      "subscription_update",
      "paid",
      SEED.amounts.PRO_YEAR,
    ]);
  });

  it("issue 21: the same price changes nothing; another price than the plans' is 400 price_unknown, a malformed one 400", async () => {
    const org = await subscribed(SEED.prices.PRO_YEAR);
    const same = await org.call("POST", "/api/tenant/stripe/subscription", { price: SEED.prices.PRO_YEAR });
    expect(outputOf("billing.changeSubscription", same).priceId).toBe(SEED.prices.PRO_YEAR);
    for (const price of [SEED.prices.PRO_QUARTER, "price_nothing"]) {
      const answer = await org.call("POST", "/api/tenant/stripe/subscription", { price });
      expect([price, ...refusal(answer)]).toEqual([price, 400, "price_unknown"]);
    }
    for (const body of [{ price: "price kunto" }, { price: "" }, {}]) {
      const answer = await org.call("POST", "/api/tenant/stripe/subscription", body);
      expect([body, ...refusal(answer)]).toEqual([body, 400, "validation_failed"]);
    }
    expect(updatesOf(org.subscription)).toEqual([]);
  });

  it("issue 21: no customer, or a subscription that ended, is 409 billing_no_subscription on every change path", async () => {
    const never = await organisation();
    const ended = await subscribed(SEED.prices.PRO_MONTH);
    await billing.stripe.subscriptions.cancel(ended.subscription);
    await billing.fake.idle();
    expect(await planOf(ended.tenant.id)).toEqual({ plan: "FREE", status: "CANCELED" });
    for (const org of [never, ended]) {
      for (const [path, body] of [
        ["/api/tenant/stripe/subscription", { price: SEED.prices.TOTAL_MONTH }],
        ["/api/user/subscription", { price: SEED.prices.TOTAL_MONTH }],
        ["/api/user/subscription/disable", undefined],
        ["/api/user/subscription/enable", undefined],
      ] as const) {
        expect([path, ...refusal(await org.call("POST", path, body))]).toEqual([
          path,
          409,
          "billing_no_subscription",
        ]);
      }
    }
  });

  it("issue 21: members without billing.manage are refused 403 and nothing is asked of Stripe", async () => {
    const org = await subscribed(SEED.prices.PRO_MONTH);
    for (const role of ["tenant_basic", "tenant_readonly"]) {
      const user = await makeUser(db.owner, { tenantId: org.tenant.id, tenantRoles: [role] });
      const actor = await actorFor(db.db, role, user.id);
      for (const [path, body] of [
        ["/api/tenant/stripe/subscription", { price: SEED.prices.TOTAL_MONTH }],
        ["/api/user/subscription", { price: SEED.prices.TOTAL_MONTH }],
        ["/api/user/subscription/disable", undefined],
        ["/api/user/subscription/enable", undefined],
      ] as const) {
        const answer = await rest(billing.server, {
          method: "POST",
          path,
          actor,
          tenantId: org.tenant.id,
          body,
        });
        expect([role, path, ...refusal(answer)]).toEqual([role, path, 403, "access_denied"]);
      }
    }
    expect(updatesOf(org.subscription)).toEqual([]);
  });
});

describe("issue 21: POST /api/user/subscription/disable and /enable", () => {
  it("issue 21: disable cancels at the period's end (the plan holds), enable takes it back; asking twice changes nothing", async () => {
    const org = await subscribed(SEED.prices.PRO_MONTH);
    const periodEnd = billing.fake.state.subscriptions.get(org.subscription)?.items.data[0]
      ?.current_period_end;
    const endsAt = new Date((periodEnd ?? 0) * 1000).toISOString();
    const disabled = outputOf(
      "billing.disableSubscription",
      await org.call("POST", "/api/user/subscription/disable"),
    );
    expect(disabled).toMatchObject({ cancelAtPeriodEnd: true, cancelAt: endsAt, stripeStatus: "active" });
    await billing.fake.idle();
    expect(outputOf("billing.customer", await org.call("GET", "/api/tenant/stripe/customer"))).toMatchObject({
      plan: "PRO",
      status: "PAID",
      cancelAt: endsAt,
    });
    outputOf("billing.disableSubscription", await org.call("POST", "/api/user/subscription/disable"));
    expect(updatesOf(org.subscription).map((c) => c.form.cancel_at_period_end)).toEqual(["true"]);

    const enabled = outputOf(
      "billing.enableSubscription",
      await org.call("POST", "/api/user/subscription/enable"),
    );
    expect(enabled).toMatchObject({ cancelAtPeriodEnd: false, cancelAt: null });
    await billing.fake.idle();
    expect(
      outputOf("billing.customer", await org.call("GET", "/api/tenant/stripe/customer")).cancelAt,
    ).toBeNull();
    outputOf("billing.enableSubscription", await org.call("POST", "/api/user/subscription/enable"));
    expect(updatesOf(org.subscription).map((c) => c.form.cancel_at_period_end)).toEqual(["true", "false"]);
  });

  it("issue 21: enable also clears a cancellation date set elsewhere; the organisation is the one named by X-tenant-id", async () => {
    const first = await subscribed(SEED.prices.PRO_MONTH);
    const second = await subscribed(SEED.prices.TOTAL_MONTH);
    // The first organisation's admin is an admin of the second one too.
    await asOwner(db.owner, (tx) =>
      tx.insert(schema.memberships).values({
        tenantId: second.tenant.id,
        userId: first.user.id,
        roles: ["tenant_admin"],
      }),
    );
    const as = (tenantId: string, path: string) =>
      rest(billing.server, { method: "POST", path, actor: first.actor, tenantId });
    const inAWeek = Math.floor((Date.now() + 7 * DAY_MS) / 1000);
    await billing.stripe.subscriptions.update(second.subscription, { cancel_at: inAWeek });
    await billing.fake.idle();
    outputOf("billing.disableSubscription", await as(first.tenant.id, "/api/user/subscription/disable"));
    expect(billing.fake.state.subscriptions.get(second.subscription)?.cancel_at).toBe(inAWeek);
    const enabled = outputOf(
      "billing.enableSubscription",
      await as(second.tenant.id, "/api/user/subscription/enable"),
    );
    expect(enabled).toMatchObject({ id: second.subscription, cancelAt: null, cancelAtPeriodEnd: false });
    expect(billing.fake.state.subscriptions.get(first.subscription)?.cancel_at_period_end).toBe(true);
    const noHeader = await rest(billing.server, {
      method: "POST",
      path: "/api/user/subscription/enable",
      actor: first.actor,
    });
    expect(refusal(noHeader)).toEqual([400, "tenant_header_invalid"]);
  });
});

describe("issue 21: the new calls without Stripe keys", () => {
  it("issue 21: each answers 409 billing_not_configured (a malformed promotion code still 400)", async () => {
    const server = await startServer(db.db);
    try {
      const tenant = await makeTenant(db.owner, { plan: "FREE" });
      const user = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
      const actor = await actorFor(db.db, "admin", user.id);
      for (const [method, path, body] of [
        ["GET", "/api/shared/stripe/promotion/WELCOME20", undefined],
        ["GET", "/api/shared/stripe/tax", undefined],
        ["POST", "/api/tenant/stripe/subscription", { price: SEED.prices.PRO_YEAR }],
        ["POST", "/api/user/subscription", { price: SEED.prices.PRO_YEAR }],
        ["POST", "/api/user/subscription/disable", undefined],
        ["POST", "/api/user/subscription/enable", undefined],
      ] as const) {
        const answer = await rest(server, { method, path, actor, tenantId: tenant.id, body });
        expect([path, ...refusal(answer)]).toEqual([path, 409, "billing_not_configured"]);
      }
      const bad = await rest(server, { method: "GET", path: "/api/shared/stripe/promotion/WELCOME_20" });
      expect(bad.status).toBe(400);
    } finally {
      await server.close();
    }
  });
});
