import { type Db, schema, type Tx } from "@kunto/db";

export interface AuditEntry {
  actorUserId: string | null;
  tenantId?: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
}

/** Security-relevant actions: sign-in, failed sign-in, role / plan / state changes. */
export async function audit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(schema.auditLog).values({
    actorUserId: entry.actorUserId,
    tenantId: entry.tenantId ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    details: entry.details ?? null,
  });
}
