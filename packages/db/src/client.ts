import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";

export type Schema = typeof schema;

export function createDb(url: string, options: { max?: number } = {}) {
  const client = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    // Transactions set their tenant with set_config(..., true); nothing session-level may leak.
    prepare: true,
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

export type Db = ReturnType<typeof createDb>["db"];
/** A transaction handle; services take `Tx` so they always run inside a scoped transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
