import { sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { foreignKey, pgPolicy, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";

export const id = () => uuid().primaryKey().defaultRandom();
/**
 * A tenant table's row id. Its primary key is `(id, tenant_id)` (`tenantPrimaryKey`): Citus
 * co-location wants `tenant_id` in every primary key, unique constraint and foreign key between
 * tenant tables (docs/scaling.md, the schema test in citus.integration.test.ts); `id` first, so a
 * lookup by id alone still walks the key's index.
 */
export const rowId = () => uuid().notNull().defaultRandom();
export const tenantPrimaryKey = (t: { id: PgColumn; tenantId: PgColumn }) =>
  primaryKey({ columns: [t.id, t.tenantId] });
/**
 * The primary key `(tenant_id, id)` of a table that grows by inserts of random ids and is never
 * read by id alone (`survey_responses`): an organisation's new rows share a few leaves of the
 * index, where under `(id, tenant_id)` each insert writes a random leaf of the whole table's,
 * whose first change after a checkpoint puts the whole page in the WAL (docs/scaling.md).
 */
export const tenantFirstPrimaryKey = (t: { id: PgColumn; tenantId: PgColumn }) =>
  primaryKey({ columns: [t.tenantId, t.id] });
/**
 * A foreign key to another tenant table through `(id, tenant_id)`: co-located, and a row can only
 * point at a row of its own organisation. A `set null` key is `SET NULL (column)` in the
 * migration (PostgreSQL 15), which keeps `tenant_id`; drizzle cannot say so.
 */
export const tenantForeignKey = (
  name: string,
  column: PgColumn,
  tenant: PgColumn,
  parent: { id: PgColumn; tenantId: PgColumn },
) => foreignKey({ name, columns: [column, tenant], foreignColumns: [parent.id, parent.tenantId] });
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const tenantId = () => uuid().notNull();

/**
 * The tenant of the current transaction, set with `set_config('app.tenant_id', id, true)`.
 * `nullif` because after a transaction the setting reads '' and a bare cast would fail. A scalar
 * subquery, so a policy reads the setting once per statement (an init plan), not once per row: at
 * 100,000 rows the per-row `current_setting` call was most of a list's count (migration 0037).
 */
export const currentTenantSql = sql`(select nullif(current_setting('app.tenant_id', true), '')::uuid)`;
export const currentUserSql = sql`(select nullif(current_setting('app.user_id', true), '')::uuid)`;
/** The role of work that crosses tenants without a session (seed, background jobs); see scope.ts. */
export const SYSTEM_ROLE = "kunto_system";

/**
 * The two ways across tenants (migration 0006): the system role, which only the owner connection
 * can SET ROLE to, and a platform admin whose session `kunto_enter_admin` checked in the database
 * (re-checked by `kunto_is_platform_admin()`, once per statement as an init plan). No setting the
 * request role can write by itself opens anything here.
 */
export const platformAdminSql = sql.raw(
  `(current_user = '${SYSTEM_ROLE}' or (select kunto_is_platform_admin()))`,
);

/** Row-level security for a tenant-owned table: rows of the request's tenant only. */
export const tenantPolicy = (table: string, column: PgColumn) =>
  pgPolicy(`${table}_tenant_isolation`, {
    as: "permissive",
    for: "all",
    using: sql`${column} = ${currentTenantSql} or ${platformAdminSql}`,
    withCheck: sql`${column} = ${currentTenantSql} or ${platformAdminSql}`,
  });
