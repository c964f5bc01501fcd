import { schema } from "@kunto/db";
import { SEED, type StripeEvent, signPayload } from "@kunto/fake-stripe";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { connect, makeTenant, startServer, TEST_CONFIG } from "../support/harness";
import { type Billing, eventsOf, postEvent, startBilling, WEBHOOK_PATH } from "../support/stripe";

/**
 * Issue 21: the Stripe webhook over real HTTP (POST /api/shared/stripe/webhook), events made by the
 * local fake with the real SDK and signed as Stripe signs them: the signature, one effect per event
 * however often and however concurrently it arrives, and the same end whatever the order.
 */
const db = connect();
afterAll(() => db.close());

let billing: Billing;
beforeEach(async () => {
  billing = await startBilling(db.db);
});
afterEach(() => billing.close());

const DAY = 86_400;

/** A FREE organisation with a Stripe customer and a subscription whose events were recorded, not sent. */
async function subscribedQuietly(price: string = SEED.prices.PRO_MONTH, trialDays?: number) {
  const tenant = await makeTenant(db.owner, { plan: "FREE" });
  billing.deliver(false);
  const customer = await billing.stripe.customers.create({ metadata: { tenantId: tenant.id } });
  const subscription = await billing.stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price }],
    metadata: { tenantId: tenant.id },
    ...(trialDays ? { trial_period_days: trialDays } : {}),
  });
  await billing.fake.idle();
  return { tenant, customer: customer.id, subscription: subscription.id };
}

async function planOf(tenantId: string) {
  const [row] = await db.owner
    .select({
      plan: schema.tenants.plan,
      subscriptionStatus: schema.tenants.subscriptionStatus,
      paymentGraceUntil: schema.tenants.paymentGraceUntil,
    })
    .from(schema.tenants)
    .where(eq(schema.tenants.id, tenantId));
  return row;
}

async function billingOf(tenantId: string) {
  const [row] = await db.owner
    .select()
    .from(schema.tenantBilling)
    .where(eq(schema.tenantBilling.tenantId, tenantId));
  return row ?? null;
}

const storedEvents = async (ids: string[]) =>
  (await db.owner.select().from(schema.stripeEvents).where(inArray(schema.stripeEvents.id, ids))).length;

const auditRows = async (tenantId: string) =>
  db.owner
    .select()
    .from(schema.auditLog)
    .where(
      and(eq(schema.auditLog.tenantId, tenantId), eq(schema.auditLog.action, "billing.subscription_changed")),
    );

const payloadOf = (event: StripeEvent) => JSON.stringify(event, null, 2);
const createdEvent = (customer: string) => {
  const event = eventsOf(billing.fake, customer).find((e) => e.type === "customer.subscription.created");
  if (!event) throw new Error("no customer.subscription.created");
  return event;
};

describe("issue 21: the webhook's signature", () => {
  it("issue 21: a bad signature answers 400 stripe_signature_invalid and changes nothing; the same event signed right applies", async () => {
    const { tenant, customer } = await subscribedQuietly();
    const event = createdEvent(customer);
    const payload = payloadOf(event);
    const refused = [
      await postEvent(billing, payload, { secret: "whsec_someone_else" }),
      await postEvent(billing, payload, { header: null }),
      await postEvent(billing, payload, { header: "t=1,v1=00" }),
      // A valid signature of another body.
      await postEvent(billing, payload.replace(tenant.id, "00000000-0000-4000-8000-000000000000"), {
        header: signPayload(payload, billing.fake.webhookSecret, Math.floor(Date.now() / 1000)),
      }),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({
        message: "stripe_signature_invalid",
        code: "BAD_REQUEST",
        error_key: "stripe_signature_invalid",
      });
    }
    expect(await planOf(tenant.id)).toEqual({
      plan: "FREE",
      subscriptionStatus: null,
      paymentGraceUntil: null,
    });
    expect(await billingOf(tenant.id)).toBeNull();
    expect(await storedEvents([event.id])).toBe(0);
    expect(await auditRows(tenant.id)).toEqual([]);

    const accepted = await postEvent(billing, payload);
    expect([accepted.status, await accepted.json()]).toEqual([
      200,
      { received: true, handled: true, duplicate: false },
    ]);
    expect(await planOf(tenant.id)).toEqual({
      plan: "PRO",
      subscriptionStatus: "PAID",
      paymentGraceUntil: null,
    });
  });

  it("issue 21: an event of a type that changes no plan is acknowledged and ignored", async () => {
    const { tenant, customer } = await subscribedQuietly();
    const created = eventsOf(billing.fake, customer).find((e) => e.type === "customer.created");
    if (!created) throw new Error("no customer.created");
    const answer = await postEvent(billing, payloadOf(created));
    expect([answer.status, await answer.json()]).toEqual([200, { received: true, handled: false }]);
    expect(await planOf(tenant.id)).toMatchObject({ plan: "FREE", subscriptionStatus: null });
    expect(await storedEvents([created.id])).toBe(0);
  });
});

