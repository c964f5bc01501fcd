import { AsyncLocalStorage } from "node:async_hooks";
import type { AuditAction } from "@kunto/core";
import { type Db, schema, type Tx } from "@kunto/db";

export interface AuditEntry {
  actorUserId: string | null;
  tenantId?: string | null;
  /** One of AUDIT_ACTIONS (each has a label on the screen and in the CSV), or an API key's call. */
  action: AuditAction | `api.${string}`;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
}

/** The API key of the call being served (issue 20), set by tenantProcedure for a key's call. */
const actingKey = new AsyncLocalStorage<string>();
export const withActingKey = <T>(keyName: string, fn: () => T): T => actingKey.run(keyName, fn);

/**
 * Security-relevant actions: sign-in, failed sign-in, role / plan / state changes. A row written
 * during an API key's call names the key in `details.apiKeyName` (the audit screen shows it).
 */
export async function audit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  const keyName = actingKey.getStore();
  await db.insert(schema.auditLog).values({
    actorUserId: entry.actorUserId,
    tenantId: entry.tenantId ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    details: keyName ? { ...entry.details, apiKeyName: keyName } : (entry.details ?? null),
  });
}
