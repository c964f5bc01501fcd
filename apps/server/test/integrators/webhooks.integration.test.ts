import { randomBytes } from "node:crypto";
import { attemptDelivery, sealStoredWebhookSecrets } from "@kunto/api";
import { createSystemDb, schema } from "@kunto/db";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { postJson } from "../../../../packages/api/src/webhooks/post";
import { readWebhookSecret, sealWebhookSecret } from "../../../../packages/api/src/webhooks/secrets";
import { startJobs } from "../../src/jobs";
import { answerThroughPage } from "../support/answers";
import {
  type Actor,
  actorFor,
  asOwner,
  connect,
  makeTenant,
  makeUser,
  startServer,
  TEST_CONFIG,
} from "../support/harness";
import { errorOf, outputOf, rest } from "../support/rest";
import { activeTemplate, makeSharedSurvey } from "../support/surveys";
import { eventually, startReceiver } from "../support/webhook-receiver";

/**
 * Issue 20.4: webhooks over real HTTP against the real database, with two servers and two job
 * processes (each its own pg-boss, listener and pools) working the same queue, and receivers on
 * loopback that verify every signature with the `standardwebhooks` package.
 */
const db = connect();
const config = { ...TEST_CONFIG, allowPrivateWebhookAddresses: true };
const log = { info: () => {}, warn: () => {}, error: () => {} };
const system = createSystemDb(inject("ownerUrl"), { max: 1 });
let servers: Awaited<ReturnType<typeof startServer>>[] = [];
let jobs: Awaited<ReturnType<typeof startJobs>>[] = [];
let pro: { id: string };
let free: { id: string };
let admin: Actor;
let freeAdmin: Actor;
let other: { id: string };
let otherAdmin: Actor;
const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];

beforeAll(async () => {
  servers = [await startServer(db.db, config), await startServer(db.db, config)];
  // The default content: templates and the categories tasks are filed under.
  await activeTemplate(db.owner, "PERSONNEL");
  pro = await makeTenant(db.owner, { plan: "PRO" });
  free = await makeTenant(db.owner, { plan: "FREE" });
  admin = await actorFor(
    db.db,
    "admin",
    (await makeUser(db.owner, { tenantId: pro.id, tenantRoles: ["tenant_admin"] })).id,
  );
  freeAdmin = await actorFor(
    db.db,
    "free admin",
    (await makeUser(db.owner, { tenantId: free.id, tenantRoles: ["tenant_admin"] })).id,
  );
  other = await makeTenant(db.owner, { plan: "TOTAL" });
  otherAdmin = await actorFor(
    db.db,
    "other admin",
    (await makeUser(db.owner, { tenantId: other.id, tenantRoles: ["tenant_admin"] })).id,
  );
  const options = { allowPrivateAddresses: true, retryDelaySeconds: 1, secretsKey: TEST_CONFIG.secretsKey };
  jobs = await Promise.all([
    startJobs(inject("ownerUrl"), db.db, log, "http://kunto.test", options),
    startJobs(inject("ownerUrl"), db.db, log, "http://kunto.test", options),
  ]);
});
afterAll(async () => {
  for (const job of jobs) await job.stop();
  for (const server of servers) await server.close();
  for (const receiver of receivers) await receiver.close();
  await system.close();
  await db.close();
});

const call = (actor: Actor, method: string, path: string, body?: unknown, tenantId = pro.id, server = 0) =>
  rest(servers[server] as (typeof servers)[number], { actor, method, path: `/api${path}`, tenantId, body });

async function endpoint(events: string[], extra: Record<string, unknown> = {}) {
  const receiver = await startReceiver();
  receivers.push(receiver);
  const created = outputOf(
    "webhook.create",
    await call(admin, "POST", "/tenant/webhook", { url: receiver.url, events, ...extra }),
  );
  receiver.useSecret(created.secret);
  return { receiver, endpoint: created };
}

const deliveriesOf = async (endpointId: string) =>
  db.owner.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.endpointId, endpointId));
const settled = (endpointId: string, n: number) =>
  eventually(async () => {
    const rows = await deliveriesOf(endpointId);
    return rows.length >= n && rows.every((r) => r.status === "succeeded" || r.status === "failed") && rows;
  });
const makeTask = async (name: string, server = 0) =>
  outputOf(
    "task.create",
    await call(admin, "POST", "/tenant/task", { name, category: "leadership" }, pro.id, server),
  );

