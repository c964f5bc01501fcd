import { schema } from "@kunto/db";
import { SEED } from "@kunto/fake-stripe";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { actorFor, asOwner, connect, makeTenant, makeUser, startServer } from "../support/harness";
import { errorOf, outputOf, rest } from "../support/rest";
import { type Billing, press, startBilling, WEBHOOK_PATH } from "../support/stripe";

/**
 * Issue 21: billing with Stripe, the real SDK against the local fake (packages/fake-stripe) and the
 * real server over HTTP: prices, Checkout through the fake's hosted page, the customer portal, the
 * payments card, the grace period of a failed payment, and a server without Stripe keys.
 */
const db = connect();
afterAll(() => db.close());

let billing: Billing;
beforeEach(async () => {
  billing = await startBilling(db.db);
});
afterEach(() => billing.close());

const DAY_MS = 86_400_000;

/** A FREE organisation with its admin signed in. */
async function freeOrganisation() {
  const tenant = await makeTenant(db.owner, { plan: "FREE" });
  const user = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
  const admin = await actorFor(db.db, "admin", user.id);
  const call = (path: string) =>
    rest(billing.server, { method: "GET", path, actor: admin, tenantId: tenant.id });
  return { tenant, admin, call };
}

async function tenantRow(id: string) {
  const [row] = await db.owner.select().from(schema.tenants).where(eq(schema.tenants.id, id));
  if (!row) throw new Error("tenant");
  return row;
}

/** Checkout for a price through the app, paid on the fake's hosted page; answers the session id. */
async function buy(org: Awaited<ReturnType<typeof freeOrganisation>>, price: string) {
  const started = outputOf("billing.checkout", await org.call(`/api/tenant/stripe/checkout?price=${price}`));
  const paid = await press(billing.fake, started.url, "Pay");
  expect(paid.status).toBe(303);
  await billing.fake.idle();
  return started;
}

describe("issue 21: plans and prices from Stripe", () => {
  it("issue 21: the prices are the active monthly and yearly prices of PRO and TOTAL; interval count 3 is left out", async () => {
    // Neither a price of a product that names no plan nor an inactive plan price is offered.
    const other = billing.fake.state.addProduct({ name: "Consulting", metadata: {} });
    billing.fake.state.addPrice({ product: other.id, unit_amount: 100, currency: "eur", interval: "month" });
    billing.fake.state.addPrice({
      product: SEED.products.PRO,
      unit_amount: 1,
      currency: "eur",
      interval: "month",
      active: false,
    });
    const answer = await rest(billing.server, { method: "GET", path: "/api/shared/stripe/price" });
    const euro = { intervalCount: 1, currency: "eur", currencySymbol: "€" };
    expect(outputOf("billing.prices", answer)).toEqual([
      { id: SEED.prices.PRO_MONTH, plan: "PRO", interval: "month", unitAmount: 2900, ...euro },
      { id: SEED.prices.PRO_YEAR, plan: "PRO", interval: "year", unitAmount: 27840, ...euro },
      { id: SEED.prices.TOTAL_MONTH, plan: "TOTAL", interval: "month", unitAmount: 99900, ...euro },
      { id: SEED.prices.TOTAL_YEAR, plan: "TOTAL", interval: "year", unitAmount: 959040, ...euro },
    ]);
  });
});

