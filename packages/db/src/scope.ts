import { sql } from "drizzle-orm";
import { createDb, type Db, type Tx } from "./client";
import { auditLog } from "./schema";
import { SYSTEM_ROLE } from "./schema/columns";

declare const systemDbBrand: unique symbol;
/**
 * A pool on the owner connection, the only one that may enter the system role. Branded so the
 * request pool (kunto_app, which cannot SET ROLE kunto_system) is never passed where it is meant.
 */
export type SystemDb = Db & { readonly [systemDbBrand]: true };

export function createSystemDb(ownerUrl: string, options: { max?: number } = {}) {
  const { db, close } = createDb(ownerUrl, { max: options.max ?? 2 });
  return { system: db as SystemDb, close };
}

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
 * Work that crosses tenants without a signed-in platform admin (the seed, background jobs): a
 * transaction on the owner connection that enters the system role (migration 0006). The policies
 * open every row to that role; the request role is no member of it and cannot enter it. Requests
 * of platform admins use `kunto_enter_admin` instead (adminProcedure).
 */
export async function withSystem<T>(system: SystemDb, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return system.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local role ${SYSTEM_ROLE}`));
    return fn(tx);
  });
}

/**
 * Platform administration without a request (a job acting for the platform): `withSystem`, made
 * explicit (the caller names the action) and audited (a row in audit_log per transaction).
 */
export async function asPlatformAdmin<T>(
  system: SystemDb,
  actor: { userId: string | null; action: string; targetType?: string; targetId?: string },
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  return withSystem(system, async (tx) => {
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

/** Whose credentials a statement touches (issue 17.10, migration 0024). */
export interface CredentialsOf {
  /** Every session, confirmation token and reset code of this user. */
  userId?: string;
  /** The one session or confirmation token with this token hash. */
  tokenHash?: string;
}

/**
 * Sessions, confirmation tokens and reset codes are fenced by row-level security: the request role
 * sees them only inside this scope, which names the rows by their user or token hash and forgets
 * them again before it ends (a savepoint inside a transaction, a transaction on the pool). Every
 * statement on those tables goes through it; nothing else in a request reads them.
 */
export async function withCredentials<T>(
  db: Db | Tx,
  of: CredentialsOf,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.credentials_of', ${of.userId ?? ""}, true), set_config('app.token_hash', ${of.tokenHash ?? ""}, true)`,
    );
    const result = await fn(tx);
    await tx.execute(
      sql`select set_config('app.credentials_of', '', true), set_config('app.token_hash', '', true)`,
    );
    return result;
  });
}
