import { sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { pgPolicy, timestamp, uuid } from "drizzle-orm/pg-core";

export const id = () => uuid().primaryKey().defaultRandom();
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const tenantId = () => uuid().notNull();

/**
 * The tenant of the current transaction, set with `set_config('app.tenant_id', id, true)`.
 * `nullif` because after a transaction the setting reads '' and a bare cast would fail.
 */
export const currentTenantSql = sql`nullif(current_setting('app.tenant_id', true), '')::uuid`;
export const currentUserSql = sql`nullif(current_setting('app.user_id', true), '')::uuid`;
/** Set only by the audited platform-admin path (`asPlatformAdmin`). */
export const platformAdminSql = sql`coalesce(current_setting('app.platform_admin', true), '') = 'on'`;

/** Row-level security for a tenant-owned table: rows of the request's tenant only. */
export const tenantPolicy = (table: string, column: PgColumn) =>
  pgPolicy(`${table}_tenant_isolation`, {
    as: "permissive",
    for: "all",
    using: sql`${column} = ${currentTenantSql} or ${platformAdminSql}`,
    withCheck: sql`${column} = ${currentTenantSql} or ${platformAdminSql}`,
  });
