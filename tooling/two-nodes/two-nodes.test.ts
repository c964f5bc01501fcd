// `pnpm test:two-nodes` (issue 24): two server processes behind HAProxy sharing one PostgreSQL.
// Requests alternate between the nodes; a session signed out on one is refused on the other within
// AUTH_CACHE_MS; a pg-boss job (a webhook delivery both nodes hear of, each cron slot, an
// organisation's financial fetch) runs once across both; a node killed while answers stream in
// loses no answer it acknowledged.
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { createDb } from "@kunto/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeDnb, startFakeDnb } from "../../packages/fake-dnb/src/index";
import { startTwoNodes, type TwoNodes } from "./cluster";

const LB_PORT = 3410;
const NODE_PORTS: [number, number] = [3411, 3412];
const RECEIVER_PORT = 3413;
const AUTH_CACHE_MS = 1000;
const origin = `http://localhost:${LB_PORT}`;

let cluster: TwoNodes;
/** The local D&B both nodes fetch statements from. */
let dnb: FakeDnb;
let owner: ReturnType<typeof createDb>;

beforeAll(async () => {
  dnb = await startFakeDnb();
  cluster = await startTwoNodes({
    lbPort: LB_PORT,
    nodePorts: NODE_PORTS,
    entry: "bench",
    skipBuild: process.env.TWO_NODES_SKIP_BUILD === "1",
    env: {
      AUTH_CACHE_MS: String(AUTH_CACHE_MS),
      DEMO_SANDBOX_LIMIT: "1000",
      RESPONSE_ADDRESS_LIMIT: "100000000",
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true",
      JOBS_EVERY_MINUTE: "true",
      DNB_CLIENT_ID: dnb.clientId,
      DNB_CLIENT_SECRET: dnb.clientSecret,
      DNB_BASE_URL: dnb.url,
    },
  });
  owner = createDb(cluster.ownerUrl, { max: 2 });
}, 300_000);

afterAll(async () => {
  if (cluster)
    console.log(`requests served through the balancer, by node: ${JSON.stringify(await cluster.served())}`);
  await owner?.close();
  await cluster?.stop();
  await dnb?.close();
}, 60_000);

interface Visitor {
  cookie: string;
  userId: string;
  tenantId: string;
  headers: Record<string, string>;
}

/** A demo visitor (their own sandbox organisation), made through the load balancer. */
async function visitor(): Promise<Visitor> {
  const response = await fetch(`${cluster.base}/api/public/demo`, { method: "POST" });
  expect(response.status).toBe(200);
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const me = (await (await fetch(`${cluster.base}/api/user`, { headers: { cookie } })).json()) as {
    id: string;
    tenants: Array<{ id: string; name: string }>;
  };
  const tenant = me.tenants.find((t) => t.name.startsWith("Aurora Components")) ?? me.tenants[0];
  if (!tenant) throw new Error("demo tenant missing");
  return {
    cookie,
    userId: me.id,
    tenantId: tenant.id,
    headers: { cookie, "x-tenant-id": tenant.id, origin, "content-type": "application/json" },
  };
}

const nodeOf = (response: Response) => response.headers.get("x-kunto-node");

interface Refusal {
  /** When the last request a node accepted was sent, in ms after the change (none: refused at once). */
  lastAccepted?: number;
  /** When the first request it refused was sent. */
  firstRefused: number;
}

/**
 * Calls `path` on each node directly until both refuse it. A node may accept a request sent within
 * AUTH_CACHE_MS of the change (a check it remembered before the change); none sent later.
 */
async function refusals(path: string, headers: Record<string, string>, since: number) {
  const result: Record<string, Refusal> = {};
  const accepted: Record<string, number> = {};
  while (cluster.nodes.some((node) => !result[node.name])) {
    for (const node of cluster.nodes) {
      if (result[node.name]) continue;
      const sent = Date.now() - since;
      const status = (await fetch(`${node.base}${path}`, { headers })).status;
      if (status === 200) accepted[node.name] = sent;
      else {
        expect([401, 403]).toContain(status);
        result[node.name] = { lastAccepted: accepted[node.name], firstRefused: sent };
      }
    }
    expect(Date.now() - since).toBeLessThan(10 * AUTH_CACHE_MS);
    await sleep(25);
  }
  for (const node of cluster.nodes) {
    expect(result[node.name]?.lastAccepted ?? 0).toBeLessThanOrEqual(AUTH_CACHE_MS);
    // Refused for good: nothing brings the old check back.
    expect((await fetch(`${node.base}${path}`, { headers })).status).not.toBe(200);
  }
  return result;
}

