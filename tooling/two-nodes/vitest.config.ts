import { defineConfig } from "vitest/config";

// `pnpm test:two-nodes`: only the two-node checks, one file, against the cluster it starts.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ["two-nodes.test.ts"],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 300_000,
  },
});
