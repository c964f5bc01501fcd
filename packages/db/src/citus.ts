import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as schema from "./schema";

/**
 * How far each tenant table is from Citus co-location (issue 24, docs/scaling.md): a table
 * distributed by `tenant_id` needs `tenant_id` in its primary key, in every unique constraint or
 * unique index, and in every foreign key to another tenant table. Lists what is missing, per
 * table; an empty list is a table ready to distribute. The database's own catalogue is checked by
 * apps/server/test/app/citus.integration.test.ts.
 */
export interface CitusGap {
  table: string;
  gaps: string[];
}

const isTenant = (column: string) => column === "tenant_id" || column === "tenantId";
const names = (columns: { name: string }[]) => columns.map((c) => c.name).join(", ");

export function citusGaps(): CitusGap[] {
  const configs = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table));
  // A nullable tenant_id (audit_log: rows of no organisation too) cannot be a distribution column.
  const tenantTables = new Set(
    configs.filter((c) => c.columns.some((col) => isTenant(col.name) && col.notNull)).map((c) => c.name),
  );
  return configs
    .filter((c) => tenantTables.has(c.name))
    .map((c) => {
      const gaps: string[] = [];
      const primary = c.primaryKeys[0]?.columns ?? c.columns.filter((col) => col.primary);
      // No primary key is allowed (Citus needs none); one without tenant_id is not.
      if (primary.length > 0 && !primary.some((col) => isTenant(col.name)))
        gaps.push(`primary key (${names(primary)})`);
      for (const unique of c.uniqueConstraints)
        if (!unique.columns.some((col) => isTenant(col.name))) gaps.push(`unique (${names(unique.columns)})`);
      for (const col of c.columns) if (col.isUnique && !isTenant(col.name)) gaps.push(`unique (${col.name})`);
      for (const index of c.indexes)
        if (
          index.config.unique &&
          !index.config.columns.some((col) => "name" in col && isTenant(String(col.name)))
        )
          gaps.push(`unique index ${index.config.name}`);
      for (const fk of c.foreignKeys) {
        const ref = fk.reference();
        const target = getTableConfig(ref.foreignTable).name;
        if (tenantTables.has(target) && !ref.columns.some((col) => isTenant(col.name)))
          gaps.push(`foreign key (${names(ref.columns)}) → ${target}`);
      }
      return { table: c.name, gaps };
    })
    .sort((a, b) => a.table.localeCompare(b.table));
}
