import { randomUUID } from "node:crypto";
import { schema } from "@kunto/db";
import { SEED, type StripeEvent } from "@kunto/fake-stripe";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectConforms, type Json } from "../integrators/contract-support";
import { asOwner, connect, makeTenant, makeUser, startServer, TEST_CONFIG } from "../support/harness";
import { startSmtp } from "../support/smtp";
import { type Billing, postEvent, startBilling, WEBHOOK_PATH } from "../support/stripe";

/** The webhook's path in the document (its paths are under /api). */
const DOC_PATH = WEBHOOK_PATH.replace(/^\/api/, "");

/**
 * Issue 21: `customer.subscription.trial_will_end` mails the organisation's admins "your trial ends
 * on …" in their language through the outbox (read from a real SMTP server on loopback), once per
 * event; and the Stripe webhook is in the REST document with the answers it really gives.
 */
const db = connect();
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp(db.system);
});
afterAll(async () => {
  await smtp.close();
  await db.close();
});

let billing: Billing;
beforeEach(async () => {
  billing = await startBilling(db.db);
});
afterEach(() => billing.close());

const DAY = 86_400;
const address = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.test`;
/** The day as a Finnish reader writes it, in Helsinki: what the mail must say. */
const helsinkiDay = (seconds: number) =>
  new Intl.DateTimeFormat("fi-FI", {
    timeZone: "Europe/Helsinki",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(new Date(seconds * 1000));

/** A FREE organisation: a Finnish and an English admin, a disabled admin and a basic member, all with addresses. */
async function organisation() {
  const tenant = await makeTenant(db.owner, { plan: "FREE", name: `Trial ${randomUUID().slice(0, 6)} Oy` });
  const user = async (role: string, language: string, enabled = true) => {
    const made = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: [role], email: address(role) });
    await asOwner(db.owner, (tx) =>
      tx.update(schema.users).set({ language, enabled }).where(eq(schema.users.id, made.id)),
    );
    return made.email ?? "";
  };
  return {
    tenant,
    fi: await user("tenant_admin", "fi"),
    en: await user("tenant_admin", "en"),
    disabled: await user("tenant_admin", "en", false),
    basic: await user("tenant_basic", "en"),
  };
}

async function subscribe(tenantId: string, trialDays?: number) {
  const customer = await billing.stripe.customers.create({ metadata: { tenantId } });
  const sub = await billing.stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: SEED.prices.PRO_MONTH }],
    metadata: { tenantId },
    ...(trialDays ? { trial_period_days: trialDays } : {}),
  });
  await billing.fake.idle();
  return sub;
}

const trialMailsTo = (addresses: string[]) =>
  asOwner(db.owner, (tx) =>
    tx
      .select({ to: schema.mailOutbox.to })
      .from(schema.mailOutbox)
      .where(and(eq(schema.mailOutbox.kind, "trialEnding"), inArray(schema.mailOutbox.to, addresses))),
  );

const trialWillEnd = (subscription: string): StripeEvent => {
  const event = [...billing.fake.state.events.values()].find(
    (e) => e.type === "customer.subscription.trial_will_end" && e.data.object.id === subscription,
  );
  if (!event) throw new Error("no trial_will_end");
  return event;
};

describe("issue 21: the trial's end is mailed to the organisation's admins", () => {
  it("issue 21: trial_will_end mails each enabled admin in their language with the trial's last day; a repeated delivery mails nothing more", async () => {
    const org = await organisation();
    const sub = await subscribe(org.tenant.id, 30);
    const trialEnd = sub.trial_end ?? 0;
    await billing.fake.state.advanceTo(trialEnd - 3 * DAY);
    const event = trialWillEnd(sub.id);
    expect(billing.fake.state.webhooks.deliveries.find((d) => d.eventId === event.id)?.status).toBe(200);

    const all = [org.fi, org.en, org.disabled, org.basic];
    expect((await trialMailsTo(all)).map((m) => m.to).sort()).toEqual([org.en, org.fi].sort());
    const day = helsinkiDay(trialEnd);
    const link = `${billing.server.base}/t/${org.tenant.id}/settings`;
    const english = await smtp.lastMail(org.en);
    expect(english.subject).toBe("Your Kunto trial is ending");
    expect(english.text).toContain(`The trial of Kunto PRO for ${org.tenant.name} ends on ${day}.`);
    expect(english.text).toContain(link);
    const finnish = await smtp.mailTo(org.fi);
    expect(finnish).toContain(`Organisaation ${org.tenant.name} Kunto PRO -kokeilujakso päättyy ${day}.`);
    expect(finnish).toContain(link);
    expect(smtp.received.filter((m) => m.to === org.basic || m.to === org.disabled)).toEqual([]);

    const again = await billing.fake.resend(event.id);
    expect(again.status).toBe(200);
    expect(await trialMailsTo(all)).toHaveLength(2);
  });

  it("issue 21: trial_will_end for a subscription that is not in a trial mails nobody", async () => {
    const org = await organisation();
    const sub = await subscribe(org.tenant.id);
    const live = billing.fake.state.subscriptions.get(sub.id);
    expect(live?.status).toBe("active");
    const event = await billing.fake.sendEvent("customer.subscription.trial_will_end", live ?? {});
    expect(billing.fake.state.webhooks.deliveries.find((d) => d.eventId === event.id)?.status).toBe(200);
    const [stored] = await db.owner
      .select()
      .from(schema.stripeEvents)
      .where(eq(schema.stripeEvents.id, event.id));
    expect(stored?.type).toBe("customer.subscription.trial_will_end");
    expect(await trialMailsTo([org.fi, org.en, org.disabled, org.basic])).toEqual([]);
  });
});

describe("issue 21: POST /api/shared/stripe/webhook in the REST document", () => {
  it("issue 21: documented with Stripe-Signature, and its 200, 400 stripe_signature_invalid, 409 and 503 billing_unavailable answers match the document", async () => {
    const doc = (await (await billing.server.fetch("/api/openapi.json")).json()) as Json;
    const operation = (doc.paths as Record<string, Record<string, Json>>)[DOC_PATH]?.post as Json;
    expect(operation).toMatchObject({ operationId: "billingStripeWebhook", tags: ["Billing"], security: [] });
    expect((operation.parameters as Json[]).map((p) => `${p.in}:${p.name}`)).toEqual([
      "header:Stripe-Signature",
      "header:Origin",
    ]);
    const answer = async (response: Response) => ({ status: response.status, body: await response.json() });

    const tenant = await makeTenant(db.owner, { plan: "FREE" });
    billing.deliver(false);
    const sub = await subscribe(tenant.id);
    const event = [...billing.fake.state.events.values()].find(
      (e) => e.type === "customer.subscription.created" && e.data.object.id === sub.id,
    ) as StripeEvent;
    const payload = JSON.stringify(event);

    const bad = await answer(await postEvent(billing, payload, { header: "t=1,v1=00" }));
    expect(bad.body).toMatchObject({ error_key: "stripe_signature_invalid" });
    expect(expectConforms(doc, "POST", DOC_PATH, bad)).toMatchObject({
      content: { "application/json": { example: { error_key: "stripe_signature_invalid" } } },
    });
    const good = await answer(await postEvent(billing, payload));
    expect(good).toEqual({ status: 200, body: { received: true, handled: true, duplicate: false } });
    expectConforms(doc, "POST", DOC_PATH, good);
    const duplicate = await answer(await postEvent(billing, payload));
    expect(duplicate.body).toMatchObject({ duplicate: true });
    expectConforms(doc, "POST", DOC_PATH, duplicate);

    // Stripe refusing the server's calls (a revoked key): the event verifies, Stripe cannot be read.
    const other = { ...event, id: `evt_doc${randomUUID().slice(0, 8)}` };
    const refusing = await startServer(db.db, {
      ...TEST_CONFIG,
      billing: {
        secretKey: "sk_test_revoked",
        webhookSecret: billing.fake.webhookSecret,
        apiUrl: billing.fake.url,
      },
    });
    const unconfigured = await startServer(db.db);
    try {
      const signed = (server: typeof refusing) =>
        postEvent({ ...billing, server }, JSON.stringify(other)).then(answer);
      const unavailable = await signed(refusing);
      expect(unavailable.body).toMatchObject({ error_key: "billing_unavailable" });
      expectConforms(doc, "POST", DOC_PATH, unavailable);
      const notConfigured = await signed(unconfigured);
      expect(notConfigured.body).toMatchObject({ error_key: "billing_not_configured" });
      expectConforms(doc, "POST", DOC_PATH, notConfigured);
    } finally {
      await refusing.close();
      await unconfigured.close();
    }
  });
});
