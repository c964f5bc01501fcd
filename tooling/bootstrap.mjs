#!/usr/bin/env node
// The README's two commands (`npm start`, `npm test`) land here. On a fresh machine with only
// Node 20.19+ it installs pnpm and the workspace, then starts the product or runs every test tier.
// Plain JavaScript on purpose: it runs before any dependency is installed.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PNPM_VERSION = "10.34.0";
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const mode = process.argv[2];
const reports = join(root, "test-results");

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", cwd: root, ...options });
  return result.status ?? 1;
}

function pnpmCommand() {
  if (spawnSync("pnpm", ["--version"], { stdio: "ignore" }).status === 0) return ["pnpm"];
  console.log(`Installing pnpm ${PNPM_VERSION} ...`);
  if (
    run("npm", ["install", "-g", `pnpm@${PNPM_VERSION}`]) === 0 &&
    spawnSync("pnpm", ["--version"], { stdio: "ignore" }).status === 0
  ) {
    return ["pnpm"];
  }
  return ["npx", "--yes", `pnpm@${PNPM_VERSION}`];
}

function pnpm(args) {
  const [command, ...prefix] = pnpmCommand();
  return run(command, [...prefix, ...args]);
}

function must(status, what) {
  if (status !== 0) {
    console.error(`\n${what} failed (exit ${status}).`);
    process.exit(status || 1);
  }
}

/** Installs a Debian package when its program is missing (as root, or through sudo). */
function ensureDebianPackage(program, override, pkg, why) {
  if (existsSync(program) || process.env[override]) return;
  const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const apt = asRoot ? ["apt-get"] : ["sudo", "apt-get"];
  console.log(`Installing ${pkg} from Debian for ${why} ...`);
  must(run(apt[0], [...apt.slice(1), "update", "-qq"]), "apt-get update");
  must(
    run(apt[0], [...apt.slice(1), "install", "-y", "-qq", pkg], {
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    }),
    `Installing ${pkg}`,
  );
}

/** Debian's Chromium drives the end-to-end tests; Playwright cannot download browsers here. */
const ensureChromium = () =>
  ensureDebianPackage("/usr/bin/chromium", "CHROMIUM_PATH", "chromium", "the end-to-end tests");

/** Debian's HAProxy balances the two-node checks (tooling/two-nodes). */
const ensureHaproxy = () =>
  ensureDebianPackage("/usr/sbin/haproxy", "HAPROXY_PATH", "haproxy", "the two-node tests");

function countTests() {
  let passed = 0;
  let failed = 0;
  for (const file of ["vitest.json", "two-nodes.json", "two-nodes-walk.json", "playwright.json"]) {
    const path = join(reports, file);
    if (!existsSync(path)) continue;
    const report = JSON.parse(readFileSync(path, "utf8"));
    if (file !== "playwright.json") {
      passed += report.numPassedTests ?? 0;
      failed += (report.numFailedTests ?? 0) + (report.numPendingTests ?? 0);
    } else {
      passed += report.stats?.expected ?? 0;
      failed += (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0) + (report.stats?.skipped ?? 0);
    }
  }
  return { passed, failed };
}

must(pnpm(["install", ...(process.env.CI ? ["--frozen-lockfile"] : [])]), "pnpm install");

if (mode === "start") {
  // The web client and the server (bundled to apps/server/dist: plain JavaScript on Node, no loader).
  must(pnpm(["build"]), "Building");
  process.exit(pnpm(["serve"]));
} else if (mode === "test") {
  ensureChromium();
  ensureHaproxy();
  rmSync(reports, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });
  const steps = [
    ["lint", ["lint"]],
    // Every message of the client must be extracted (and the catalogs committed) before it can be translated.
    ["catalogs up to date", ["i18n:check"]],
    ["type check", ["typecheck"]],
    // The REST document: Spectral and Redocly clean, and the typed client generated from it current (issue 20).
    ["OpenAPI lint", ["lint:openapi"]],
    ["typed client up to date", ["--filter", "@kunto/client", "check"]],
    [
      "unit and integration tests",
      [
        "exec",
        "vitest",
        "run",
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${join(reports, "vitest.json")}`,
      ],
    ],
    // The web client and the server bundle the end-to-end tests run (`pnpm --filter @kunto/server start`).
    ["build", ["build"]],
    ["end-to-end tests", ["test:e2e"]],
    // Two server processes behind HAProxy on one database (issue 24): sessions, jobs and a killed
    // node. The whole end-to-end suite through the balancer is `pnpm test:two-nodes` (37 minutes).
    [
      "two-node checks",
      [
        "exec",
        "vitest",
        "run",
        "--config",
        "tooling/two-nodes/vitest.config.ts",
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${join(reports, "two-nodes.json")}`,
      ],
    ],
    // The authorization walk again, its HTTP calls through the balancer to the two nodes.
    [
      "authorization walk through two nodes",
      [
        "exec",
        "vitest",
        "run",
        "--config",
        "tooling/two-nodes/walk.vitest.config.ts",
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${join(reports, "two-nodes-walk.json")}`,
      ],
    ],
  ];
  let status = 0;
  for (const [name, args] of steps) {
    console.log(`\n=== ${name} ===`);
    const code = pnpm(args);
    if (code !== 0) {
      console.error(`${name} failed (exit ${code})`);
      status = code;
      break;
    }
  }
  const { passed, failed } = countTests();
  console.log(`\nTests: ${passed} passed, ${failed} failed`);
  process.exit(status !== 0 ? status : failed > 0 || passed === 0 ? 1 : 0);
} else if (mode === "two-nodes") {
  // Two server processes behind HAProxy on one PostgreSQL (issue 24): the checks, then the
  // authorization walk through it, the end-to-end suite through the balancer
  // (e2e/playwright.two-nodes.config.ts).
  ensureHaproxy();
  ensureChromium();
  must(pnpm(["exec", "vitest", "run", "--config", "tooling/two-nodes/vitest.config.ts"]), "Two-node checks");
  must(
    pnpm(["exec", "vitest", "run", "--config", "tooling/two-nodes/walk.vitest.config.ts"]),
    "Authorization walk through two nodes",
  );
  must(pnpm(["build"]), "Building");
  process.exit(
    pnpm(["--filter", "@kunto/e2e", "exec", "playwright", "test", "-c", "playwright.two-nodes.config.ts"]),
  );
} else {
  console.error("usage: node tooling/bootstrap.mjs start|test|two-nodes");
  process.exit(2);
}
