import { listMembers } from "@kunto/api";
import type { Db } from "@kunto/db";
import { withScope } from "@kunto/db";
import type { Hono } from "hono";

/**
 * Only with BENCH_ROUTES=true: the account's users read by a bare Hono route with the same
 * transaction, tenant setting and SQL as the procedure, so `pnpm bench` can show what the tRPC
 * and REST layers cost on top of the database work.
 */
export function addBenchRoutes(app: Hono, db: Db) {
  app.get("/__bench/tenant-users", async (c) => {
    const tenantId = c.req.header("x-tenant-id") ?? "";
    const userId = c.req.header("x-bench-user") ?? "";
    const users = await withScope(db, { userId, tenantId }, (tx) =>
      listMembers(tx, tenantId, null, {
        appUrl: "",
        internalEmailDomains: [],
        secureCookies: false,
        secretsKey: new Uint8Array(32),
      }),
    );
    return c.json(users);
  });
}
