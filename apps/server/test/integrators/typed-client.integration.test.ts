import { freePort } from "@kunto/db";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { integratorExample } from "../../../../packages/client/examples/integrator";
import { type KuntoEvent, startWebhookReceiver } from "../../../../packages/client/examples/webhook-receiver";
import { createKuntoClient } from "../../../../packages/client/src/index";
import { startJobs } from "../../src/jobs";
import { actorFor, connect, makeTenant, makeUser, startServer, TEST_CONFIG } from "../support/harness";
import { answeredSurvey } from "../support/reports";
import { outputOf, rest } from "../support/rest";
import { activeTemplate } from "../support/surveys";
import { eventually } from "../support/webhook-receiver";
import { makeKey } from "./api-key-support";

/**
 * Issue 20.6: the README's "For integrators" example, run as written: the generated client
 * (packages/client, from /api/openapi.json) with a key made through the keys procedure lists the
 * organisation's surveys and reads the report of the one with answers, over real HTTP.
 */
const db = connect();
const silent = { info: () => {}, warn: () => {}, error: () => {} };
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  // Webhook receivers here listen on loopback, which only tests allow (SSRF guard, issue 20.4).
  server = await startServer(db.db, { ...TEST_CONFIG, allowPrivateWebhookAddresses: true });
});
afterAll(async () => {
  await server.close();
  await db.close();
});

describe("issue 20.6: the generated client and the README's example", () => {
  it("lists surveys and reads a report with an API key, the types matching the answers", async () => {
    const tenant = await makeTenant(db.owner, { plan: "PRO" });
    const admin = await actorFor(
      db.db,
      "admin",
      (await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] })).id,
    );
    const survey = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [6], name: "Kevät" });
    const key = await makeKey(server, admin, tenant.id, { scope: "read" });

    const result = await integratorExample(server.base, key.token);
    expect(result.surveys).toEqual([
      expect.objectContaining({ key: survey.key, name: "Kevät", type: "PERSONNEL", totalAnswers: 6 }),
    ]);
    expect(result.fitnessIndex).toEqual(expect.any(Number));

    // A wrong key gets the documented error body, which the example reports by its key.
    await expect(integratorExample(server.base, `${key.publicKey}.wrong`)).rejects.toThrow(
      "listing surveys failed: api_key_invalid",
    );
  });

  it("receives a webhook with the README's receiver: a task made with a write key arrives verified", async () => {
    const tenant = await makeTenant(db.owner, { plan: "TOTAL" });
    const admin = await actorFor(
      db.db,
      "admin",
      (await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] })).id,
    );
    // The default content: the categories a task is filed under.
    await activeTemplate(db.owner, "PERSONNEL");
    const jobs = await startJobs(inject("ownerUrl"), db.db, silent, "http://kunto.test", {
      allowPrivateAddresses: true,
      secretsKey: TEST_CONFIG.secretsKey,
    });
    const events: KuntoEvent[] = [];
    let receiver: Awaited<ReturnType<typeof startWebhookReceiver>> | null = null;
    try {
      // The endpoint is added by a person (its secret is shown to them once); here over REST.
      const port = await freePort();
      const created = outputOf(
        "webhook.create",
        await rest(server, {
          actor: admin,
          method: "POST",
          path: "/api/tenant/webhook",
          tenantId: tenant.id,
          body: { url: `http://127.0.0.1:${port}/kunto`, events: ["task.created"] },
        }),
      );
      receiver = await startWebhookReceiver(created.secret, (event) => events.push(event), { port });
      const key = await makeKey(server, admin, tenant.id, { scope: "write" });
      const kunto = createKuntoClient({ origin: server.base, apiKey: key.token });
      const task = await kunto.POST("/tenant/task", {
        body: { name: "Onboarding buddy", category: "leadership" },
      });
      if (task.error) throw new Error(task.error.error_key);
      const [event] = await eventually(async () => events.length > 0 && events);
      expect(event).toMatchObject({
        type: "task.created",
        data: { task: { id: task.data.id, name: "Onboarding buddy" } },
      });
    } finally {
      await receiver?.close();
      await jobs.stop();
    }
  });
});
