import { isIP } from "node:net";
import { AppError } from "@kunto/core";
import type { Db } from "@kunto/db";
import { type SQL, sql } from "drizzle-orm";

export interface RateRule {
  /** e.g. "signin:device" */
  name: string;
  limit: number;
  windowSeconds: number;
}

const MINUTES_15 = 15 * 60;
const HOUR = 60 * 60;

/**
 * Sign-in follows OWASP's device-cookie scheme (issue 6.2): a browser with a valid device cookie for
 * the account is counted per (account, device); any other per (account, client address), and only
 * those unknown devices count against the client address.
 */
export const RATE_RULES = {
  signInDevice: { name: "signin:device", limit: 10, windowSeconds: MINUTES_15 },
  signInAccountAddress: { name: "signin:account-address", limit: 10, windowSeconds: MINUTES_15 },
  // Overridable so a benchmark can measure hashing capacity from one address.
  signInAddress: {
    name: "signin:address",
    limit: Number(process.env.SIGNIN_ADDRESS_LIMIT ?? 100),
    windowSeconds: MINUTES_15,
  },
  changePassword: { name: "change:account", limit: 10, windowSeconds: MINUTES_15 },
  resetAccount: { name: "reset:account", limit: 5, windowSeconds: HOUR },
  resetAddress: { name: "reset:address", limit: 30, windowSeconds: HOUR },
  resetCodeAccount: { name: "resetcode:account", limit: 10, windowSeconds: HOUR },
  resetCodeAddress: { name: "resetcode:address", limit: 30, windowSeconds: HOUR },
  signUpAddress: { name: "signup:address", limit: 20, windowSeconds: HOUR },
  // Confirmation mails to one e-mail address (sign-ups and resent links): nobody floods a mailbox.
  confirmMailAccount: { name: "confirm-mail:account", limit: 5, windowSeconds: HOUR },
  confirmAddress: { name: "confirm:address", limit: 30, windowSeconds: MINUTES_15 },
  totpAccount: { name: "totp:account", limit: 10, windowSeconds: MINUTES_15 },
  // New demo sandboxes per client address, an IPv6 client per /64 like every other address counter
  // (issue 6.6, 17.4). Overridable so an end-to-end suite that runs again and again from one address
  // can open more than a visitor would (README, e2e config).
  demoSandboxAddress: {
    name: "demo:address",
    limit: Number(process.env.DEMO_SANDBOX_LIMIT ?? 5),
    windowSeconds: HOUR,
  },
  // Votes and withdrawals on the public task voting page per client address (issue 9). A whole
  // office may share one address: generous, but a script cannot flood the counters.
  taskVoteAddress: {
    name: "taskvote:address",
    limit: Number(process.env.TASK_VOTE_ADDRESS_LIMIT ?? 600),
    windowSeconds: MINUTES_15,
  },
  // The limits below are the defaults of the server's configuration (ApiConfig.limits, README):
  // the caller passes the configured limit with `withLimit`.
  // Public survey submissions per share and client address (issue 17.5): an office behind one
  // address answers the same link, so generous; a script cannot pour answers into a link.
  responseShareAddress: { name: "response:share-address", limit: 100, windowSeconds: HOUR },
  // Invitation mails (account invitations and survey links sent by e-mail) per inviting user and
  // per organisation (issue 17.5); one call counts one hit per mail it queues.
  invitationMailUser: { name: "invitation-mail:user", limit: 1000, windowSeconds: HOUR },
  invitationMailTenant: { name: "invitation-mail:tenant", limit: 2000, windowSeconds: HOUR },
} satisfies Record<string, RateRule>;

/** A rule with the limit the server was configured with. */
export const withLimit = (rule: RateRule, limit: number): RateRule => ({ ...rule, limit });

export type RateCheck = readonly [rule: RateRule, subject: string];

/**
 * The subject of a per-address counter. An IPv6 client usually holds a whole /64, so its counters
 * are kept per /64 prefix (one host could otherwise walk through 2^64 addresses); IPv4 per address.
 */
