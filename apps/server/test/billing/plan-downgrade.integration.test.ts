import { loadDefaultContent, schema } from "@kunto/db";
import { SEED } from "@kunto/fake-stripe";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeKey, withKey } from "../integrators/api-key-support";
import { actorFor, asOwner, callerFor, connect, makeUser } from "../support/harness";
import { errorOf, outputOf, rest } from "../support/rest";
import { type Billing, press, startBilling } from "../support/stripe";
import { makeSharedSurvey } from "../support/surveys";
import {
  emails,
  type Organisation,
  organisation,
  planRequired,
  refusalOf,
  respondentCount,
  storedResponses,
  submitOne,
} from "./plan-support";

/**
 * Issue 21's downgrade rule (docs/decisions.md "Billing (issue 21)"): an organisation that bought PRO
 * through Stripe and whose subscription ends (CANCELED) is FREE. Nothing it made on PRO is deleted:
 * its API keys, webhook endpoint, own tasks, a team of 12 recipients and a survey's 11 respondents
 * stay stored and listed where the screens list them, while using or changing them is refused
 * (403 `plan_required` naming the feature, or the count's own key). Buying PRO again brings them
 * back. The real SDK against the local fake Stripe, its webhooks to the real server.
 */
const db = connect();
let billing: Billing;
beforeAll(async () => {
  await asOwner(db.owner, (tx) => loadDefaultContent(tx));
  billing = await startBilling(db.db);
});
afterAll(async () => {
  await billing.close();
  await db.close();
});

/** Checkout for PRO through the app, paid on the fake's hosted page; answers the subscription. */
async function buyPro(org: Organisation) {
  const checkout = await rest(billing.server, {
    method: "GET",
    path: `/api/tenant/stripe/checkout?price=${SEED.prices.PRO_MONTH}`,
    actor: org.actor,
    tenantId: org.tenant.id,
  });
  const started = outputOf("billing.checkout", checkout);
  expect((await press(billing.fake, started.url, "Pay")).status).toBe(303);
  await billing.fake.idle();
  return String(billing.fake.state.checkoutSessions.get(started.id)?.subscription);
}

const planColumns = async (tenantId: string) => {
  const [row] = await db.owner.select().from(schema.tenants).where(eq(schema.tenants.id, tenantId));
  return { plan: row?.plan, subscriptionStatus: row?.subscriptionStatus };
};

/** What stays stored of the organisation's PRO things, read on the owner connection. */
const stored = async (tenantId: string) => {
  const [row] = await db.ownerSql<{ keys: number; hooks: number; own: number; recipients: number }[]>`
    select (select count(*)::int from api_keys where tenant_id = ${tenantId}) as keys,
           (select count(*)::int from webhook_endpoints where tenant_id = ${tenantId}) as hooks,
           (select count(*)::int from tasks where tenant_id = ${tenantId} and static_task_id is null) as own,
           (select count(*)::int from team_answerers where tenant_id = ${tenantId}) as recipients`;
  return row;
};

const deliveries = async (endpointId: string) =>
  (
    await db.owner
      .select({ id: schema.webhookDeliveries.id })
      .from(schema.webhookDeliveries)
      .where(eq(schema.webhookDeliveries.endpointId, endpointId))
  ).length;

