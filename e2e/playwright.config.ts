import { chmodSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);
/** The local fake Stripe (packages/fake-stripe) the server's billing talks to (issue 21); billing.spec.ts reads the same port. */
const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? port + 1);
/** The local fake Dun & Bradstreet (packages/fake-dnb) the financials talk to (issue 23). */
const DNB_PORT = Number(process.env.E2E_DNB_PORT ?? port + 2);
const STRIPE_SECRET_KEY = "sk_test_e2e";
const STRIPE_WEBHOOK_SECRET = "whsec_e2e";
const dataDir = mkdtempSync(join(tmpdir(), "kunto-e2e-"));
chmodSync(dataDir, 0o755);
export const ADMIN_PASSWORD = "e2e admin passphrase 2026";

/** Chromium from Debian (Playwright cannot download browsers on these machines). */
export default defineConfig({
  testDir: "./tests",
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // Sized for a loaded 2-core machine (issue 6.27): a screen may take seconds to settle.
  expect: { timeout: 15_000 },
  reporter: [
    ["list"],
    ["json", { outputFile: join(import.meta.dirname, "../test-results/playwright.json") }],
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: [
    {
      // Started first: the server reads Stripe's prices from it; it posts signed events to the server.
      command: "pnpm --filter @kunto/fake-stripe start",
      cwd: join(import.meta.dirname, ".."),
      url: `http://127.0.0.1:${STRIPE_PORT}/_fake/state`,
      timeout: 60_000,
      reuseExistingServer: process.env.E2E_REUSE_SERVER === "1",
      env: {
        FAKE_STRIPE_PORT: String(STRIPE_PORT),
        STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET,
        FAKE_STRIPE_WEBHOOK_URL: `http://127.0.0.1:${port}/api/shared/stripe/webhook`,
      },
    },
    {
      command: "pnpm --filter @kunto/fake-dnb start",
      cwd: join(import.meta.dirname, ".."),
      url: `http://127.0.0.1:${DNB_PORT}/_fake/health`,
      timeout: 60_000,
      reuseExistingServer: process.env.E2E_REUSE_SERVER === "1",
      env: { FAKE_DNB_PORT: String(DNB_PORT) },
    },
    {
      command: "pnpm --filter @kunto/server start",
      cwd: join(import.meta.dirname, ".."),
      url: `http://localhost:${port}/readyz`,
      timeout: 120_000,
      // E2E_REUSE_SERVER=1 runs against a server already on the port, with whatever its database
      // holds: the suite must pass again and again on the same data (issue 6.27).
      reuseExistingServer: process.env.E2E_REUSE_SERVER === "1",
      // Each run opens several demo sandboxes from one address, and runs again on the same server:
      // the server the suite starts allows more than a visitor's 5 an hour (README, issue 6.6).
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        ADMIN_PASSWORD,
        LOG_LEVEL: "warn",
        DEMO_SANDBOX_LIMIT: "1000",
        // The webhook spec's receiver listens on loopback, which only tests may allow (SSRF guard).
        WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true",
        // Billing against the local fake Stripe (issue 21): checkout and the portal are its pages.
        STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: `http://127.0.0.1:${STRIPE_PORT}`,
        // Financials against the local fake D&B (issue 23).
        DNB_CLIENT_ID: "fake-client",
        DNB_CLIENT_SECRET: "fake-secret",
        DNB_BASE_URL: `http://127.0.0.1:${DNB_PORT}`,
      },
    },
  ],
});
