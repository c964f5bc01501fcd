// Starts the real server for a benchmark (embedded PostgreSQL in a temporary folder) and stops
// it again, removing its data.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dirname, "../..");
const SIGNALS = ["SIGINT", "SIGTERM"] as const;

/** What an interrupted benchmark (Ctrl-C, a kill) must still undo: servers, databases, folders. */
const cleanups = new Set<() => Promise<void>>();
let interrupting = false;
function interrupted() {
  if (interrupting) return;
  interrupting = true;
  void (async () => {
    // Newest first (a cluster's nodes before its database), every one, then the exit.
    for (const cleanup of [...cleanups].reverse()) await cleanup().catch(() => {});
    process.exit(130);
  })();
}

/** Runs `cleanup` if the benchmark is interrupted; the answer unregisters it. */
export function onInterrupt(cleanup: () => Promise<void>): () => void {
  if (cleanups.size === 0) for (const signal of SIGNALS) process.on(signal, interrupted);
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
    if (cleanups.size === 0) for (const signal of SIGNALS) process.off(signal, interrupted);
  };
}

export interface BenchServer {
  base: string;
  /** The server process's id (the load benchmark reads its memory from /proc). */
  pid: number;
  stop: () => Promise<void>;
}

/**
 * Builds what `npm start` runs, the server bundle on plain Node (apps/server/build.mjs), with the
 * benchmark's own entry beside it, which adds its fixture routes (apps/server/bench/main.ts).
 */
export function buildServer() {
  const built = spawnSync(process.execPath, ["build.mjs", "--bench"], {
    cwd: join(root, "apps/server"),
    stdio: "inherit",
  });
  if (built.status !== 0) throw new Error("building the server failed");
}

export async function startServer(port: number, env: Record<string, string> = {}): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), "kunto-bench-"));
  chmodSync(dir, 0o755);
  buildServer();
  const child: ChildProcess = spawn(process.execPath, [join(root, "apps/server/dist/bench.js")], {
    cwd: join(root, "apps/server"),
    env: { ...process.env, PORT: String(port), DATA_DIR: dir, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stop = async () => {
    release();
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // A benchmark interrupted (Ctrl-C, a kill), even while its server starts, stops the server and
  // removes its data all the same; so does a server that fails to start.
  const release = onInterrupt(stop);
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("Kunto is running")) resolve();
      });
      child.once("exit", (code) => reject(new Error(`server exited ${code}`)));
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { base: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop };
}
