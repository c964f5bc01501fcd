import type { Server as HttpServer } from "node:http";
import { serve } from "@hono/node-server";
import { backgroundWorkDone, sealStoredTotpSecrets, sealStoredWebhookSecrets, seed } from "@kunto/api";
import { hashPassword } from "@kunto/auth";
import { type Db, openDatabase, type SystemDb } from "@kunto/db";
import { sql } from "drizzle-orm";
import pino from "pino";
import { type AppOptions, createApp } from "./app";
import { loadConfig, loadSecretsKey } from "./config";
import { startJobs } from "./jobs";
import { startWorkers } from "./workers";

/** How long an idle keep-alive connection stays open: longer than a load balancer's idle timeout. */
export const KEEP_ALIVE_MS = 65_000;

export interface RunOptions {
  /**
   * Routes added to the app before it serves (the benchmark's entry, apps/server/bench/main.ts),
   * given the request pool and the system pool (the scale fixture writes across organisations).
   */
  extend?: (app: Parameters<NonNullable<AppOptions["extend"]>>[0], db: Db, system: SystemDb) => void;
}

/**
 * The whole server: configuration, database (embedded when no DATABASE_URL), seed, the app, workers
 * and jobs, and a clean shutdown. `main.ts` runs it as it is; the benchmark's own entry adds its routes.
 */
export function runServer(options: RunOptions = {}) {
  const config = loadConfig();
  const log = pino({
    level: config.logLevel,
    redact: ["req.headers.cookie", "*.password", "*.passwordHash"],
  });
  main(config, log, options).catch((error) => {
    log.fatal({ err: error }, "failed to start");
    process.exit(1);
  });
}

async function main(config: ReturnType<typeof loadConfig>, log: pino.Logger, options: RunOptions) {
  // Before the database: a server without its key must not start half-way.
  const secretsKey = loadSecretsKey(process.env, config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    appDatabaseUrl: config.appDatabaseUrl,
    dataDir: config.dataDir,
    // The embedded cluster is started again whenever it dies (issue 17.3); its restarts are logged.
    log,
  });
  log.info({ embedded: database.embedded }, "database ready");
  let credentials: string[] = [];
  if (config.seed) {
    const result = await seed({
      system: database.system,
      hashPassword,
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
    });
    credentials = [
      `  Demo:                   "Try the demo" on ${config.appUrl}/login opens a private copy for each visitor`,
      `  Platform admin sign-in: ${result.admin.email} / ${result.admin.password ?? "(set when the database was first seeded; ADMIN_PASSWORD sets it on a new database)"}`,
    ];
  }
  const sealed = await sealStoredTotpSecrets(database.db, secretsKey);
  if (sealed > 0) log.info({ sealed }, "TOTP secrets encrypted with SECRETS_KEY");
  const sealedHooks = await sealStoredWebhookSecrets(database.system, secretsKey);
  if (sealedHooks > 0) log.info({ sealed: sealedHooks }, "webhook secrets encrypted with SECRETS_KEY");
  const apiConfig = {
    appUrl: config.appUrl,
    internalEmailDomains: config.internalEmailDomains,
    secureCookies: config.appUrl.startsWith("https://"),
    secretsKey: secretsKey,
    trustProxy: config.trustProxy,
    limits: config.limits,
    allowPrivateWebhookAddresses: config.allowPrivateWebhookAddresses,
    billing: config.billing,
    salesEmail: config.salesEmail,
    dnb: config.dnb,
  };
  const app = createApp({
    db: database.db,
    config: apiConfig,
    log,
    webDist: config.webDist,
    bodyLimitBytes: config.bodyLimitBytes,
    extend: options.extend && ((app) => options.extend?.(app, database.db, database.system)),
    ready: async () => {
      try {
        await database.db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
  });
  const workers = startWorkers(database.db, database.system, log);
  const jobs = await startJobs(
    database.ownerUrl,
    database.db,
    log,
    config.appUrl,
    {
      secretsKey,
      allowPrivateAddresses: config.allowPrivateWebhookAddresses,
      retryDelaySeconds: config.webhookRetryDelaySeconds,
    },
    config.dnb,
    config.jobsEveryMinute,
  );
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => {
    console.log(`\nKunto is running at ${config.appUrl}\n${credentials.join("\n")}\n`);
  }) as HttpServer;
  // Behind a load balancer the balancer must be the one that closes an idle connection: a node
  // that closes one just as the balancer sends a request on it makes HAProxy drop the client's
  // connection unanswered (a cloud balancer answers 502). Node's default is 5 s; balancers keep
  // idle connections up to 60 s (docs/scaling.md, "Two nodes").
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    workers.stop();
    await jobs.stop();
    server.close();
    await backgroundWorkDone();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}