describe("issue 21: Stripe not answering", () => {
  it("issue 21: an event that cannot be read back from Stripe answers 503 billing_unavailable and is stored nowhere, so Stripe's next delivery applies it", async () => {
    const { tenant, customer } = await subscribedQuietly();
    const event = createdEvent(customer);
    // A server whose calls Stripe refuses (a revoked key): the event verifies, its subscription cannot be read.
    const refusing = await startServer(db.db, {
      ...TEST_CONFIG,
      billing: {
        secretKey: "sk_test_revoked",
        webhookSecret: billing.fake.webhookSecret,
        apiUrl: billing.fake.url,
      },
    });
    try {
      const header = signPayload(payloadOf(event), billing.fake.webhookSecret, Math.floor(Date.now() / 1000));
      const answer = await refusing.fetch(WEBHOOK_PATH, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": header },
        body: payloadOf(event),
      });
      expect([answer.status, ((await answer.json()) as { error_key: string }).error_key]).toEqual([
        503,
        "billing_unavailable",
      ]);
    } finally {
      await refusing.close();
    }
    expect(await storedEvents([event.id])).toBe(0);
    expect(await planOf(tenant.id)).toMatchObject({ plan: "FREE", subscriptionStatus: null });

    const again = await postEvent(billing, payloadOf(event));
    expect([again.status, await again.json()]).toEqual([
      200,
      { received: true, handled: true, duplicate: false },
    ]);
    expect(await planOf(tenant.id)).toMatchObject({ plan: "PRO", subscriptionStatus: "PAID" });
  });
});

