import { join } from "node:path";
import { defineConfig } from "vitest/config";

// The authorization walk through two nodes behind HAProxy (issue 24; `npm test` runs it after the
// two-node checks): the same file as in the integration tier, its HTTP calls sent to the balancer.
export default defineConfig({
  test: {
    root: join(import.meta.dirname, "../.."),
    include: ["apps/server/test/app/authorization.integration.test.ts"],
    globalSetup: ["./tooling/two-nodes/walk-setup.ts"],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 300_000,
  },
});