describe("webhook endpoints (issue 20.4)", () => {
  it("answers the secret once, lists endpoints without it, and audits every change", async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const created = outputOf(
      "webhook.create",
      await call(admin, "POST", "/tenant/webhook", {
        url: receiver.url,
        description: " CRM ",
        events: ["task.created", "task.created", "task.done"],
      }),
    );
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    expect(created).toMatchObject({
      description: "CRM",
      events: ["task.created", "task.done"],
      enabled: true,
    });
    const list = outputOf("webhook.list", await call(admin, "GET", "/tenant/webhook"));
    const listed = list.find((e) => e.id === created.id);
    expect(listed).toBeDefined();
    expect(JSON.stringify(list)).not.toContain(created.secret);
    const changed = outputOf(
      "webhook.update",
      await call(admin, "PUT", `/tenant/webhook/${created.id}`, { enabled: false, events: ["task.updated"] }),
    );
    expect(changed).toMatchObject({ enabled: false, events: ["task.updated"], url: receiver.url });
    expect(outputOf("webhook.delete", await call(admin, "DELETE", `/tenant/webhook/${created.id}`))).toEqual({
      ok: true,
    });
    const actions = await db.owner
      .select({ action: schema.auditLog.action, details: schema.auditLog.details })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.targetId, created.id));
    expect(actions.map((a) => a.action).sort()).toEqual([
      "webhook.created",
      "webhook.deleted",
      "webhook.updated",
    ]);
    expect(JSON.stringify(actions)).not.toContain(created.secret);
  });

  it("keeps the signing secret sealed at rest, bound to its endpoint; a secret stored before sealing is sealed at start", async () => {
    const { endpoint: created } = await endpoint(["task.created"]);
    const stored = async (id: string) => {
      const [row] = await db.owner
        .select()
        .from(schema.webhookEndpoints)
        .where(eq(schema.webhookEndpoints.id, id));
      if (!row) throw new Error("no endpoint row");
      return { ...row, endpointId: row.id };
    };
    const row = await stored(created.id);
    expect(row.secretEncrypted).toBe(true);
    expect(row.secret.toString("latin1")).not.toContain(created.secret.slice(6, 20));
    expect(readWebhookSecret(TEST_CONFIG.secretsKey, row)).toBe(created.secret);
    // Opened with another key, or copied to another endpoint's row, it does not open.
    expect(() => readWebhookSecret(new Uint8Array(32).fill(9), row)).toThrow();
    const { endpoint: second } = await endpoint(["task.created"]);
    expect(() => readWebhookSecret(TEST_CONFIG.secretsKey, { ...row, endpointId: second.id })).toThrow();
    // Nor under another organisation with the same endpoint id (the binding's other half).
    expect(() => readWebhookSecret(TEST_CONFIG.secretsKey, { ...row, tenantId: other.id })).toThrow();

    // A row from before migration 0042: the secret as UTF-8, not sealed. It signs as it is until
    // the next start seals it, and then opens to the same secret.
    const legacySecret = "whsec_bGVnYWN5LXNlY3JldC1iZWZvcmUtMDA0Mg==";
    await db.owner
      .update(schema.webhookEndpoints)
      .set({ secret: Buffer.from(legacySecret), secretEncrypted: false })
      .where(eq(schema.webhookEndpoints.id, second.id));
    expect(readWebhookSecret(TEST_CONFIG.secretsKey, await stored(second.id))).toBe(legacySecret);
    expect(await sealStoredWebhookSecrets(system.system, TEST_CONFIG.secretsKey)).toBeGreaterThanOrEqual(1);
    const sealed = await stored(second.id);
    expect(sealed.secretEncrypted).toBe(true);
    expect(sealed.secret.toString("latin1")).not.toContain("bGVnYWN5");
    expect(readWebhookSecret(TEST_CONFIG.secretsKey, sealed)).toBe(legacySecret);
    // The endpoint sealed at creation is left as it was.
    expect((await stored(created.id)).secret).toEqual(row.secret);
    // Gone again: the organisation's endpoints are counted by the tests after this one.
    for (const id of [created.id, second.id])
      expect((await call(admin, "DELETE", `/tenant/webhook/${id}`)).status).toBe(200);
  });

  it("fails a delivery whose secret this server's key cannot open, at once, with the reason", async () => {
    const { receiver, endpoint: hook } = await endpoint(["task.created"]);
    // As if sealed under another SECRETS_KEY (a key lost or changed).
    await db.owner
      .update(schema.webhookEndpoints)
      .set({ secret: sealWebhookSecret(new Uint8Array(32).fill(9), pro.id, hook.id, "whsec_other") })
      .where(eq(schema.webhookEndpoints.id, hook.id));
    await makeTask("Unopenable secret");
    const [delivery] = await settled(hook.id, 1);
    expect(delivery).toMatchObject({ status: "failed", attempts: 1, responseStatus: null });
    expect(delivery?.responseExcerpt).toContain("SECRETS_KEY");
    expect(receiver.received).toHaveLength(0);
    expect((await call(admin, "DELETE", `/tenant/webhook/${hook.id}`)).status).toBe(200);
  });

  it("refuses bad input with its key and changes nothing", async () => {
    const before = (await call(admin, "GET", "/tenant/webhook")).body as unknown[];
    const refused = async (body: unknown) => {
      const answer = await call(admin, "POST", "/tenant/webhook", body);
      return [answer.status, errorOf(answer).error_key];
    };
    expect(await refused({ url: "ftp://example.com/x", events: ["task.created"] })).toEqual([
      400,
      "webhook_url_invalid",
    ]);
    expect(await refused({ url: "https://user:pw@example.com/x", events: ["task.created"] })).toEqual([
      400,
      "webhook_url_invalid",
    ]);
    expect(await refused({ url: "https://example.com/x", events: [] })).toEqual([
      400,
      "webhook_events_required",
    ]);
    expect(await refused({ url: "https://example.com/x", events: ["task.deleted"] })).toEqual([
      400,
      "validation_failed",
    ]);
    expect((await call(admin, "GET", "/tenant/webhook")).body).toEqual(before);
  });

  it("is for paid plans: a FREE organisation's admin is refused with plan_required", async () => {
    const answer = await call(freeAdmin, "GET", "/tenant/webhook", undefined, free.id);
    expect([answer.status, errorOf(answer).error_key]).toEqual([403, "plan_required"]);
  });

  it("refuses loopback, private and link-local addresses when they are not allowed (SSRF)", async () => {
    const guarded = await startServer(db.db, TEST_CONFIG);
    try {
      for (const url of [
        "http://127.0.0.1:9/x",
        "http://localhost:9/x",
        "http://[::1]/x",
        "http://10.1.2.3/x",
        "http://192.168.1.1/x",
        "http://169.254.169.254/latest/meta-data",
        "http://[::ffff:127.0.0.1]/x",
        "http://0.0.0.0/x",
      ]) {
        const answer = await rest(guarded, {
          actor: admin,
          method: "POST",
          path: "/api/tenant/webhook",
          tenantId: pro.id,
          body: { url, events: ["task.created"] },
        });
        expect([url, answer.status, errorOf(answer).error_key]).toEqual([url, 400, "webhook_url_private"]);
      }
      // The other half: a public address is taken (its name is never looked up for a literal).
      const taken = await rest(guarded, {
        actor: admin,
        method: "POST",
        path: "/api/tenant/webhook",
        tenantId: pro.id,
        body: { url: "https://93.184.215.14/hook", events: ["task.created"] },
      });
      expect(taken.status).toBe(200);
      await call(admin, "DELETE", `/tenant/webhook/${outputOf("webhook.create", taken).id}`);
    } finally {
      await guarded.close();
    }
  });
});