describe("issue 21: checkout", () => {
  it("issue 21: the demo user buys nothing: checkout and the portal are refused, the card still answers", async () => {
    const tenant = await makeTenant(db.owner, { plan: "FREE" });
    const demo = await makeUser(db.owner, {
      tenantId: tenant.id,
      tenantRoles: ["tenant_admin"],
      isDemo: true,
    });
    const actor = await actorFor(db.db, "demo", demo.id);
    const call = (path: string) => rest(billing.server, { method: "GET", path, actor, tenantId: tenant.id });
    for (const path of [
      `/api/tenant/stripe/checkout?price=${SEED.prices.PRO_YEAR}`,
      "/api/tenant/stripe/customer_portal",
    ]) {
      const answer = await call(path);
      expect([answer.status, errorOf(answer).error_key]).toEqual([403, "demo_account_read_only"]);
    }
    expect(billing.fake.state.customers.size).toBe(0);
    expect(outputOf("billing.customer", await call("/api/tenant/stripe/customer"))).toMatchObject({
      plan: "FREE",
      trialAvailable: true,
      salesEmail: null,
    });
  });

  it("issue 21: checkout makes a subscription session with promotion codes, tax, tax IDs and a 30-day trial; paying on the hosted page makes the organisation PRO", async () => {
    const org = await freeOrganisation();
    // FREE: the PRO features are refused.
    const before = await org.call("/api/tenant/apikey");
    expect([before.status, errorOf(before).error_key]).toEqual([403, "plan_required"]);

    const started = outputOf(
      "billing.checkout",
      await org.call(`/api/tenant/stripe/checkout?price=${SEED.prices.PRO_YEAR}`),
    );
    const session = billing.fake.state.checkoutSessions.get(started.id);
    expect(session).toMatchObject({
      mode: "subscription",
      status: "open",
      allow_promotion_codes: true,
      automatic_tax: { enabled: true },
      tax_id_collection: { enabled: true },
      client_reference_id: org.tenant.id,
      success_url: `${billing.server.base}/t/${org.tenant.id}/settings?checkout=success`,
    });
    expect(started.url).toBe(`${billing.fake.url}/checkout/${started.id}`);
    expect(billing.fake.state.sessionPlans.get(started.id)).toMatchObject({
      trialPeriodDays: 30,
      subscriptionMetadata: { tenantId: org.tenant.id },
      lineItems: [
        expect.objectContaining({
          quantity: 1,
          price: expect.objectContaining({ id: SEED.prices.PRO_YEAR }),
        }),
      ],
    });
    const customer = billing.fake.state.customers.get(String(session?.customer));
    expect(customer?.metadata).toEqual({ tenantId: org.tenant.id });
    // Nothing is paid yet: still FREE.
    expect((await tenantRow(org.tenant.id)).plan).toBe("FREE");

    const paid = await press(billing.fake, started.url, "Pay");
    expect([paid.status, paid.headers.get("location")]).toEqual([303, session?.success_url]);
    // The fake delivered its events before the redirect.
    expect(
      billing.fake.state.webhooks.deliveries.filter((d) => d.status !== 200 && d.status !== null),
    ).toEqual([]);
    expect(await tenantRow(org.tenant.id)).toMatchObject({
      plan: "PRO",
      subscriptionStatus: "PAID",
      paymentGraceUntil: null,
    });
    const card = outputOf("billing.customer", await org.call("/api/tenant/stripe/customer"));
    expect(card).toMatchObject({
      configured: true,
      plan: "PRO",
      status: "PAID",
      stripeStatus: "trialing",
      priceId: SEED.prices.PRO_YEAR,
      interval: "year",
      cancelAt: null,
      hasCustomer: true,
      // The trial is used: a later checkout starts without one.
      trialAvailable: false,
    });
    const trialEnd = Date.parse(String(card.currentPeriodEnd));
    expect(Math.round((trialEnd - Date.now()) / DAY_MS)).toBe(30);
    // PRO's limits apply now.
    expect((await org.call("/api/tenant/apikey")).status).toBe(200);
    const audited = await db.owner
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.tenantId, org.tenant.id),
          eq(schema.auditLog.action, "billing.subscription_changed"),
        ),
      );
    expect(audited.map((row) => row.details)).toEqual([{ plan: "PRO", subscriptionStatus: "PAID" }]);

    // A live subscription is changed in the portal, never bought twice.
    const again = await org.call(`/api/tenant/stripe/checkout?price=${SEED.prices.TOTAL_YEAR}`);
    expect([again.status, errorOf(again).error_key]).toEqual([409, "subscription_exists"]);
  });

  it("issue 21: only the plans' prices can be bought: the quarterly price and an unknown one answer 400 price_unknown", async () => {
    const org = await freeOrganisation();
    for (const price of [SEED.prices.PRO_QUARTER, "price_nothing"]) {
      const answer = await org.call(`/api/tenant/stripe/checkout?price=${price}`);
      expect([price, answer.status, errorOf(answer).error_key]).toEqual([price, 400, "price_unknown"]);
    }
    expect(billing.fake.state.checkoutSessions.size).toBe(0);
  });

  it("issue 21: an organisation that had a subscription before gets no second trial", async () => {
    const org = await freeOrganisation();
    const first = await buy(org, SEED.prices.PRO_MONTH);
    const subscription = String(billing.fake.state.checkoutSessions.get(first.id)?.subscription);
    await billing.stripe.subscriptions.cancel(subscription);
    await billing.fake.idle();
    expect(await tenantRow(org.tenant.id)).toMatchObject({ plan: "FREE", subscriptionStatus: "CANCELED" });
    const second = outputOf(
      "billing.checkout",
      await org.call(`/api/tenant/stripe/checkout?price=${SEED.prices.PRO_MONTH}`),
    );
    expect(billing.fake.state.checkoutSessions.get(second.id)?.customer).toBe(
      billing.fake.state.checkoutSessions.get(first.id)?.customer,
    );
    expect(billing.fake.state.sessionPlans.get(second.id)?.trialPeriodDays).toBeNull();
  });
});

