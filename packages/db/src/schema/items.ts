import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, rowId, tenantId, tenantPolicy, tenantPrimaryKey, updatedAt } from "./columns";
import { tenants } from "./tenants";

/**
 * Items (document 3 §3 "Item", issue 22): named things of a type, deleted softly (`active` false,
 * document 3 §4) and hidden from then on. The type is fixed once the item exists.
 */
export const items = pgTable(
  "items",
  {
    id: rowId(),
    tenantId: tenantId().references(() => tenants.id, { onDelete: "cascade" }),
    name: text().notNull(),
    type: text().notNull(),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index("items_tenant_type_idx").on(t.tenantId, t.type, sql`lower(${t.name})`).where(sql`${t.active}`),
    tenantPolicy("items", t.tenantId),
  ],
);
