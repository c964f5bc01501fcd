import type { Db } from "@kunto/db";
import { sql } from "drizzle-orm";

export interface RateRule {
  /** e.g. "signin:account" */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** Sign-in: per account and per client address, checked before any hashing. */
export const RATE_RULES = {
  signInAccount: { name: "signin:account", limit: 10, windowSeconds: 15 * 60 },
  // Overridable so a benchmark can measure hashing capacity from one address.
  signInAddress: {
    name: "signin:address",
    limit: Number(process.env.SIGNIN_ADDRESS_LIMIT ?? 100),
    windowSeconds: 15 * 60,
  },
  resetAccount: { name: "reset:account", limit: 5, windowSeconds: 60 * 60 },
  resetAddress: { name: "reset:address", limit: 30, windowSeconds: 60 * 60 },
  signUpAddress: { name: "signup:address", limit: 20, windowSeconds: 60 * 60 },
  totpAccount: { name: "totp:account", limit: 10, windowSeconds: 15 * 60 },
  // New demo sandboxes per client address (issue 6.6). Overridable so an end-to-end suite that runs
  // again and again from one address can open more than a visitor would (README, e2e config).
  demoSandboxAddress: {
    name: "demo:address",
    limit: Number(process.env.DEMO_SANDBOX_LIMIT ?? 5),
    windowSeconds: 60 * 60,
  },
} satisfies Record<string, RateRule>;

/**
 * Counts one hit and answers whether it is within the limit. Fixed windows in PostgreSQL, so
 * every server instance shares the counters; one round trip.
 */
export async function hit(db: Db, rule: RateRule, subject: string): Promise<boolean> {
  const key = `${rule.name}:${subject}`;
  const rows = await db.execute<{ hits: number }>(sql`
    insert into rate_limits (key, window_start, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start < now() - make_interval(secs => ${rule.windowSeconds}) then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${rule.windowSeconds}) then now() else rate_limits.window_start end
    returning hits`);
  const hits = Number(rows[0]?.hits ?? 0);
  return hits <= rule.limit;
}

export async function resetLimit(db: Db, rule: RateRule, subject: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${`${rule.name}:${subject}`}`);
}

/** Counters whose window ended long ago are dead weight: the workers drop them. */
export async function deleteStaleRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
}
