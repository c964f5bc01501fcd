import { sql } from "drizzle-orm";
import type { Db, Tx } from "./client";
import { auditLog } from "./schema";

/**
 * Who a transaction acts for. Row-level security reads these settings; they are set with
 * `set_config(..., true)` so they end with the transaction and never leak across a pooled
 * connection.
 */
export interface Scope {
  userId: string | null;
  tenantId: string | null;
}

export async function withScope<T>(db: Db, scope: Scope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.user_id', ${scope.userId ?? ""}, true), set_config('app.tenant_id', ${scope.tenantId ?? ""}, true)`,
    );
    return fn(tx);
  });
}

/**
 * The one path that crosses tenants: platform administration. It is explicit (the caller names
 * the action) and audited (a row in audit_log per transaction).
 */
export async function asPlatformAdmin<T>(
  db: Db,
  actor: { userId: string | null; action: string; targetType?: string; targetId?: string },
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.user_id', ${actor.userId ?? ""}, true), set_config('app.tenant_id', '', true), set_config('app.platform_admin', 'on', true)`,
    );
    const result = await fn(tx);
    await tx.insert(auditLog).values({
      actorUserId: actor.userId,
      action: actor.action,
      targetType: actor.targetType ?? null,
      targetId: actor.targetId ?? null,
    });
    return result;
  });
}