describe("issue 21: each event once", () => {
  it("issue 21: 20 concurrent deliveries of one event → one effect; a later duplicate is acknowledged and ignored", async () => {
    const { tenant, customer } = await subscribedQuietly();
    const event = createdEvent(customer);
    const payload = payloadOf(event);
    const answers = await Promise.all(Array.from({ length: 20 }, () => postEvent(billing, payload)));
    const bodies = await Promise.all(
      answers.map((answer) => answer.json() as Promise<{ handled: boolean; duplicate: boolean }>),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(bodies.filter((body) => body.handled === true)).toHaveLength(1);
    expect(bodies.filter((body) => body.duplicate === true)).toHaveLength(19);
    expect(await storedEvents([event.id])).toBe(1);
    expect((await auditRows(tenant.id)).map((row) => row.details)).toEqual([
      { plan: "PRO", subscriptionStatus: "PAID" },
    ]);
    expect(await billingOf(tenant.id)).toMatchObject({ lastEventId: event.id, stripeStatus: "active" });

    billing.deliver(true);
    const again = await billing.fake.resend(event.id);
    expect(again.status).toBe(200);
    expect(await storedEvents([event.id])).toBe(1);
    expect(await auditRows(tenant.id)).toHaveLength(1);
    expect(await planOf(tenant.id)).toMatchObject({ plan: "PRO", subscriptionStatus: "PAID" });
  });
});

/** A small deterministic shuffle (mulberry32), so a failing order can be replayed. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** Delivers the events in each order to a reset organisation; answers the end state of each. */
async function endStates(tenantId: string, events: StripeEvent[]) {
  const orders: Array<[string, StripeEvent[] | "concurrent"]> = [
    ["as sent", events],
    ["reversed", [...events].reverse()],
    ["shuffle 1", shuffled(events, 1)],
    ["shuffle 2", shuffled(events, 2)],
    ["shuffle 3", shuffled(events, 3)],
    ["all at once", "concurrent"],
  ];
  const ends: Record<string, unknown> = {};
  for (const [name, order] of orders) {
    await db.ownerSql`delete from stripe_events where id in ${db.ownerSql(events.map((e) => e.id))}`;
    await db.ownerSql`delete from tenant_billing where tenant_id = ${tenantId}`;
    await db.ownerSql`update tenants set plan = 'FREE', subscription_status = null, payment_grace_until = null where id = ${tenantId}`;
    if (order === "concurrent") {
      const answers = await Promise.all(events.map((event) => postEvent(billing, payloadOf(event))));
      expect(answers.map((answer) => answer.status)).toEqual(events.map(() => 200));
    } else {
      for (const event of order)
        expect([name, event.type, (await postEvent(billing, payloadOf(event))).status]).toEqual([
          name,
          event.type,
          200,
        ]);
    }
    const row = await billingOf(tenantId);
    ends[name] = {
      tenant: await planOf(tenantId),
      billing: row && {
        subscription: row.stripeSubscriptionId,
        status: row.stripeStatus,
        price: row.stripePriceId,
        interval: row.interval,
        cancelAt: row.cancelAt,
        currentPeriodEnd: row.currentPeriodEnd,
      },
    };
  }
  return ends;
}

describe("issue 21: events in any order", () => {
  it("issue 21: a subscription's whole life (trial, renewal, failed and recovered payment, cancel, end) delivered in shuffled orders ends FREE every time", async () => {
    const { tenant, customer, subscription } = await subscribedQuietly(SEED.prices.PRO_MONTH, 14);
    const start = billing.fake.state.now();
    await billing.fake.state.advanceTo(start + 20 * DAY); // trial_will_end, trial over: active, paid
    await billing.fake.failPayment(subscription);
    await billing.fake.recoverPayment(subscription);
    await billing.stripe.subscriptions.update(subscription, { cancel_at_period_end: true });
    await billing.fake.idle();
    await billing.fake.state.endPeriod(subscription); // customer.subscription.deleted
    const events = eventsOf(billing.fake, customer);
    expect(new Set(events.map((e) => e.type))).toEqual(
      new Set([
        "customer.created",
        "customer.subscription.created",
        "customer.subscription.trial_will_end",
        "customer.subscription.updated",
        "invoice.paid",
        "invoice.payment_succeeded",
        "invoice.payment_failed",
        "customer.subscription.deleted",
      ]),
    );
    billing.deliver(true);
    const ends = await endStates(tenant.id, events);
    const expected = {
      tenant: { plan: "FREE", subscriptionStatus: "CANCELED", paymentGraceUntil: null },
      billing: expect.objectContaining({ subscription, status: "canceled", price: SEED.prices.PRO_MONTH }),
    };
    for (const end of Object.values(ends)) expect(end).toEqual(expected);
    expect(new Set(Object.values(ends).map((end) => JSON.stringify(end))).size).toBe(1);
  });

  it("issue 21: an upgrade to TOTAL after a failed and recovered payment, delivered in shuffled orders, ends TOTAL and paid every time", async () => {
    const { tenant, customer, subscription } = await subscribedQuietly(SEED.prices.PRO_MONTH);
    await billing.fake.failPayment(subscription);
    await billing.fake.recoverPayment(subscription);
    const current = await billing.stripe.subscriptions.retrieve(subscription);
    await billing.stripe.subscriptions.update(subscription, {
      items: [{ id: current.items.data[0]?.id, price: SEED.prices.TOTAL_YEAR }],
    });
    await billing.fake.idle();
    const events = eventsOf(billing.fake, customer);
    billing.deliver(true);
    const ends = await endStates(tenant.id, events);
    for (const end of Object.values(ends))
      expect(end).toEqual({
        tenant: { plan: "TOTAL", subscriptionStatus: "PAID", paymentGraceUntil: null },
        billing: expect.objectContaining({
          subscription,
          status: "active",
          price: SEED.prices.TOTAL_YEAR,
          interval: "year",
          cancelAt: null,
        }),
      });
    expect(new Set(Object.values(ends).map((end) => JSON.stringify(end))).size).toBe(1);
  });
});

describe("issue 21: the processed events table", () => {
  it("issue 21: the request role may add and read processed event ids, never change or delete them", async () => {
    const id = `evt_grant_${Date.now()}`;
    await db.db.insert(schema.stripeEvents).values({ id, type: "invoice.paid" });
    expect(await storedEvents([id])).toBe(1);
    const code = async (statement: () => Promise<unknown>) =>
      statement().then(
        () => "ok",
        (error: { cause?: { code?: string } }) => String(error.cause?.code),
      );
    expect(
      await code(() =>
        db.db.update(schema.stripeEvents).set({ type: "x" }).where(eq(schema.stripeEvents.id, id)),
      ),
    ).toBe("42501");
    expect(await code(() => db.db.delete(schema.stripeEvents).where(eq(schema.stripeEvents.id, id)))).toBe(
      "42501",
    );
  });
});
