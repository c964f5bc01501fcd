// The load benchmark's deployment: one PostgreSQL the benchmark owns (embedded, in a temporary
// folder) and server nodes that all use it as their external database (DATABASE_URL, one
// SECRETS_KEY, one APP_URL), as the README's two-node set-up has them.
import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDb, startEmbeddedPostgres } from "@kunto/db";
import { type BenchServer, onInterrupt, startServer } from "../server";

export interface Cluster {
  databaseUrl: string;
  nodes: BenchServer[];
  /** Starts one more node on `port` against the shared database. */
  addNode: (port: number) => Promise<BenchServer>;
  /** The database's size and its answers (survey_responses rows). */
  databaseSize: () => Promise<{ bytes: number; answers: number }>;
  stop: () => Promise<void>;
}

export async function startCluster(appUrl: string, env: Record<string, string>): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), "kunto-load-db-"));
  chmodSync(dir, 0o755);
  const nodes: BenchServer[] = [];
  let database: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  let monitor: ReturnType<typeof createDb> | undefined;
  let stopped: Promise<void> | undefined;
  // Once, whether the run ends or is interrupted (even while the database starts): the nodes, the
  // database and its folder.
  const stop = () =>
    (stopped ??= (async () => {
      release();
      for (const node of nodes.splice(0)) await node.stop();
      await monitor?.close();
      await database?.stop();
      rmSync(dir, { recursive: true, force: true });
    })());
  const release = onInterrupt(stop);
  database = await startEmbeddedPostgres(dir);
  monitor = createDb(database.url, { max: 1 });
  const db = monitor;
  const nodeEnv = {
    ...env,
    DATABASE_URL: database.url,
    SECRETS_KEY: randomBytes(32).toString("base64"),
    APP_URL: appUrl,
  };
  return {
    databaseUrl: database.url,
    nodes,
    addNode: async (port) => {
      const node = await startServer(port, nodeEnv);
      nodes.push(node);
      return node;
    },
    databaseSize: async () => {
      const [row] = await db.client<{ bytes: string; answers: string }[]>`
        select pg_database_size(current_database()) as bytes, (select count(*) from survey_responses) as answers`;
      return { bytes: Number(row?.bytes ?? 0), answers: Number(row?.answers ?? 0) };
    },
    stop,
  };
}

/** A process's resident memory in bytes (VmRSS), or NaN once it is gone. */
export function residentBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
