// Starts the real server for a benchmark (embedded PostgreSQL in a temporary folder) and stops
// it again, removing its data.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dirname, "../..");

export interface BenchServer {
  base: string;
  stop: () => Promise<void>;
}

export async function startServer(port: number, env: Record<string, string> = {}): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), "kunto-bench-"));
  chmodSync(dir, 0o755);
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", join(root, "apps/server/src/main.ts")],
    {
      cwd: join(root, "apps/server"),
      env: { ...process.env, PORT: String(port), DATA_DIR: dir, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("Kunto is running")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`server exited ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
