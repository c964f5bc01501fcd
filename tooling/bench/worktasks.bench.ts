// Work tasks at volume (issue 22), on loopback against the real server (embedded PostgreSQL in a
// temporary folder): 100,000 work tasks in one organisation, then the work-task page's call,
// POST /api/tenant/worktask/paged, as the screen sends it (default statuses, 50 a page, newest
// first) and in its other common shapes (a later page, sorted by title, one employee, a search),
// p50 / p95 of sequential calls after a warm-up. Fails when a 50-row page's p95 is 50 ms or more,
// the search's included (word beginnings through work_task_search_terms, docs/decisions.md "Search
// at volume"). 500 rows a page is printed beside them but not held to the limit.
import { startServer } from "./server";
import { percentile, signInDemo } from "./support";

const port = Number(process.env.BENCH_PORT ?? 3297);
const base = `http://127.0.0.1:${port}`;
const runs = Number(process.env.BENCH_RUNS ?? 200);
const LIMIT_MS = 50;
const TASKS = 100_000;

async function measure(headers: Record<string, string>, query: string, body: object) {
  const times: number[] = [];
  let total = 0;
  let rows = 0;
  for (let i = 0; i < runs + 20; i++) {
    const start = performance.now();
    const response = await fetch(`${base}/api/tenant/worktask/paged?${query}`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", origin: `http://localhost:${port}` },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { content: unknown[]; totalElements: number };
    if (!response.ok) throw new Error(`worktask paged: ${response.status} ${JSON.stringify(answer)}`);
    if (i >= 20) times.push(performance.now() - start);
    total = answer.totalElements;
    rows = answer.content.length;
  }
  return { total, rows, p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function main() {
  const server = await startServer(port, { DEMO_SANDBOX_LIMIT: "1000" });
  let failed = false;
  try {
    const { cookie, tenantId } = await signInDemo(base);
    const headers = { cookie, "x-tenant-id": tenantId };
    const seeded = await fetch(`${base}/__bench/worktasks`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", origin: `http://localhost:${port}` },
      body: JSON.stringify({ count: TASKS }),
    });
    if (!seeded.ok) throw new Error(`bench worktasks: ${seeded.status} ${await seeded.text()}`);
    const members = (await (await fetch(`${base}/api/tenant/worktask/assignees`, { headers })).json()) as {
      id: string;
    }[];
    const open = { statuses: ["RECEIVED", "WAITING", "INPROGRESS"], searchString: "", assignedUserIds: [] };
    const shapes: [string, string, object, boolean?][] = [
      ["first page, default filter", "pageNo=0&pageSize=50&sortBy=createdAt:DESC", open],
      ["page 100", "pageNo=100&pageSize=50&sortBy=createdAt:DESC", open],
      ["sorted by title", "pageNo=0&pageSize=50&sortBy=title:ASC", open],
      [
        "one employee",
        "pageNo=0&pageSize=50",
        { ...open, assignedUserIds: members.slice(0, 1).map((m) => m.id) },
      ],
      ["search", "pageNo=0&pageSize=50", { ...open, searchString: "number 4242" }],
      ["a word every task has", "pageNo=0&pageSize=50", { ...open, searchString: "bench" }],
      ["500 a page (not held to the limit)", "pageNo=0&pageSize=500", open, false],
    ];
    for (const [name, query, body, limited = true] of shapes) {
      const m = await measure(headers, query, body);
      const over = limited && m.p95 >= LIMIT_MS;
      failed ||= over;
      console.log(
        `work tasks (${TASKS} in one organisation), ${name}: ${m.rows} of ${m.total}   p50 ${m.p50.toFixed(1)} ms   p95 ${m.p95.toFixed(1)} ms${over ? `   OVER ${LIMIT_MS} ms` : ""}`,
      );
    }
  } finally {
    await server.stop();
  }
  if (failed) process.exit(1);
}

await main();
