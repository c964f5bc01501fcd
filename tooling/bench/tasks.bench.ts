// Tasks at volume (issue 9), on loopback against the real server (embedded PostgreSQL in a
// temporary folder):
// - the task board's server time: GET /api/tenant/task (the board's list, with categories, teams,
//   people, vote counts and follow-ups) for an account with 2,000 tasks and 50,000 votes, p50 / p95
//   of sequential calls after a warm-up;
// - the public voting page's JavaScript as Chromium receives it (compressed, gzip or brotli as the
//   server offers; headers excluded) for its first render, and the same figure forced to gzip.
//   Needs `pnpm build`.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { startServer } from "./server";
import { percentile, signInDemo } from "./support";

const port = 3293;
const base = `http://127.0.0.1:${port}`;
const runs = Number(process.env.BENCH_RUNS ?? 200);

async function board(headers: Record<string, string>) {
  const times: number[] = [];
  let count = 0;
  let votes = 0;
  for (let i = 0; i < runs + 20; i++) {
    const start = performance.now();
    const response = await fetch(`${base}/api/tenant/task`, { headers });
    const body = (await response.json()) as Array<{ voteCount: number }>;
    if (!response.ok) throw new Error(`board: ${response.status}`);
    if (i >= 20) times.push(performance.now() - start);
    count = body.length;
    votes = body.reduce((sum, t) => sum + t.voteCount, 0);
  }
  return { count, votes, p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function votingPageJs(tenantId: string, encoding: string | null) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  const context = await browser.newContext(
    encoding ? { extraHTTPHeaders: { "accept-encoding": encoding } } : {},
  );
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script")
      sizes.push(
        response
          .request()
          .sizes()
          .then((s) => s.responseBodySize),
      );
  });
  await page.goto(`${base}/public/#/tasks/vote/${tenantId}?lang=en`, { waitUntil: "networkidle" });
  await page.getByRole("heading", { level: 1, name: "Vote on improvements" }).waitFor();
  const js = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  await browser.close();
  return { js, files: sizes.length };
}

async function main() {
  if (!existsSync(join(import.meta.dirname, "../../apps/web/dist/respondent.html")))
    throw new Error("run `pnpm build` first: the voting page's figure needs the built client");
  const server = await startServer(port, { DEMO_SANDBOX_LIMIT: "1000" });
  try {
    const { cookie, tenantId } = await signInDemo(base);
    const headers = { cookie, "x-tenant-id": tenantId };
    const seeded = await fetch(`${base}/__bench/tasks`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", origin: `http://localhost:${port}` },
      body: JSON.stringify({ tasks: 2000, votes: 50000 }),
    });
    if (!seeded.ok) throw new Error(`bench tasks: ${seeded.status} ${await seeded.text()}`);
    const b = await board(headers);
    console.log(
      `task board GET /api/tenant/task: ${b.count} tasks, ${b.votes} votes   p50 ${b.p50.toFixed(1)} ms   p95 ${b.p95.toFixed(1)} ms (${runs} sequential calls)`,
    );
    const offered = await votingPageJs(tenantId, null);
    const gzip = await votingPageJs(tenantId, "gzip");
    console.log(
      `voting page JavaScript, first render: ${(offered.js / 1024).toFixed(1)} KiB as served (brotli), ${(gzip.js / 1024).toFixed(1)} KiB gzip, ${gzip.files} files`,
    );
  } finally {
    await server.stop();
  }
}

await main();
