import { defineConfig } from "vitest/config";

// Used by `pnpm mutate:exports` only (StrykerJS runs the export tables' unit tests alone, no
// database); `pnpm test:unit` and `pnpm test:integration` use the root config.
export default defineConfig({ test: { include: ["src/report-export/**/*.test.ts"] } });
