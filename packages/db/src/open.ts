import { join } from "node:path";
import { createDb, type Db } from "./client";
import { type EmbeddedLog, startEmbeddedPostgres } from "./embedded";
import { assertRoleCannotBypassRls, ensureAppRole, runMigrations } from "./migrate";
import { createSystemDb, type SystemDb } from "./scope";

export interface OpenDatabase {
  /** Request pool: kunto_app, subject to row-level security. */
  db: Db;
  /** Owner pool for work that crosses tenants without a session (`withSystem`, `asPlatformAdmin`). */
  system: SystemDb;
  ownerUrl: string;
  appUrl: string;
  embedded: boolean;
  close: () => Promise<void>;
}

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL under `dataDir` (and starts it again
 * whenever it dies); applies the migrations as the owner, then opens the request pool as the
 * restricted role. The pools reconnect by themselves once the database is back.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  appDatabaseUrl?: string;
  dataDir: string;
  port?: number;
  poolSize?: number;
  /** Where the embedded cluster's restarts are reported. */
  log?: EmbeddedLog;
}): Promise<OpenDatabase> {
  const embedded = options.databaseUrl
    ? null
    : await startEmbeddedPostgres(options.dataDir, options.port, options.log);
  const ownerUrl = options.databaseUrl ?? embedded?.url;
  if (!ownerUrl) throw new Error("No database");
  await runMigrations(ownerUrl);
  const appUrl = options.appDatabaseUrl ?? (await ensureAppRole(ownerUrl));
  await assertRoleCannotBypassRls(appUrl);
  const { db, close } = createDb(appUrl, { max: options.poolSize });
  const system = createSystemDb(ownerUrl);
  return {
    db,
    system: system.system,
    ownerUrl,
    appUrl,
    embedded: Boolean(embedded),
    close: async () => {
      await close();
      await system.close();
      await embedded?.stop();
    },
  };
}

/** Where the embedded cluster lives unless DATA_DIR says otherwise: `.data` in the repository. */
export const DEFAULT_DATA_DIR = join(import.meta.dirname, "../../../.data");

/**
 * For command-line tools: the owner connection to DATABASE_URL, or to the embedded cluster under
 * DATA_DIR, with the migrations applied and the request role ready.
 */
export async function migratedOwnerDatabase(env: NodeJS.ProcessEnv = process.env) {
  const embedded = env.DATABASE_URL ? null : await startEmbeddedPostgres(env.DATA_DIR ?? DEFAULT_DATA_DIR);
  const ownerUrl = env.DATABASE_URL ?? embedded?.url ?? "";
  await runMigrations(ownerUrl);
  await ensureAppRole(ownerUrl);
  const system = createSystemDb(ownerUrl, { max: 1 });
  return {
    ownerUrl,
    system: system.system,
    stop: async () => {
      await system.close();
      await embedded?.stop();
    },
  };
}