describe("issue 21: the customer portal and the end of a subscription", () => {
  it("issue 21: cancel in the portal → the card says when it ends → after the period the organisation is FREE with its data kept", async () => {
    const org = await freeOrganisation();
    const noCustomer = await org.call("/api/tenant/stripe/customer_portal");
    expect([noCustomer.status, errorOf(noCustomer).error_key]).toEqual([409, "billing_no_customer"]);

    const started = await buy(org, SEED.prices.PRO_MONTH);
    const subscription = String(billing.fake.state.checkoutSessions.get(started.id)?.subscription);
    // Data made while PRO: an API key (a PRO feature) and a team.
    const expireAt = new Date(Date.now() + 60 * DAY_MS).toISOString().slice(0, 10);
    const key = await rest(billing.server, {
      method: "POST",
      path: "/api/tenant/apikey",
      actor: org.admin,
      tenantId: org.tenant.id,
      body: { name: "Integration", expireAt, termsAccepted: true },
    });
    expect(key.status).toBe(200);
    await asOwner(db.owner, (tx) =>
      tx.insert(schema.teams).values({
        tenantId: org.tenant.id,
        key: `team-${org.tenant.id}`,
        name: "Sales",
        type: "PERSONNEL",
        urlSafeName: "sales",
      }),
    );

    const portal = outputOf("billing.customerPortal", await org.call("/api/tenant/stripe/customer_portal"));
    expect(billing.fake.state.portalSessions.get(portal.url.split("/").pop() ?? "")?.return_url).toBe(
      `${billing.server.base}/t/${org.tenant.id}/settings`,
    );
    expect((await press(billing.fake, portal.url, "Cancel plan")).status).toBe(303);
    const periodEnd =
      billing.fake.state.subscriptions.get(subscription)?.items.data[0]?.current_period_end ?? 0;
    const canceled = outputOf("billing.customer", await org.call("/api/tenant/stripe/customer"));
    expect(canceled).toMatchObject({
      plan: "PRO",
      status: "PAID",
      cancelAt: new Date(periodEnd * 1000).toISOString(),
    });

    await billing.fake.state.endPeriod(subscription);
    expect(await tenantRow(org.tenant.id)).toMatchObject({ plan: "FREE", subscriptionStatus: "CANCELED" });
    expect(outputOf("billing.customer", await org.call("/api/tenant/stripe/customer"))).toMatchObject({
      plan: "FREE",
      status: "CANCELED",
      stripeStatus: "canceled",
    });
    // The data stays; what FREE does not include is refused, not deleted.
    const [{ keys, teams } = { keys: 0, teams: 0 }] = await db.ownerSql<{ keys: number; teams: number }[]>`
      select (select count(*)::int from api_keys where tenant_id = ${org.tenant.id}) as keys,
             (select count(*)::int from teams where tenant_id = ${org.tenant.id}) as teams`;
    expect({ keys, teams }).toEqual({ keys: 1, teams: 1 });
    const refused = await org.call("/api/tenant/apikey");
    expect([refused.status, errorOf(refused).error_key]).toEqual([403, "plan_required"]);
  });
});

