import { addDays, dayStart } from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { and, asc, count, desc, eq, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import { visibleTo } from "../accounts/members";
import type { ApiConfig } from "../context";
import { apiKeyNameOf, detailsOf, personName } from "./audit-detail";
import { AUDIT_EXPORT_MAX, type TAuditFilters, type TAuditPage, type TAuditRow } from "./schemas";

/**
 * Who reads the log: a tenant admin reads one organisation (`tenantId`; row-level security lets the
 * transaction see no other rows anyway), a platform admin every organisation (`tenantId` null, then
 * the `tenantId` filter may narrow). People of internal company domains are hidden as in user lists.
 */
export interface AuditViewer {
  tenantId: string | null;
  email: string | null;
  config: ApiConfig;
}

/** How many people and actions the filter lists offer at most (the most recent actors first). */
const PEOPLE_MAX = 500;
const ACTIONS_MAX = 200;

const log = schema.auditLog;

function whereOf(viewer: AuditViewer, filters: TAuditFilters, until?: number | null): SQL | undefined {
  const tenantId = viewer.tenantId ?? filters.tenantId;
  return and(
    tenantId ? eq(log.tenantId, tenantId) : undefined,
    filters.userId ? eq(log.actorUserId, filters.userId) : undefined,
    filters.action ? eq(log.action, filters.action) : undefined,
    // Days of Europe/Helsinki, both ends inclusive: up to the next day's midnight.
    filters.from ? gte(log.at, dayStart(filters.from)) : undefined,
    filters.to ? lt(log.at, dayStart(addDays(filters.to, 1))) : undefined,
    until != null ? lte(log.id, until) : undefined,
  );
}

async function countOf(tx: Tx, where: SQL | undefined) {
  const [row] = await tx
    .select({ total: count(), until: sql<string | null>`max(${log.id})` })
    .from(log)
    .where(where);
  return { total: row?.total ?? 0, until: row?.until == null ? null : Number(row.until) };
}

async function rowsOf(tx: Tx, viewer: AuditViewer, where: SQL | undefined, limit: number, offset = 0) {
  const users = schema.users;
  const tenants = schema.tenants;
  const rows = await tx
    .select({
      id: log.id,
      at: log.at,
      actorUserId: log.actorUserId,
      action: log.action,
      targetType: log.targetType,
      targetId: log.targetId,
      details: log.details,
      tenantId: log.tenantId,
      tenantName: tenants.name,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      username: users.username,
    })
    .from(log)
    .leftJoin(users, eq(users.id, log.actorUserId))
    .leftJoin(tenants, eq(tenants.id, log.tenantId))
    .where(where)
    .orderBy(desc(log.at), desc(log.id))
    .limit(limit)
    .offset(offset);
  const visible = visibleTo(viewer.email, viewer.config);
  return rows.map((row): TAuditRow => {
    const hidden = row.actorUserId !== null && !visible(row);
    return {
      id: row.id,
      at: row.at.toISOString(),
      actor: {
        userId: hidden ? null : row.actorUserId,
        name: hidden ? null : personName(row),
        apiKeyName: apiKeyNameOf(row.details),
        hidden,
      },
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      details: detailsOf(row.details),
      tenantId: row.tenantId,
      tenantName: row.tenantName,
    };
  });
}

/**
 * A page of the log, newest first. The first page's `until` (the newest matching row's id) bounds
 * the later pages, so rows written meanwhile never shift them.
 */
export async function listAudit(tx: Tx, viewer: AuditViewer, filters: TAuditFilters, page: TAuditPage) {
  const counted = await countOf(tx, whereOf(viewer, filters, page.until));
  const until = page.until ?? counted.until;
  const rows =
    counted.total > 0
      ? await rowsOf(tx, viewer, whereOf(viewer, filters, until), page.limit, page.offset)
      : [];
  return { total: counted.total, until, rows };
}

/** Every matching row for the CSV, newest first, at most AUDIT_EXPORT_MAX; `total` tells what matched. */
export async function exportAudit(tx: Tx, viewer: AuditViewer, filters: TAuditFilters) {
  const where = whereOf(viewer, filters);
  const { total } = await countOf(tx, where);
  return { total, rows: total > 0 ? await rowsOf(tx, viewer, where, AUDIT_EXPORT_MAX) : [] };
}

/** The people and actions that occur in the log the viewer reads: the choices of its filters. */
export async function auditFilterOptions(tx: Tx, viewer: AuditViewer, tenantId?: string) {
  const users = schema.users;
  const where = whereOf(viewer, { tenantId });
  const lastAt = sql`max(${log.at})`;
  const [actors, actions] = await Promise.all([
    tx
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        username: users.username,
      })
      .from(log)
      .innerJoin(users, eq(users.id, log.actorUserId))
      .where(where)
      .groupBy(users.id)
      .orderBy(desc(lastAt))
      .limit(PEOPLE_MAX),
    tx
      .selectDistinct({ action: log.action })
      .from(log)
      .where(where)
      .orderBy(asc(log.action))
      .limit(ACTIONS_MAX),
  ]);
  const visible = visibleTo(viewer.email, viewer.config);
  const people = actors
    .filter(visible)
    .map((user) => ({ id: user.id, name: personName(user) ?? user.id }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { people, actions: actions.map((row) => row.action) };
}
