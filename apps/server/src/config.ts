import { join } from "node:path";
import { DEFAULT_DATA_DIR } from "@kunto/db";

/** Environment variables and their defaults (documented in README.md). */
export interface ServerConfig {
  port: number;
  host: string;
  appUrl: string;
  databaseUrl?: string;
  appDatabaseUrl?: string;
  dataDir: string;
  internalEmailDomains: string[];
  adminEmail: string;
  adminPassword?: string;
  webDist: string;
  bodyLimitBytes: number;
  seed: boolean;
  benchRoutes: boolean;
  logLevel: string;
}

const repoRoot = join(import.meta.dirname, "../../..");

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? "127.0.0.1",
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    databaseUrl: env.DATABASE_URL || undefined,
    appDatabaseUrl: env.APP_DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? DEFAULT_DATA_DIR,
    internalEmailDomains: (env.INTERNAL_EMAIL_DOMAINS ?? "")
      .split(",")
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
    adminEmail: (env.ADMIN_EMAIL ?? "admin@kunto.local").toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    webDist: env.WEB_DIST ?? join(repoRoot, "apps/web/dist"),
    bodyLimitBytes: Number(env.BODY_LIMIT_BYTES ?? 4 * 1024 * 1024),
    seed: env.SEED !== "false",
    benchRoutes: env.BENCH_ROUTES === "true",
    logLevel: env.LOG_LEVEL ?? "info",
  };
}
