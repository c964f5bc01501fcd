import { defineConfig } from "vitest/config";

// Used by `pnpm mutate` (StrykerJS runs this package's unit tests alone); `pnpm test:unit` uses the root config.
export default defineConfig({ test: { include: ["src/**/*.test.ts"] } });