describe("issue 21: the downgrade rule", () => {
  it("issue 21: PRO → canceled (FREE): data kept and listed, use and change refused naming the feature; PRO again brings it back", async () => {
    const org = await organisation(db, { plan: "FREE" });
    const platform = await callerFor(
      db.db,
      await actorFor(db.db, "platform", (await makeUser(db.owner, { systemRoles: ["admin"] })).id),
      org.tenant.id,
    );
    const subscription = await buyPro(org);
    expect(await planColumns(org.tenant.id)).toEqual({ plan: "PRO", subscriptionStatus: "PAID" });

    // Made on PRO, through the API.
    const key = await makeKey(billing.server, org.actor, org.tenant.id, { scope: "read" });
    const useKey = () => withKey(billing.server, key.token, { path: "/api/tenant/team" });
    expect((await useKey()).status).toBe(200);
    const hook = await org.caller.webhook.create({ url: "https://8.8.8.8/kunto", events: ["task.created"] });
    const own = await org.caller.task.create({ name: "Weekly check-in", category: "cooperation" });
    const spare = await org.caller.task.create({ name: "Quieter break room", category: "work_ability" });
    expect(await deliveries(hook.id)).toBe(2);
    const recipients = emails(12);
    const team = await org.caller.team.create({
      name: "Warehouse",
      type: "PERSONNEL",
      answerers: recipients,
    });
    const shared = await makeSharedSurvey(db.owner, org.tenant.id);
    await storedResponses(db, shared, 10);
    expect(await submitOne(db, shared)).toMatchObject({ stored: true });
    const { suggestions } = await org.caller.task.suggestions();
    const suggested = (i: number) => org.caller.task.create({ staticTaskId: suggestions[i]?.id ?? "" });
    const before = await stored(org.tenant.id);
    expect(before).toEqual({ keys: 1, hooks: 1, own: 2, recipients: 12 });

    // The subscription ends: Stripe's event makes the organisation FREE.
    await billing.stripe.subscriptions.cancel(subscription);
    await billing.fake.idle();
    expect(await planColumns(org.tenant.id)).toEqual({ plan: "FREE", subscriptionStatus: "CANCELED" });
    expect((await org.caller.tenant.current()).plan).toBe("FREE");

    // Kept, and listed where the screens list it: the board, the teams, and the platform admin's
    // view of the keys and endpoints (the organisation's own cards show the plan note on FREE).
    expect(await stored(org.tenant.id)).toEqual(before);
    expect((await org.caller.task.list()).map((t) => t.name).sort()).toEqual([
      "Quieter break room",
      "Weekly check-in",
    ]);
    expect((await org.caller.team.get({ key: team.key })).answerers).toHaveLength(12);
    expect((await platform.caller.apiKey.list()).map((k) => k.publicKey)).toEqual([key.publicKey]);
    expect((await platform.caller.webhook.list()).map((e) => e.id)).toEqual([hook.id]);

    // Using or changing them is refused, naming the feature.
    expect(await refusalOf(org.caller.apiKey.list())).toEqual(planRequired("apiKeys"));
    const keyRefused = await useKey();
    expect([keyRefused.status, errorOf(keyRefused).error_key]).toEqual([403, "plan_required"]);
    expect(keyRefused.body).toMatchObject({ data: { feature: "apiKeys" } });
    expect(await refusalOf(org.caller.webhook.list())).toEqual(planRequired("webhooks"));
    expect(await refusalOf(org.caller.webhook.update({ id: hook.id, enabled: false }))).toEqual(
      planRequired("webhooks"),
    );
    // FREE makes and changes tasks from suggestions; the endpoint is told nothing.
    const fromSuggestion = await suggested(0);
    expect((await org.caller.task.update({ id: fromSuggestion.id, priority: "HIGH" })).priority).toBe("HIGH");
    expect(await deliveries(hook.id)).toBe(2);
    expect(await refusalOf(org.caller.task.update({ id: own.id, status: "DONE" }))).toEqual(
      planRequired("ownTasks"),
    );
    expect(await refusalOf(org.caller.task.update({ id: own.id, name: "Renamed" }))).toEqual(
      planRequired("ownTasks"),
    );
    // Deleting stays allowed: nothing is kept against the organisation's will.
    await org.caller.task.delete({ id: spare.id });
    const sameTeam = () =>
      org.caller.team.update({ key: team.key, name: "Warehouse north", answerers: recipients });
    expect(await refusalOf(sameTeam())).toEqual({ key: "max_recipients_reached", details: { cap: 10 } });
    expect(
      await refusalOf(
        org.caller.surveyShare.send({ key: shared.share.key, emails: recipients, language: "en" }),
      ),
    ).toEqual(planRequired("shareByEmail"));
    expect(await refusalOf(submitOne(db, shared))).toEqual({ key: "survey_full", details: {} });
    expect(await respondentCount(db, shared)).toBe(11);
    expect(await stored(org.tenant.id)).toEqual({ ...before, own: 1 });

    // PRO again: all of it works as before.
    await buyPro(org);
    expect(await planColumns(org.tenant.id)).toEqual({ plan: "PRO", subscriptionStatus: "PAID" });
    expect((await org.caller.apiKey.list()).map((k) => k.publicKey)).toEqual([key.publicKey]);
    expect((await useKey()).status).toBe(200);
    expect((await org.caller.webhook.update({ id: hook.id, description: "CRM" })).description).toBe("CRM");
    await suggested(1);
    expect(await deliveries(hook.id)).toBe(3);
    expect((await org.caller.task.update({ id: own.id, status: "DONE" })).status).toBe("DONE");
    expect((await sameTeam()).answerers).toHaveLength(12);
    expect(await submitOne(db, shared)).toMatchObject({ stored: true });
    expect(await respondentCount(db, shared)).toBe(12);
  });
});