describe("issue 21: a failed payment and its grace period", () => {
  it("issue 21: a failed payment keeps the paid plan for 7 days, then FREE until a payment succeeds", async () => {
    const org = await freeOrganisation();
    const started = await buy(org, SEED.prices.PRO_MONTH);
    const subscription = String(billing.fake.state.checkoutSessions.get(started.id)?.subscription);

    await billing.fake.failPayment(subscription);
    const failed = await tenantRow(org.tenant.id);
    expect(failed).toMatchObject({ plan: "PRO", subscriptionStatus: "PAYMENT_FAILED" });
    const graceDays = ((failed.paymentGraceUntil?.getTime() ?? 0) - Date.now()) / DAY_MS;
    expect(Math.round(graceDays)).toBe(7);
    // Within the grace period: the plan checks in the database and in the code both say PRO.
    expect((await org.call("/api/tenant/apikey")).status).toBe(200);
    expect(outputOf("tenant.current", await org.call("/api/tenant")).plan).toBe("PRO");
    expect(outputOf("billing.customer", await org.call("/api/tenant/stripe/customer"))).toMatchObject({
      plan: "PRO",
      status: "PAYMENT_FAILED",
      stripeStatus: "past_due",
      paymentGraceUntil: failed.paymentGraceUntil?.toISOString(),
    });
    // Another failed retry does not move the end of the grace period.
    await billing.fake.failPayment(subscription);
    expect((await tenantRow(org.tenant.id)).paymentGraceUntil).toEqual(failed.paymentGraceUntil);

    // Seven days later (the grace end moved into the past): FREE, in the database and in the code.
    await db.ownerSql`update tenants set payment_grace_until = now() - interval '1 second' where id = ${org.tenant.id}`;
    const refused = await org.call("/api/tenant/apikey");
    expect([refused.status, errorOf(refused).error_key]).toEqual([403, "plan_required"]);
    expect(outputOf("tenant.current", await org.call("/api/tenant")).plan).toBe("FREE");
    expect(outputOf("billing.customer", await org.call("/api/tenant/stripe/customer")).plan).toBe("FREE");

    // The payment goes through after all: PRO again, no grace period left.
    await billing.fake.recoverPayment(subscription);
    expect(await tenantRow(org.tenant.id)).toMatchObject({
      plan: "PRO",
      subscriptionStatus: "PAID",
      paymentGraceUntil: null,
    });
    expect((await org.call("/api/tenant/apikey")).status).toBe(200);
  });
});

describe("issue 21: without Stripe keys", () => {
  it("issue 21: billing says so (409 billing_not_configured), the card shows the plan, and platform admins set plans by hand", async () => {
    const server = await startServer(db.db);
    try {
      const tenant = await makeTenant(db.owner, { plan: "FREE" });
      const user = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
      const admin = await actorFor(db.db, "admin", user.id);
      const call = (path: string) => rest(server, { method: "GET", path, actor: admin, tenantId: tenant.id });
      for (const path of [
        "/api/shared/stripe/price",
        `/api/tenant/stripe/checkout?price=${SEED.prices.PRO_YEAR}`,
        "/api/tenant/stripe/customer_portal",
      ]) {
        const answer = await call(path);
        expect([path, answer.status, errorOf(answer).error_key]).toEqual([
          path,
          409,
          "billing_not_configured",
        ]);
      }
      const event = await server.fetch(WEBHOOK_PATH, {
        method: "POST",
        body: "{}",
        headers: { "stripe-signature": "t=1,v1=0" },
      });
      expect([event.status, ((await event.json()) as { error_key: string }).error_key]).toEqual([
        409,
        "billing_not_configured",
      ]);
      expect(outputOf("billing.customer", await call("/api/tenant/stripe/customer"))).toMatchObject({
        configured: false,
        plan: "FREE",
        status: null,
        hasCustomer: false,
        trialAvailable: true,
      });

      const platform = await actorFor(
        db.db,
        "platform",
        (await makeUser(db.owner, { systemRoles: ["admin"] })).id,
      );
      const set = await rest(server, {
        method: "POST",
        path: `/api/admin/tenant/${tenant.id}/plan`,
        actor: platform,
        body: { status: "PRO" },
      });
      expect(set.status).toBe(200);
      expect(outputOf("billing.customer", await call("/api/tenant/stripe/customer"))).toMatchObject({
        plan: "PRO",
        configured: false,
      });
    } finally {
      await server.close();
    }
  });

  it("issue 21: a plan set by hand holds even after a canceled subscription (its status no longer counts)", async () => {
    const tenant = await makeTenant(db.owner, { plan: "FREE", subscriptionStatus: "CANCELED" });
    const platform = await actorFor(
      db.db,
      "platform",
      (await makeUser(db.owner, { systemRoles: ["admin"] })).id,
    );
    const set = await rest(billing.server, {
      method: "POST",
      path: `/api/admin/tenant/${tenant.id}/plan`,
      actor: platform,
      body: { status: "TOTAL" },
    });
    expect(outputOf("admin.setTenantPlan", set)).toMatchObject({ plan: "TOTAL", subscriptionStatus: null });
    const [row] = await db.ownerSql<{ plan: string }[]>`
      select kunto_effective_plan(plan, subscription_status, payment_grace_until) as plan from tenants where id = ${tenant.id}`;
    expect(row?.plan).toBe("TOTAL");
  });
});
