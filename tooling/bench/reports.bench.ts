// Reports (issue 8), on loopback against the real server (embedded PostgreSQL in a temporary
// folder):
// - the reports overview's server time (GET /api/tenant/survey/reports/{key}: the whole report with
//   heatmap, trends and texts) for a survey of 10 shares with 1,000 and with 100,000 real response
//   rows (folded into the stripes as submissions fold them; see apps/server/src/bench-report-routes.ts),
//   p50 / p95 of 100 calls; also by the 10 share keys;
// - the admin app's JavaScript on first load after sign-in: every script Chromium fetches from the
//   sign-in page through "Try the demo" to the dashboard, with the gzip size of each file from
//   apps/web/dist (needs `pnpm build`).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { startServer } from "./server";
import { percentile, signInDemo } from "./support";

const port = 3293;
const base = `http://127.0.0.1:${port}`;
const dist = join(import.meta.dirname, "../../apps/web/dist");

async function timed(url: string, headers: Record<string, string>, runs: number) {
  const times: number[] = [];
  let answers = 0;
  for (let i = 0; i < runs + 10; i++) {
    const start = performance.now();
    const response = await fetch(url, { headers });
    const body = (await response.json()) as { metadata?: { answers: { personnel: number } } };
    if (!response.ok) throw new Error(`report: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    if (i >= 10) times.push(performance.now() - start);
    answers = body.metadata?.answers.personnel ?? 0;
  }
  return { answers, p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function reportTimes() {
  const { cookie, tenantId } = await signInDemo(base);
  const headers = { cookie, "x-tenant-id": tenantId };
  console.log("Reports overview from stored aggregates (one client, 100 calls after 10 warm-up calls)");
  for (const respondents of [1_000, 100_000]) {
    const started = performance.now();
    const made = await fetch(`${base}/__bench/report-survey`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", origin: `http://localhost:${port}` },
      body: JSON.stringify({ shares: 10, respondents }),
    });
    if (!made.ok) throw new Error(`bench survey: ${made.status} ${await made.text()}`);
    const { surveyKey, shareKeys } = (await made.json()) as { surveyKey: string; shareKeys: string[] };
    const setup = ((performance.now() - started) / 1000).toFixed(0);
    const bySurvey = await timed(`${base}/api/tenant/survey/reports/${surveyKey}`, headers, 100);
    const byShares = await timed(
      `${base}/api/tenant/survey/reports/bysurveysharekeys/${shareKeys.join(",")}`,
      headers,
      100,
    );
    const label = `${respondents.toLocaleString("en")} responses, 10 shares`.padEnd(30);
    console.log(
      `${label} by survey key  p50 ${bySurvey.p50.toFixed(1).padStart(5)} ms  p95 ${bySurvey.p95.toFixed(1).padStart(5)} ms   (answers ${bySurvey.answers}; rows made in ${setup} s)`,
    );
    console.log(
      `${"".padEnd(30)} by share keys  p50 ${byShares.p50.toFixed(1).padStart(5)} ms  p95 ${byShares.p95.toFixed(1).padStart(5)} ms`,
    );
  }
}

async function firstLoadJs() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on("response", (response) => {
      const path = new URL(response.url()).pathname;
      if (/\.m?js$/.test(path)) scripts.add(path);
    });
    // The app's own origin (APP_URL): the CSRF guard refuses writes from any other.
    const origin = `http://localhost:${port}`;
    await page.goto(`${origin}/login`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Try the demo" }).click();
    await page.getByText("You are a member of several organisations.").waitFor();
    const me = (await (await page.request.get(`${origin}/api/user`)).json()) as {
      tenants: Array<{ id: string; name: string }>;
    };
    const tenant = me.tenants.find((t) => t.name.startsWith("Aurora Components"));
    await page.goto(`${origin}/t/${tenant?.id}/dashboard`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.waitForLoadState("networkidle");
    let gzip = 0;
    let raw = 0;
    const files = [...scripts].sort();
    for (const path of files) {
      const file = join(dist, path);
      if (!existsSync(file)) continue;
      const bytes = readFileSync(file);
      raw += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
    }
    console.log(
      `Admin app JavaScript, sign-in → demo → dashboard (${new URL(page.url()).pathname}): ${files.length} files, ${(gzip / 1024).toFixed(1)} kB gzip (${(raw / 1024).toFixed(1)} kB raw); target < 250 kB`,
    );
    const sizes = files
      .filter((path) => existsSync(join(dist, path)))
      .map((path) => ({ path, gzip: gzipSync(readFileSync(join(dist, path)), { level: 9 }).length }))
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 8);
    console.log(
      `  largest: ${sizes.map((s) => `${s.path.replace("/assets/", "")} ${(s.gzip / 1024).toFixed(1)} kB`).join(", ")}`,
    );
    // A signed-in person's cold start: a new browser (empty cache) with only the session cookie
    // opens the dashboard directly, without the sign-in page's own scripts.
    const cold = await browser.newContext({ storageState: await context.storageState() });
    const coldScripts = new Set<string>();
    const coldPage = await cold.newPage();
    coldPage.on("response", (response) => {
      const path = new URL(response.url()).pathname;
      if (/\.m?js$/.test(path)) coldScripts.add(path);
    });
    await coldPage.goto(`${origin}/t/${tenant?.id}/dashboard`, { waitUntil: "networkidle" });
    await coldPage.getByRole("heading", { level: 1 }).waitFor();
    await coldPage.waitForLoadState("networkidle");
    const coldFiles = [...coldScripts].filter((path) => existsSync(join(dist, path)));
    const coldGzip = coldFiles.reduce(
      (sum, path) => sum + gzipSync(readFileSync(join(dist, path)), { level: 9 }).length,
      0,
    );
    console.log(
      `Admin app JavaScript, signed in, cold start on the dashboard: ${coldFiles.length} files, ${(coldGzip / 1024).toFixed(1)} kB gzip; target < 250 kB`,
    );
    await cold.close();
    const reports = files.filter((f) => /report|BarChart|Radar/i.test(f));
    console.log(
      `  report and chart chunks among them: ${reports.length ? reports.join(", ") : "none (loaded with the reports route)"}`,
    );
    await context.close();
  } finally {
    await browser.close();
  }
}

async function main() {
  if (!existsSync(join(dist, "index.html")))
    throw new Error("The web client is not built: run `pnpm build` first.");
  const server = await startServer(port, { DEMO_SANDBOX_LIMIT: "1000" });
  try {
    await reportTimes();
    await firstLoadJs();
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
