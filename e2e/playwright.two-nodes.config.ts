// The end-to-end suite through HAProxy in front of two server processes on one PostgreSQL (issue 24,
// `pnpm test:two-nodes`): playwright.config.ts with its single server replaced by the two-node
// cluster (tooling/two-nodes). Its port (E2E_PORT, default 3400) is the balancer's; the nodes take
// the next free ones after the fakes (+3, +4).
import { defineConfig } from "@playwright/test";

process.env.E2E_PORT ??= "3400";
const port = Number(process.env.E2E_PORT);
// Imported after E2E_PORT is set: the base config derives the fakes' ports and the webhook URL from it.
const { default: base } = await import("./playwright.config");
const [stripe, dnb, server] = Array.isArray(base.webServer) ? base.webServer : [];
if (!stripe || !dnb || !server) throw new Error("playwright.config.ts: expected the fakes and the server");
const { PORT: _port, DATA_DIR: _dataDir, ...nodeEnv } = server.env ?? {};

export default defineConfig({
  ...base,
  webServer: [
    stripe,
    dnb,
    {
      command: "pnpm --filter @kunto/tooling exec tsx two-nodes/serve.ts",
      cwd: server.cwd,
      url: `http://localhost:${port}/readyz`,
      timeout: 180_000,
      reuseExistingServer: process.env.E2E_REUSE_SERVER === "1",
      env: { ...nodeEnv, TWO_NODES_PORTS: `${port},${port + 3},${port + 4}` },
      // The cluster stops its nodes, HAProxy and PostgreSQL, and removes its folder.
      gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
    },
  ],
});
