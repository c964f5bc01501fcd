// Bytes a person's browser transfers for the first render of the public pages (issue 6.15):
// everything requested until the page has its form and the network is quiet, as Chromium
// receives it (compressed where the server offers it), headers included. Needs `pnpm build`.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { constants, gzipSync } from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import { startServer } from "./server";

const port = 3291;
const dist = join(import.meta.dirname, "../../apps/web/dist/index.html");

interface Transfer {
  requests: number;
  transferred: number;
  decoded: number;
  /** JavaScript only, as transferred (compressed), headers excluded. */
  js: number;
  /** The same JavaScript as gzip -9 would send it (the issues' budgets are in gzip). */
  jsGzip: number;
  estimator: boolean;
}

async function firstRender(page: Page, url: string, ready: () => Promise<void>): Promise<Transfer> {
  const finished: Promise<{
    transferred: number;
    decoded: number;
    body: number;
    gzip: number;
    url: string;
  }>[] = [];
  const onResponse = (response: import("@playwright/test").Response) => {
    finished.push(
      (async () => {
        const sizes = await response.request().sizes();
        const body = await response.body().catch(() => Buffer.alloc(0));
        return {
          transferred: sizes.responseBodySize + sizes.responseHeadersSize,
          body: sizes.responseBodySize,
          decoded: body.length,
          gzip: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length,
          url: response.url(),
        };
      })(),
    );
  };
  page.on("response", onResponse);
  await page.goto(url, { waitUntil: "networkidle" });
  await ready();
  page.off("response", onResponse);
  const all = await Promise.all(finished);
  const scripts = all.filter((r) => /\.m?js(\?|$)/.test(r.url));
  // BENCH_WEB_FILES=1 lists each script with its gzip size, largest first (what to trim next).
  if (process.env.BENCH_WEB_FILES)
    for (const r of [...scripts].sort((a, b) => b.gzip - a.gzip))
      console.log(`    ${(r.gzip / 1000).toFixed(1).padStart(7)} kB gzip  ${new URL(r.url).pathname}`);
  return {
    requests: all.length,
    transferred: all.reduce((sum, r) => sum + r.transferred, 0),
    decoded: all.reduce((sum, r) => sum + r.decoded, 0),
    js: scripts.reduce((sum, r) => sum + r.body, 0),
    jsGzip: scripts.reduce((sum, r) => sum + r.gzip, 0),
    estimator: all.some((r) => r.url.includes("password-estimator")),
  };
}

/** A demo sandbox's session cookie and its first organisation. */
async function demoSession(base: string): Promise<{ cookie: string; tenantId: string }> {
  const demo = await fetch(`${base}/api/public/demo`, { method: "POST" });
  const cookie = (demo.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const me = (await (await fetch(`${base}/api/user`, { headers: { cookie } })).json()) as {
    tenants: Array<{ id: string }>;
  };
  return { cookie, tenantId: me.tenants[0]?.id ?? "" };
}

/** A running survey's public link in a demo sandbox's organisation (bench routes). */
async function surveyLink(base: string): Promise<string> {
  const { cookie, tenantId } = await demoSession(base);
  const response = await fetch(`${base}/__bench/survey`, {
    method: "POST",
    headers: {
      cookie,
      "x-tenant-id": tenantId,
      "content-type": "application/json",
      origin: base.replace("127.0.0.1", "localhost"),
    },
    body: JSON.stringify({ shares: 1 }),
  });
  const { links } = (await response.json()) as { links: string[] };
  return links[0] ?? "";
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`.padStart(10);

async function main() {
  if (!existsSync(dist)) throw new Error("The web client is not built: run `pnpm build` first.");
  // Bench routes and a demo sandbox give the respondent page a running survey to show.
  const server = await startServer(port, { DEMO_SANDBOX_LIMIT: "1000" });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  try {
    console.log(
      "First render (fresh browser cache each; with compression). JavaScript: as sent (br), and gzip -9",
    );
    const dashboard = await demoSession(server.base);
    const pages: Array<{
      name: string;
      url: string;
      ready: (page: Page) => Promise<void>;
      budget?: number;
      cookie?: string;
    }> = [
      {
        name: "sign-in /login",
        url: "/login",
        budget: 100,
        ready: (page: Page) => page.getByRole("button", { name: "Sign in", exact: true }).waitFor(),
      },
      {
        name: "sign-up /signup",
        url: "/signup",
        ready: (page: Page) => page.getByRole("textbox", { name: "Password" }).first().waitFor(),
      },
      {
        name: "respondent /public/",
        url: `/public/#/s/${await surveyLink(server.base)}?lang=fi`,
        // Everything before the first question is usable: the welcome text's Start button.
        ready: (page: Page) => page.getByRole("button", { name: "Aloita" }).waitFor(),
        budget: 85,
      },
      {
        // A signed-in cold start: the demo's organisation dashboard with its results drawn.
        name: "dashboard (signed in)",
        url: `/t/${dashboard.tenantId}/dashboard`,
        ready: (page: Page) => page.getByText("Company Fitness Index").first().waitFor(),
        budget: 180,
        cookie: dashboard.cookie,
      },
    ];
    for (const { name, url, ready, budget, cookie } of pages) {
      const context = await browser.newContext();
      if (cookie) {
        const [cookieName = "", ...value] = cookie.split("=");
        await context.addCookies([{ name: cookieName, value: value.join("="), url: server.base }]);
      }
      const page = await context.newPage();
      const figures = await firstRender(page, `${server.base}${url}`, () => ready(page));
      console.log(
        `${name.padEnd(20)} ${String(figures.requests).padStart(3)} requests  transferred ${kb(figures.transferred)}  uncompressed ${kb(figures.decoded)}  JavaScript ${kb(figures.js)} br ${kb(figures.jsGzip)} gzip${budget ? ` (budget ${budget} kB gzip)` : ""}${figures.estimator ? "  (includes the password estimator)" : ""}`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
