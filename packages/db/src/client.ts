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
  const db = drizzle({ client, schema, casing: "snake_case" });
  return { db, client, close: () => client.end({ timeout: 5 }) };
}

export type Db = ReturnType<typeof createDb>["db"];
/** A transaction handle; services take `Tx` so they always run inside a scoped transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