export function addressSubject(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const [head = "", tail] = ip.toLowerCase().split("::");
  const groups = (part: string | undefined) =>
    part ? part.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])) : [];
  const left = groups(head);
  const right = groups(tail);
  const full =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${full
    .slice(0, 4)
    .map((g) => Number.parseInt(g || "0", 16).toString(16))
    .join(":")}::/64`;
}

/** What the counters need of a database handle: the pool, a transaction or the system handle. */
type Executor = Pick<Db, "execute">;

const rulesValues = (checks: readonly RateCheck[], cost: number) =>
  sql.join(
    checks.map(
      ([rule, subject]) =>
        sql`(${`${rule.name}:${subject}`}::text, ${rule.limit}::int, ${rule.windowSeconds}::int, ${cost}::int)`,
    ),
    sql`, `,
  );

/**
 * Counts `cost` hits (one unless a call does several things at once, e.g. mails) on every counter
 * named and answers whether all were within their limits, in one statement. A request refused
 * because any counter would pass its limit writes nothing (no new row and no increment, issue 6.2),
 * and a counter never grows past its limit, even under concurrent calls (the increment itself is
 * conditional). Fixed windows in PostgreSQL, shared by every instance.
 */
export async function consume(db: Executor, checks: readonly RateCheck[], cost = 1): Promise<boolean> {
  if (checks.length === 0) return true;
  const result = await db.execute<{ n: number }>(
    sql`with ${countingWith(checks, cost)} select count(*)::int as n from counted`,
  );
  return Number(result[0]?.n ?? 0) === checks.length;
}

/**
 * `consume`'s work as the items of a WITH clause, for a statement that counts and does something
 * else at once (the public submission reads its share in the same statement): `counted` holds one
 * row per counter that took the hits, so all were within their limits when it has `checks.length`.
 * `checks` must not be empty.
 */
export function countingWith(checks: readonly RateCheck[], cost = 1): SQL {
  return sql`rules (key, lim, win, cost) as (values ${rulesValues(checks, cost)}),
    blocked as (
      select 1 from rules u left join rate_limits r on r.key = u.key
      where u.cost > u.lim
        or (r.hits + u.cost > u.lim and r.window_start >= now() - make_interval(secs => u.win))
    ),
    counted as (
      insert into rate_limits as r (key, window_start, hits)
      select key, now(), cost from rules where not exists (select 1 from blocked)
      on conflict (key) do update set
        hits = case when r.window_start < now() - make_interval(secs => (select win from rules where rules.key = excluded.key))
          then excluded.hits else r.hits + excluded.hits end,
        window_start = case when r.window_start < now() - make_interval(secs => (select win from rules where rules.key = excluded.key))
          then now() else r.window_start end
      where r.window_start < now() - make_interval(secs => (select win from rules where rules.key = excluded.key))
        or r.hits + excluded.hits <= (select lim from rules where rules.key = excluded.key)
      returning 1
    )`;
}

/**
 * Whole seconds until every counter that refused `cost` more hits has a new window (at least 1):
 * the `Retry-After` of a refusal. A cost past a limit never fits: then the longest window.
 */
export async function retryAfterSeconds(
  db: Executor,
  checks: readonly RateCheck[],
  cost = 1,
): Promise<number> {
  if (checks.some(([rule]) => cost > rule.limit))
    return Math.max(...checks.map(([rule]) => rule.windowSeconds));
  if (checks.length === 0) return 1;
  const result = await db.execute<{ s: number | null }>(sql`
    with rules (key, lim, win, cost) as (values ${rulesValues(checks, cost)})
    select max(ceil(extract(epoch from r.window_start + make_interval(secs => u.win) - now())))::int as s
    from rate_limits r join rules u on u.key = r.key
    where r.hits + u.cost > u.lim and r.window_start >= now() - make_interval(secs => u.win)`);
  return Math.max(1, Number(result[0]?.s ?? 1));
}

/** The 429 `too_many_requests` of a refused `consume`; `details.retryAfter` (seconds) becomes the answer's `Retry-After` header. */
export async function tooManyRequests(
  db: Executor,
  checks: readonly RateCheck[],
  cost = 1,
): Promise<AppError> {
  return new AppError("too_many_requests", { retryAfter: await retryAfterSeconds(db, checks, cost) });
}

/** `consume`, refusing with `tooManyRequests`. The extra statement runs only on a refusal. */
export async function enforce(db: Executor, checks: readonly RateCheck[], cost = 1): Promise<void> {
  if (await consume(db, checks, cost)) return;
  throw await tooManyRequests(db, checks, cost);
}

/** One counter: `consume` with a single check. */
export const hit = (db: Executor, rule: RateRule, subject: string) => consume(db, [[rule, subject]]);

export async function resetLimit(db: Db, rule: RateRule, subject: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${`${rule.name}:${subject}`}`);
}

/** Counters whose window ended long ago are dead weight: the workers drop them. */
export async function deleteStaleRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
}
