import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";

export type Schema = typeof schema;

export function createDb(
  url: string,
  options: {
    max?: number;
    /** Sees every statement the pool sends (tests that prove which statements a call makes). */
    onStatement?: (statement: string) => void;
  } = {},
) {
  const onStatement = options.onStatement;
  const client = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    ...(onStatement ? { debug: (_connection: number, statement: string) => onStatement(statement) } : {}),
    // Transactions set their tenant with set_config(..., true); nothing session-level may leak.
    prepare: true,
    // While the database is away every call fails at once (503, docs/decisions.md "When the
    // database goes away"); once it is back, a connection tries again within a second. The
    // driver's own back-off grows to 20 s after a few failed attempts, longer than the 10 s in
    // which service must resume.
    backoff: reconnectDelaySeconds,
    // An unreachable host (no refusal, no answer) fails a call after 10 s instead of 30 s.
    connect_timeout: 10,
  });
  const db = drizzle({ client: preparing(client), schema, casing: "snake_case" });
  return { db, client, close: () => client.end({ timeout: 5 }) };
}

/**
 * drizzle runs every `execute(sql)` and query-builder call through postgres.js `unsafe` with
 * `prepare: false`, which sends each parameterised statement as Parse + Describe, waits for the
 * parameter types, then Bind + Execute: two round trips, and a fresh parse and plan every time.
 * With `prepare: true` postgres.js keeps a named statement per connection and text, so a repeated
 * statement is one round trip with a cached plan. Transactions (`begin`, `savepoint`) hand drizzle a
 * new client, which is wrapped the same way. (Row-level security is evaluated at execution, from the
 * transaction's settings, so a cached plan serves every tenant alike.)
 */
function preparing<T extends postgres.Sql>(client: T): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe")
        return (query: string, parameters?: unknown[], options?: Record<string, unknown>) =>
          target.unsafe(query, parameters as never, { ...options, prepare: true });
      if (property === "begin" || property === "savepoint")
        return (...args: unknown[]) => {
          const callback = args.pop() as (inner: postgres.Sql) => unknown;
          const method = Reflect.get(target, property, receiver) as (...a: unknown[]) => unknown;
          return method.apply(target, [...args, (inner: postgres.Sql) => callback(preparing(inner))]);
        };
      return Reflect.get(target, property, receiver);
    },
  });
}

/** 50 ms, 100 ms, 200 ms, ... at most 1 s between a connection's attempts to reach the database. */
export function reconnectDelaySeconds(attempt: number): number {
  return Math.min(1, 0.05 * 2 ** attempt);
}

/**
 * Failures that say the database cannot be reached now (stopped, restarting, crashed, out of
 * connections, or the network to it is down), not that a statement was wrong. The request
 * answers 503 `service_unavailable` with Retry-After for these, and 500 for anything else.
 * Looks through `cause` (drizzle and tRPC wrap the driver's error) and AggregateError (a refused
 * connection to a name with several addresses).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 8 || typeof error !== "object" || error === null) return false;
  if ("code" in error && typeof error.code === "string" && UNAVAILABLE.test(error.code)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
  )
    return true;
  return "cause" in error && isDatabaseUnavailable(error.cause, depth + 1);
}

/**
 * postgres.js's closed connection and connect timeout; the socket's refusals and resets; SQLSTATE
 * class 08 (connection exception), 57P01 (terminated by an administrator or by a dying
 * postmaster), 57P02 (crash of another server process), 57P03 (starting up, shutting down, in
 * recovery) and 53300 (too many connections). Not CONNECTION_ENDED or CONNECTION_DESTROYED: those
 * say this process ended its own pool, which is no outage but a fault here (500).
 */
const UNAVAILABLE =
  /^(CONNECTION_CLOSED|CONNECT_TIMEOUT|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|08[0-9A-Z]{3}|57P0[123]|53300)$/;

export type Db = ReturnType<typeof createDb>["db"];
/** A transaction handle; services take `Tx` so they always run inside a scoped transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