describe("deliveries (issue 20.4)", () => {
  it("delivers a task's creation once, signed, though two servers and two job processes run", async () => {
    const { receiver, endpoint: hook } = await endpoint(["task.created", "task.done"]);
    const task = await makeTask(`Retro ${randomBytes(3).toString("hex")}`, 1);
    const [delivery] = await settled(hook.id, 1);
    // Both job processes are told and both hand the round over again: still one job, one delivery.
    await Promise.all(jobs.map((job) => job.webhooks.handOver()));
    expect(delivery).toMatchObject({
      status: "succeeded",
      attempts: 1,
      responseStatus: 200,
      responseExcerpt: "thanks",
    });
    const got = receiver.ofType("task.created");
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ verified: true, id: `msg_${delivery?.id.replaceAll("-", "")}` });
    expect(got[0]?.data).toMatchObject({ task: { id: task.id, name: task.name, status: null } });
    expect(got[0]?.data.task).not.toHaveProperty("translations");
    // Not chosen: nothing for an update that is not DONE.
    await call(admin, "PUT", `/tenant/task/${task.id}`, { priority: "HIGH" });
    await call(admin, "PUT", `/tenant/task/${task.id}`, { status: "DONE" });
    await settled(hook.id, 2);
    expect(receiver.received.map((r) => r.type)).toEqual(["task.created", "task.done"]);
    // A second job of a round that has its outcome (a duplicate, a late retry) sends nothing.
    const again = await attemptDelivery(
      system.system,
      { deliveryId: delivery?.id ?? "", jobId: delivery?.jobId ?? "", retryCount: 0 },
      { allowPrivate: true, secretsKey: TEST_CONFIG.secretsKey },
    );
    expect(again).toBe("skipped");
    expect(receiver.received).toHaveLength(2);
  });

  it("refuses, at delivery, an address that is not public, whether named by IP or by a name", async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const port = new URL(receiver.url).port;
    for (const url of [receiver.url, `http://localhost:${port}/hook`]) {
      const refused = await postJson(new URL(url), "{}", {}, { allowPrivate: false });
      expect([url, refused]).toEqual([url, { status: null, excerpt: "Refused: the address is not public." }]);
    }
    expect(receiver.received).toEqual([]);
    // The other half: the same receiver is reached when private addresses are allowed (tests).
    receiver.answerWith(204);
    expect(await postJson(new URL(receiver.url), "{}", {}, { allowPrivate: true })).toEqual({
      status: 204,
      excerpt: "",
    });
  });

  it("retries after a 500 with the same webhook-id until the receiver takes it", async () => {
    const { receiver, endpoint: hook } = await endpoint(["task.created"]);
    receiver.answerWith(500, 500);
    await makeTask("Retried");
    const [delivery] = await settled(hook.id, 1);
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 3, responseStatus: 200 });
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
  });

  it("sends nothing for a change that rolled back, nor to a disabled endpoint or for an event not chosen", async () => {
    const { receiver, endpoint: hook } = await endpoint(["task.created"]);
    const { endpoint: off } = await endpoint(["task.created"]);
    await call(admin, "PUT", `/tenant/webhook/${off.id}`, { enabled: false });
    const { endpoint: other } = await endpoint(["task.votes_changed"]);
    const refused = await call(admin, "POST", "/tenant/task", { name: "No category" });
    expect(errorOf(refused).error_key).toBe("tasks.category_required");
    await makeTask("Marker");
    await settled(hook.id, 1);
    expect(receiver.received.map((r) => (r.data.task as { name: string }).name)).toEqual(["Marker"]);
    expect(await deliveriesOf(off.id)).toEqual([]);
    expect(await deliveriesOf(other.id)).toEqual([]);
    // An organisation moved to FREE keeps its endpoints but they receive nothing until it is back.
    const plan = (value: string) =>
      asOwner(db.owner, (tx) => tx.execute(sql`update tenants set plan = ${value} where id = ${pro.id}`));
    await plan("FREE");
    try {
      const ownAdmin = await call(admin, "POST", "/tenant/task", { name: "On FREE", category: "leadership" });
      expect(ownAdmin.status).toBe(403); // own tasks are a paid feature too; a vote is not
      const [task] = await db.owner
        .select()
        .from(schema.tasks)
        .where(and(eq(schema.tasks.tenantId, pro.id), eq(schema.tasks.name, "Marker")));
      const { endpoint: votes } = await endpoint(["task.votes_changed"]).catch(() => ({ endpoint: null }));
      expect(votes).toBeNull(); // and no endpoint is added on FREE
      const voted = await servers[0]?.fetch("/api/shared/taskvoting", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          tenantId: pro.id,
          taskId: task?.id,
          session: randomBytes(24).toString("base64url"),
        }),
      });
      expect(voted?.status).toBe(200);
      expect(await deliveriesOf(other.id)).toEqual([]);
    } finally {
      await plan("PRO");
    }
  });

  it("tells of votes, shows the delivery log and sends a delivery again on request (not while it waits)", async () => {
    const { receiver, endpoint: hook } = await endpoint(["task.votes_changed"]);
    const task = await makeTask("Voted");
    const session = randomBytes(24).toString("base64url");
    const voted = await servers[0]?.fetch("/api/shared/taskvoting", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ tenantId: pro.id, taskId: task.id, session }),
    });
    expect(voted?.status).toBe(200);
    const [delivery] = await settled(hook.id, 1);
    expect(receiver.received[0]?.data).toEqual({ task: { id: task.id, voteCount: 1 } });
    const log = outputOf(
      "webhook.deliveries",
      await call(admin, "GET", `/tenant/webhook/${hook.id}/delivery`),
    );
    expect(log).toMatchObject({
      total: 1,
      page: 1,
      items: [
        {
          id: delivery?.id,
          type: "task.votes_changed",
          status: "succeeded",
          attempts: 1,
          responseStatus: 200,
        },
      ],
    });

    expect((await call(admin, "POST", `/tenant/webhook/delivery/${delivery?.id}/resend`)).status).toBe(200);
    // While that round waits, another resend is refused.
    await db.owner
      .update(schema.webhookDeliveries)
      .set({ status: "pending" })
      .where(eq(schema.webhookDeliveries.id, delivery?.id ?? ""));
    const busy = await call(admin, "POST", `/tenant/webhook/delivery/${delivery?.id}/resend`);
    expect([busy.status, errorOf(busy).error_key]).toEqual([409, "webhook_delivery_in_progress"]);
    await eventually(async () => receiver.received.length >= 2);
    expect(receiver.received[1]?.id).toBe(receiver.received[0]?.id);
    const [again] = await settled(hook.id, 1);
    expect(again).toMatchObject({ status: "succeeded", attempts: 2 });
  });

  it("sends a test event to the one endpoint and keeps another organisation's deliveries out of reach", async () => {
    const { receiver, endpoint: hook } = await endpoint(["task.created"]);
    const { receiver: otherReceiver } = await endpoint(["task.created"]);
    expect((await call(admin, "POST", `/tenant/webhook/${hook.id}/test`)).status).toBe(200);
    await settled(hook.id, 1);
    expect(receiver.received.map((r) => r.type)).toEqual(["webhook.test"]);
    expect(otherReceiver.received).toEqual([]);
    for (const path of [`/tenant/webhook/${hook.id}/delivery`, `/tenant/webhook/${hook.id}/test`]) {
      const foreign = await call(
        otherAdmin,
        path.endsWith("test") ? "POST" : "GET",
        path,
        undefined,
        other.id,
      );
      expect([path, foreign.status, errorOf(foreign).error_key]).toEqual([path, 404, "not_found"]);
    }
    const [delivery] = await deliveriesOf(hook.id);
    const resend = await call(
      otherAdmin,
      "POST",
      `/tenant/webhook/delivery/${delivery?.id}/resend`,
      undefined,
      other.id,
    );
    expect([resend.status, errorOf(resend).error_key]).toEqual([404, "not_found"]);
  });
});