describe("two nodes behind HAProxy", () => {
  it("alternates requests between the nodes, a session made on one serving on the other", async () => {
    const health: string[] = [];
    for (let i = 0; i < 6; i++) health.push(nodeOf(await fetch(`${cluster.base}/readyz`)) ?? "");
    const { cookie } = await visitor();
    const signedIn: string[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${cluster.base}/api/user`, { headers: { cookie } });
      expect(response.status).toBe(200);
      signedIn.push(nodeOf(response) ?? "");
    }
    console.log(`readyz answered by ${health.join(" ")}; /api/user by ${signedIn.join(" ")}`);
    // Each node keeps an idle connection longer than the balancer (which then always closes it
    // first): a node closing one as HAProxy sent a request on it dropped a client's connection.
    for (const node of cluster.nodes)
      expect((await fetch(`${node.base}/healthz`)).headers.get("keep-alive")).toBe("timeout=65");
    for (const names of [health, signedIn]) {
      expect(new Set(names)).toEqual(new Set(["a", "b"]));
      for (let i = 1; i < names.length; i++) expect(names[i]).not.toBe(names[i - 1]);
    }
  });

  it("refuses a session signed out on one node on the other within AUTH_CACHE_MS", async () => {
    const { cookie } = await visitor();
    // Both nodes remember the session's check.
    for (const node of cluster.nodes)
      expect((await fetch(`${node.base}/api/user`, { headers: { cookie } })).status).toBe(200);
    const out = await fetch(`${cluster.base}/api/public/logout`, {
      method: "POST",
      headers: { cookie, origin, "content-type": "application/json" },
      body: "{}",
    });
    expect(out.status).toBe(200);
    const signedOutAt = Date.now();
    const by = nodeOf(out);
    const refusedAfter = await refusals("/api/user", { cookie }, signedOutAt);
    console.log(
      `signed out on ${by}; per node, the last request accepted and the first refused were sent after (ms): ${JSON.stringify(refusedAfter)}, AUTH_CACHE_MS ${AUTH_CACHE_MS}`,
    );
    // The node that signed out forgets at once; the other within AUTH_CACHE_MS (checked in `refusals`).
    expect(refusedAfter[by ?? ""]?.lastAccepted).toBeUndefined();
  });

  it("refuses a role and a membership removed behind both nodes within AUTH_CACHE_MS", async () => {
    const { headers, userId, tenantId } = await visitor();
    // Both nodes remember the admin's checks; the database changes behind them (as a change made
    // on a third node would), so neither forgets: only AUTH_CACHE_MS bounds what they remember.
    for (const node of cluster.nodes)
      for (const path of ["/api/tenant/invitation", "/api/tenant/task"])
        expect((await fetch(`${node.base}${path}`, { headers })).status).toBe(200);
    await owner.client`update memberships set roles = '{tenant_readonly}'
      where tenant_id = ${tenantId} and user_id = ${userId}`;
    const roleAfter = await refusals("/api/tenant/invitation", headers, Date.now());
    for (const node of cluster.nodes)
      expect((await fetch(`${node.base}/api/tenant/task`, { headers })).status).toBe(200);
    await owner.client`delete from memberships where tenant_id = ${tenantId} and user_id = ${userId}`;
    const membershipAfter = await refusals("/api/tenant/task", headers, Date.now());
    console.log(
      `per node, the last request accepted and the first refused were sent after (ms): role removed ${JSON.stringify(roleAfter)}; membership removed: ${JSON.stringify(membershipAfter)}`,
    );
  });

  it("delivers each webhook once, though both nodes hear of every delivery", async () => {
    const received: string[] = [];
    const receiver: Server = createServer((request, response) => {
      received.push(String(request.headers["webhook-id"]));
      request.resume();
      request.on("end", () => response.writeHead(204).end());
    });
    await new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, "127.0.0.1", resolve));
    try {
      const { headers } = await visitor();
      // The bench fixture raises the organisation to TOTAL (webhooks are a paid feature).
      const survey = await fetch(`${cluster.base}/__bench/survey`, {
        method: "POST",
        headers,
        body: JSON.stringify({ shares: 1 }),
      });
      expect(survey.status).toBe(200);
      const endpoint = await fetch(`${cluster.base}/api/tenant/webhook`, {
        method: "POST",
        headers,
        body: JSON.stringify({ url: `http://127.0.0.1:${RECEIVER_PORT}/hook`, events: ["task.created"] }),
      });
      expect(endpoint.status, await endpoint.clone().text()).toBe(200);
      const { id: endpointId } = (await endpoint.json()) as { id: string };
      const tasks = 20;
      const creators = new Set<string>();
      for (let i = 0; i < tasks; i++) {
        const task = await fetch(`${cluster.base}/api/tenant/task`, {
          method: "POST",
          headers,
          body: JSON.stringify({ type: "personnel_help", name: `Two-node task ${i}` }),
        });
        expect(task.status, await task.clone().text()).toBe(200);
        creators.add(nodeOf(task) ?? "");
      }
      expect(creators).toEqual(new Set(["a", "b"]));
      // Settled: every delivery succeeded and no delivery job waits or runs on either node.
      for (;;) {
        const [row] = await owner.client<{ done: number; open: number }[]>`
          select (select count(*)::int from webhook_deliveries
                  where endpoint_id = ${endpointId} and status = 'succeeded') as done,
                 (select count(*)::int from pgboss.job
                  where name = 'webhook-delivery' and state in ('created', 'retry', 'active')) as open`;
        if (row && row.done === tasks && row.open === 0) break;
        await sleep(200);
      }
      const attempts = await owner.client<{ attempts: number }[]>`
        select attempts from webhook_deliveries where endpoint_id = ${endpointId}`;
      console.log(
        `${tasks} tasks created on ${[...creators].join("+")}: ${received.length} deliveries received, ${new Set(received).size} distinct`,
      );
      expect(attempts.map((a) => a.attempts)).toEqual(Array(tasks).fill(1));
      expect(received).toHaveLength(tasks);
      expect(new Set(received).size).toBe(tasks);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  }, 120_000);

  it("fetches an organisation's statements once, asked on both nodes", async () => {
    const { tenantId, headers } = await visitor();
    const duns = "539870024";
    await owner.client`update tenants set plan = 'TOTAL', duns_number = ${duns} where id = ${tenantId}`;
    // The nodes may remember the organisation's old plan for AUTH_CACHE_MS.
    await sleep(2 * AUTH_CACHE_MS);
    const held = dnb.holdStatements();
    const askedOn = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const asked = await fetch(`${cluster.base}/api/tenant/financial/fetch`, { headers });
      expect(asked.status, await asked.clone().text()).toBe(200);
      expect(["queued", "running"]).toContain(((await asked.json()) as { status: string }).status);
      askedOn.add(nodeOf(asked) ?? "");
    }
    expect(askedOn).toEqual(new Set(["a", "b"]));
    held.release();
    for (;;) {
      const overview = (await (await fetch(`${cluster.base}/api/tenant/financial`, { headers })).json()) as {
        fetch: { status: string };
        statements: unknown[];
      };
      if (overview.fetch.status === "done") {
        expect(overview.statements).toHaveLength(5);
        break;
      }
      expect(overview.fetch.status).not.toBe("failed");
      await sleep(200);
    }
    // Four requests on two nodes, each node's job worker told: one fetch from the provider.
    expect(dnb.calls.filter((call) => call.path === `/v1/data/duns/${duns}`)).toHaveLength(1);
  }, 120_000);

  it("fires each cron slot once across both nodes, and the sandbox clean-up removes an expired sandbox once", async () => {
    // JOBS_EVERY_MINUTE: both nodes schedule every cron each minute; pg-boss files one job per
    // minute slot and hands it to one worker. A demo sandbox expires now, for the clean-up to find.
    const expired = await visitor();
    const [changed] = await owner.client<{ at: Date }[]>`
      update demo_sandboxes set expires_at = now() - interval '1 second'
      where id = (select sandbox_id from users where id = ${expired.userId}) returning now() as at`;
    if (!changed) throw new Error("the visitor has no sandbox");
    const crons = [
      "demo-sandbox-cleanup",
      "financial-fetch-scan",
      "notifications-refresh",
      "survey-invitations",
      "survey-mails",
      "webhook-scan",
    ];
    // Waits for a slot after the change to have run on every queue.
    for (;;) {
      const [done] = await owner.client<{ n: number }[]>`
        select count(distinct name)::int as n from pgboss.job
        where name = any(${crons}) and state = 'completed' and created_on > ${changed.at}`;
      if ((done?.n ?? 0) === crons.length) break;
      await sleep(500);
    }
    const queues = await owner.client<{ name: string; minutes: number; jobs: number; runs: number }[]>`
      select name, count(distinct date_trunc('minute', created_on))::int as minutes, count(*)::int as jobs,
             coalesce(sum(retry_count + 1) filter (where started_on is not null), 0)::int as runs
      from pgboss.job where name = any(${crons}) group by name order by name`;
    console.log(`cron queues: ${JSON.stringify(queues)}`);
    const retried = await owner.client<{ name: string; output: unknown }[]>`
      select name, output from pgboss.job where name = any(${crons}) and retry_count > 0`;
    if (retried.length > 0) console.log(`retried cron jobs: ${JSON.stringify(retried)}`);
    expect(queues.map((q) => q.name)).toEqual(crons);
    for (const queue of queues) {
      expect(queue.jobs).toBe(queue.minutes);
      expect(queue.runs).toBeLessThanOrEqual(queue.jobs);
    }
    // The clean-up's runs removed the one expired sandbox, once, and it is gone.
    const [cleanup] = await owner.client<{ removed: number; left: number }[]>`
      select coalesce(sum((output->>'removed')::int), 0)::int as removed,
        (select count(*)::int from users where id = ${expired.userId}) as left
      from pgboss.job where name = 'demo-sandbox-cleanup' and state = 'completed'`;
    console.log(`sandbox clean-up: ${JSON.stringify(cleanup)}`);
    expect(cleanup).toEqual({ removed: 1, left: 0 });
  }, 180_000);

  it("loses no acknowledged answer when a node is killed mid-load", async () => {
    const { headers } = await visitor();
    const made = await fetch(`${cluster.base}/__bench/survey`, {
      method: "POST",
      headers,
      body: JSON.stringify({ shares: 1 }),
    });
    const { links } = (await made.json()) as { links: string[] };
    const link = links[0] ?? "";
    const page = (await (await fetch(`${cluster.base}/api/public/survey/${link}?lang=fi`)).json()) as {
      questions: Array<{
        key: string;
        type: string;
        slider: { min: number } | null;
        choices: { value: number }[] | null;
      }>;
    };
    const answers: Record<string, number> = {};
    for (const q of page.questions) {
      if (q.slider) answers[q.key] = q.slider.min;
      else if (q.choices?.[0]) answers[q.key] = q.choices[0].value;
    }
    const acknowledged: string[] = [];
    const byNode: Record<string, number> = {};
    let refused = 0;
    const killAt = Date.now() + 2000;
    const until = Date.now() + 6000;
    const submitter = async () => {
      while (Date.now() < until) {
        const submissionId = randomUUID();
        try {
          const response = await fetch(`${cluster.base}/api/public/survey/${link}/response`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              submissionId,
              browserToken: randomBytes(24).toString("base64url"),
              language: "fi",
              answers,
            }),
          });
          await response.arrayBuffer();
          if (response.ok) {
            acknowledged.push(submissionId);
            const node = nodeOf(response) ?? "?";
            byNode[node] = (byNode[node] ?? 0) + 1;
          } else refused += 1;
        } catch {
          refused += 1;
        }
      }
    };
    const victim = cluster.nodes[1];
    const killer = (async () => {
      await sleep(killAt - Date.now());
      await victim.kill();
    })();
    await Promise.all([killer, ...Array.from({ length: 8 }, submitter)]);
    const stored = await owner.client<{ n: number }[]>`
      select count(*)::int as n from survey_responses where submission_id = any(${acknowledged}::uuid[])`;
    console.log(
      `node ${victim.name} killed after 2 s of 6: ${acknowledged.length} answers acknowledged (${JSON.stringify(byNode)}), ${refused} refused or cut, ${stored[0]?.n} of the acknowledged stored`,
    );
    expect(byNode[victim.name]).toBeGreaterThan(0);
    expect(byNode[cluster.nodes[0].name]).toBeGreaterThan(0);
    expect(stored[0]?.n).toBe(acknowledged.length);
    // The balancer keeps serving from the node left.
    const after = await fetch(`${cluster.base}/readyz`);
    expect(after.status).toBe(200);
    expect(nodeOf(after)).toBe(cluster.nodes[0].name);
  }, 60_000);
});
