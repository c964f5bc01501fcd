import { runFinancialFetch } from "@kunto/api";
import { schema } from "@kunto/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type FakeDnb, startFakeDnb } from "../../../../packages/fake-dnb/src/index";
import { FINANCIAL_FETCH_QUEUE } from "../../src/financial-jobs";
import { startJobs } from "../../src/jobs";
import {
  type Actor,
  actorFor,
  connect,
  makeTenant,
  makeUser,
  startServer,
  TEST_CONFIG,
} from "../support/harness";
import { outputOf, rest } from "../support/rest";
import { eventually } from "../support/webhook-receiver";

/**
 * Issue 23: the statement fetch as a pg-boss job. Two job processes (each its own pg-boss, listener
 * and pools) on the same database: a fetch runs once, its progress is stored for the screen, the
 * request never waits for it, and a fetch queued while no process ran is picked up by the next one.
 */
const db = connect();
const log = { info: () => {}, warn: () => {}, error: () => {} };
let fake: FakeDnb;
let server: Awaited<ReturnType<typeof startServer>>;
let dnb: { clientId: string; clientSecret: string; baseUrl: string };
let jobs: Awaited<ReturnType<typeof startJobs>>[] = [];

const startProcess = () =>
  startJobs(inject("ownerUrl"), db.db, log, "http://kunto.test", { secretsKey: TEST_CONFIG.secretsKey }, dnb);

async function organisation(duns: string) {
  const tenant = await makeTenant(db.owner, { plan: "PRO", dunsNumber: duns });
  const admin = await actorFor(
    db.db,
    "admin",
    (await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] })).id,
  );
  return { tenant, admin };
}
const get = (admin: Actor, tenantId: string, path: string) =>
  rest(server, { method: "GET", path: `/api${path}`, actor: admin, tenantId });
const overview = async (admin: Actor, tenantId: string) =>
  outputOf("financial.get", await get(admin, tenantId, "/tenant/financial"));
const statementCalls = (duns: string) => fake.calls.filter((c) => c.path === `/v1/data/duns/${duns}`).length;

beforeAll(async () => {
  // Fetches other files left waiting (the shared test database) would be run by this file's job
  // processes against this file's fake and counted as this file's calls: settle them first.
  await db.owner.execute(
    sql`update financial_fetches set status = 'done' where status in ('queued', 'running')`,
  );
  fake = await startFakeDnb();
  dnb = { clientId: fake.clientId, clientSecret: fake.clientSecret, baseUrl: fake.url };
  server = await startServer(db.db, { ...TEST_CONFIG, dnb });
});

afterAll(async () => {
  await Promise.all(jobs.map((j) => j.stop()));
  await server.close();
  await fake.close();
  await db.close();
});

describe("the fetch job", () => {
  it("runs once with two job processes, shows its progress, and the request does not wait", async () => {
    jobs = [await startProcess(), await startProcess()];
    const { tenant, admin } = await organisation("539876543");
    const held = fake.holdStatements();
    const queued = outputOf("financial.fetch", await get(admin, tenant.id, "/tenant/financial/fetch"));
    // The answer came while the provider is held: it did not wait for the fetch.
    expect(queued.status).toBe("queued");
    const running = await eventually(async () => {
      const state = (await overview(admin, tenant.id)).fetch;
      return state.status === "running" && state.progress === 30 ? state : null;
    });
    expect(running.finishedAt).toBeNull();
    // Asked again while it runs: the same fetch, not a second one.
    const again = outputOf("financial.fetch", await get(admin, tenant.id, "/tenant/financial/fetch"));
    expect(again.status).toBe("running");
    // Both processes are told (NOTIFY) and both hand the fetch over; pg-boss keeps one.
    await Promise.all(jobs.map((j) => j.financials.handOver()));
    held.release();
    const done = await eventually(async () => {
      const answer = await overview(admin, tenant.id);
      return answer.fetch.status === "done" ? answer : null;
    });
    expect(done.fetch).toMatchObject({ progress: 100, errorKey: null });
    expect(done.statements.map((s) => s.financialStatementToDate)).toEqual([
      "2021-12-31",
      "2022-12-31",
      "2023-12-31",
      "2024-12-31",
      "2025-12-31",
    ]);
    expect(done.statements[4]).toMatchObject({
      currency: "EUR",
      salesRevenue: 4_200_000,
      ebitdaPercent: 0.09,
    });
    // Once more from both processes after it is done: the claim finds nothing to do.
    await Promise.all(jobs.map((j) => j.boss.send(FINANCIAL_FETCH_QUEUE, { tenantId: tenant.id })));
    await eventually(async () => {
      const open = await jobs[0]?.boss.findJobs(FINANCIAL_FETCH_QUEUE, { data: { tenantId: tenant.id } });
      return open?.every((j) => j.state === "completed") ? true : null;
    });
    expect(statementCalls("539876543")).toBe(1);
  });

  it("a provider failure leaves failed with the error key; a new request queues again", async () => {
    const { tenant, admin } = await organisation("539876544");
    fake.failNext({ status: 500 });
    await get(admin, tenant.id, "/tenant/financial/fetch");
    const failed = await eventually(async () => {
      const state = (await overview(admin, tenant.id)).fetch;
      return state.status === "failed" ? state : null;
    });
    expect(failed.errorKey).toBe("financial_fetch_failed");
    expect(failed.finishedAt).not.toBeNull();
    const again = outputOf("financial.fetch", await get(admin, tenant.id, "/tenant/financial/fetch"));
    expect(again).toMatchObject({ status: "queued", errorKey: null });
    await eventually(async () => ((await overview(admin, tenant.id)).fetch.status === "done" ? true : null));
    expect((await overview(admin, tenant.id)).statements).toHaveLength(5);
  });

  it("survives a restart: a fetch queued while no process runs is picked up by the next one", async () => {
    await Promise.all(jobs.map((j) => j.stop()));
    jobs = [];
    const { tenant, admin } = await organisation("804735132");
    expect(outputOf("financial.fetch", await get(admin, tenant.id, "/tenant/financial/fetch")).status).toBe(
      "queued",
    );
    jobs = [await startProcess()];
    const done = await eventually(async () => {
      const answer = await overview(admin, tenant.id);
      return answer.fetch.status === "done" ? answer : null;
    });
    expect(done.statements.every((s) => s.currency === "USD")).toBe(true);
    expect(statementCalls("804735132")).toBe(1);
  });

  it("two jobs for the same organisation at the same moment: one fetch, the other skips", async () => {
    // Only the two runs below: no job process may take the fetch first.
    await Promise.all(jobs.map((j) => j.stop()));
    jobs = [];
    const { tenant } = await organisation("539876543");
    await db.ownerSql`insert into financial_fetches (tenant_id, status) values (${tenant.id}, 'queued')`;
    const before = statementCalls("539876543");
    const { dnbProvider } = await import("@kunto/api");
    const provider = dnbProvider(dnb);
    const results = await Promise.all([
      runFinancialFetch(db.system, provider, tenant.id),
      runFinancialFetch(db.system, provider, tenant.id),
    ]);
    expect(results.sort()).toEqual(["done", "skipped"]);
    expect(statementCalls("539876543") - before).toBe(1);
    const rows = await db.owner
      .select()
      .from(schema.financialStatements)
      .where(eq(schema.financialStatements.tenantId, tenant.id));
    expect(rows).toHaveLength(5);
  });
});