describe("survey events from the clock (issue 20.4)", () => {
  it("records a survey's start, end and answer count once each, only for endpoints that existed then", async () => {
    const { receiver, endpoint: hook } = await endpoint(
      ["survey.started", "survey.ended", "survey.answers_reached"],
      {
        answerCount: 2,
      },
    );
    // The endpoint has been there a while.
    await asOwner(db.owner, (tx) =>
      tx.execute(
        sql`update webhook_endpoints set created_at = now() - interval '2 hours' where id = ${hook.id}`,
      ),
    );
    const now = Date.now();
    const started = await makeSharedSurvey(db.owner, pro.id, {
      startsAt: new Date(now - 10 * 60_000),
      endsAt: new Date(now + 3_600_000),
    });
    const ended = await makeSharedSurvey(db.owner, pro.id, {
      startsAt: new Date(now - 90 * 60_000),
      endsAt: new Date(now - 5 * 60_000),
    });
    // Started before the endpoint existed: no event.
    await makeSharedSurvey(db.owner, pro.id, { startsAt: new Date(now - 3 * 3_600_000) });
    await answerThroughPage(servers[0] as (typeof servers)[number], started.link, 1);
    await Promise.all(jobs.map((job) => job.boss.send("webhook-scan")));
    await eventually(async () => receiver.received.length >= 3);
    // One answer of the two: no count event yet; the second makes it.
    await answerThroughPage(servers[0] as (typeof servers)[number], started.link, 1, 1);
    await jobs[0]?.boss.send("webhook-scan");
    await eventually(async () => receiver.ofType("survey.answers_reached").length >= 1);
    await jobs[1]?.boss.send("webhook-scan");
    await settled(hook.id, 4);
    const types = receiver.received.map((r) => `${r.type}:${(r.data.survey as { key: string }).key}`).sort();
    expect(types).toEqual(
      [
        `survey.answers_reached:${started.survey.key}`,
        `survey.ended:${ended.survey.key}`,
        `survey.started:${ended.survey.key}`,
        `survey.started:${started.survey.key}`,
      ].sort(),
    );
    expect(receiver.ofType("survey.answers_reached")[0]?.data).toMatchObject({ answerCount: 2, answers: 2 });
  });
});
