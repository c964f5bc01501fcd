import { defineConfig } from "vitest/config";

// Used by `pnpm mutate:api` (StrykerJS runs this package's unit tests alone, no database);
// `pnpm test:unit` uses the root config.
export default defineConfig({
  test: { include: ["src/**/*.test.ts"], exclude: ["**/*.integration.test.ts", "**/node_modules/**"] },
});
