import { join } from "node:path";
import { type ApiLimits, type BillingConfig, DEFAULT_LIMITS, type DnbConfig } from "@kunto/api";
import { loadOrCreateSecretsKeyFile, parseSecretsKey } from "@kunto/auth";
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
  logLevel: string;
  /** TRUST_PROXY: reverse proxies in front of the server (hops of X-Forwarded-For to trust). */
  trustProxy: number;
  /** DEMO_SANDBOX_CAP, RESPONSE_ADDRESS_LIMIT, INVITATION_MAIL_USER_LIMIT, INVITATION_MAIL_ORGANISATION_LIMIT. */
  limits: ApiLimits;
  /** WEBHOOK_ALLOW_PRIVATE_ADDRESSES=true: webhook endpoints on loopback and private networks (tests). */
  allowPrivateWebhookAddresses: boolean;
  /** WEBHOOK_RETRY_DELAY_SECONDS: the first retry's delay of a failed webhook delivery (default 30). */
  webhookRetryDelaySeconds?: number;
  /**
   * JOBS_EVERY_MINUTE=true: every scheduled job runs each minute instead of its own schedule (the
   * two-node checks watch each cron slot run once across nodes without waiting an hour).
   */
  jobsEveryMinute: boolean;
  /** STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL (issue 21); none: billing is off. */
  billing?: BillingConfig;
  /** SALES_EMAIL: the TOTAL plan's quote requests (default ADMIN_EMAIL). */
  salesEmail: string;
  /** DNB_CLIENT_ID, DNB_CLIENT_SECRET, DNB_BASE_URL (issue 23); none: financials say they are off. */
  dnb?: DnbConfig;
}

const repoRoot = join(import.meta.dirname, "../../..");

export const SECRETS_KEY_FILE = "secrets.key";

/**
 * SECRETS_KEY (issue 6.10): required with an external database, whose data outlives any one
 * machine's files; the embedded database keeps its key beside its cluster in DATA_DIR.
 */
export function loadSecretsKey(env: NodeJS.ProcessEnv, dataDir: string): Uint8Array {
  if (env.SECRETS_KEY) return parseSecretsKey(env.SECRETS_KEY);
  if (env.DATABASE_URL)
    throw new Error(
      "SECRETS_KEY is required when DATABASE_URL is set: 32 random bytes in base64 (openssl rand -base64 32), the same for every instance",
    );
  return loadOrCreateSecretsKeyFile(join(dataDir, SECRETS_KEY_FILE));
}

export function parseTrustProxy(value: string | undefined): number {
  const hops = Number(value ?? 0);
  if (!Number.isInteger(hops) || hops < 0)
    throw new Error("TRUST_PROXY must be a whole number of proxies (0 or more)");
  return hops;
}

/** A limit from the environment: a whole number of 1 or more, or the default when unset. */
export function parseLimit(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of 1 or more`);
  return value;
}

/** The limits of issue 17.4 and 17.5 (README "Configuration"). */
export function parseLimits(env: NodeJS.ProcessEnv): ApiLimits {
  return {
    demoSandboxCap: parseLimit(env, "DEMO_SANDBOX_CAP", DEFAULT_LIMITS.demoSandboxCap),
    responseShareAddress: parseLimit(env, "RESPONSE_ADDRESS_LIMIT", DEFAULT_LIMITS.responseShareAddress),
    invitationMailUser: parseLimit(env, "INVITATION_MAIL_USER_LIMIT", DEFAULT_LIMITS.invitationMailUser),
    invitationMailTenant: parseLimit(
      env,
      "INVITATION_MAIL_ORGANISATION_LIMIT",
      DEFAULT_LIMITS.invitationMailTenant,
    ),
  };
}

/**
 * Stripe (issue 21): both keys or neither (billing off: it says so, admins set plans by hand).
 * STRIPE_API_URL points the SDK at another server (the local fake in tests and e2e).
 */
export function parseBilling(env: NodeJS.ProcessEnv): BillingConfig | undefined {
  const secretKey = env.STRIPE_SECRET_KEY?.trim() || undefined;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || undefined;
  const apiUrl = env.STRIPE_API_URL?.trim() || undefined;
  if (!secretKey && !webhookSecret) {
    if (apiUrl) throw new Error("STRIPE_API_URL needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
    return undefined;
  }
  if (!secretKey || !webhookSecret)
    throw new Error("Billing needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (or neither)");
  if (apiUrl) {
    let url: URL | null = null;
    try {
      url = new URL(apiUrl);
    } catch {
      // reported below
    }
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.pathname !== "/")
      throw new Error("STRIPE_API_URL must be an http(s) origin, e.g. http://127.0.0.1:12111");
  }
  return { secretKey, webhookSecret, ...(apiUrl ? { apiUrl } : {}) };
}

/**
 * Dun & Bradstreet Direct+ (issue 23): both credentials or neither (financials off: the screen says
 * so, the D-U-N-S notice is not shown). DNB_BASE_URL points the client at another server (the local
 * fake in tests and e2e).
 */
export function parseDnb(env: NodeJS.ProcessEnv): DnbConfig | undefined {
  const clientId = env.DNB_CLIENT_ID?.trim() || undefined;
  const clientSecret = env.DNB_CLIENT_SECRET?.trim() || undefined;
  const baseUrl = env.DNB_BASE_URL?.trim() || undefined;
  if (!clientId && !clientSecret) {
    if (baseUrl) throw new Error("DNB_BASE_URL needs DNB_CLIENT_ID and DNB_CLIENT_SECRET");
    return undefined;
  }
  if (!clientId || !clientSecret)
    throw new Error("Financials need both DNB_CLIENT_ID and DNB_CLIENT_SECRET (or neither)");
  if (baseUrl) {
    let url: URL | null = null;
    try {
      url = new URL(baseUrl);
    } catch {
      // reported below
    }
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:"))
      throw new Error("DNB_BASE_URL must be an http(s) URL, e.g. https://plus.dnb.com");
  }
  return { clientId, clientSecret, ...(baseUrl ? { baseUrl } : {}) };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  const dataDir = env.DATA_DIR ?? DEFAULT_DATA_DIR;
  return {
    port,
    host: env.HOST ?? "127.0.0.1",
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    databaseUrl: env.DATABASE_URL || undefined,
    appDatabaseUrl: env.APP_DATABASE_URL || undefined,
    dataDir,
    internalEmailDomains: (env.INTERNAL_EMAIL_DOMAINS ?? "")
      .split(",")
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
    adminEmail: (env.ADMIN_EMAIL ?? "admin@kunto.local").toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    webDist: env.WEB_DIST ?? join(repoRoot, "apps/web/dist"),
    bodyLimitBytes: Number(env.BODY_LIMIT_BYTES ?? 4 * 1024 * 1024),
    seed: env.SEED !== "false",
    logLevel: env.LOG_LEVEL ?? "info",
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    limits: parseLimits(env),
    allowPrivateWebhookAddresses: env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES === "true",
    webhookRetryDelaySeconds: positiveOrUndefined(env.WEBHOOK_RETRY_DELAY_SECONDS),
    jobsEveryMinute: env.JOBS_EVERY_MINUTE === "true",
    billing: parseBilling(env),
    salesEmail: (env.SALES_EMAIL || env.ADMIN_EMAIL || "admin@kunto.local").toLowerCase(),
    dnb: parseDnb(env),
  };
}

function positiveOrUndefined(text: string | undefined): number | undefined {
  const value = Number(text);
  return text && Number.isInteger(value) && value > 0 ? value : undefined;
}
