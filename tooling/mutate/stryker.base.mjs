// Shared StrykerJS settings for `pnpm mutate` (issue 6.28): each mutated package has a
// stryker.config.mjs that calls this. Plain JavaScript: Stryker loads it before any TypeScript.
import { fileURLToPath } from "node:url";

/** @param {{ mutate: string[] }} options */
export function strykerConfig({ mutate }) {
  return {
    testRunner: "vitest",
    // The runner is a root devDependency; pnpm does not link it into the package, so load it by path
    // (an absolute one: Stryker's workers resolve relative paths from their sandbox).
    plugins: [
      fileURLToPath(
        new URL("../../node_modules/@stryker-mutator/vitest-runner/dist/src/index.js", import.meta.url),
      ),
    ],
    vitest: { configFile: "vitest.config.ts" },
    coverageAnalysis: "perTest",
    mutate,
    // Two cores shared with other work: one test runner at a time.
    concurrency: 1,
    timeoutMS: 10_000,
    // TypeScript 7 is the native compiler without the JavaScript API Stryker's tsconfig rewriter
    // needs, so skip the rewrite and leave the package's tsconfig (which extends a file outside the
    // sandbox) out of the sandbox; vitest transforms these sources without it.
    tsconfigFile: "tsconfig.stryker-none.json",
    // Anchored: a bare "reports" would also leave out a source folder of that name (packages/api/src/reports).
    ignorePatterns: ["tsconfig.json", "/reports", "stryker.config.mjs"],
    reporters: ["clear-text", "progress-append-only", "html", "json"],
    htmlReporter: { fileName: "reports/mutation/index.html" },
    jsonReporter: { fileName: "reports/mutation/mutation.json" },
    // `--incremental` reuses earlier results (reports/stryker-incremental.json) for mutants whose code
    // and covering tests did not change. Off by default: it also reused stale results for static
    // mutants (module-level constants, which every test covers) after new tests were added.
    incrementalFile: "reports/stryker-incremental.json",
    tempDirName: ".stryker-tmp",
    cleanTempDir: "always",
  };
}
