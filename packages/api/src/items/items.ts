import { AppError, ITEM_TYPES, type ItemType } from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { and, asc, eq, inArray, sql } from "drizzle-orm";

/**
 * Items (document 3 §3–§7, issue 22): tenant admins only. A delete is soft (`active` false,
 * document 3 §4) and a deleted item is hidden everywhere, its id answering 404 from then on.
 */
const { items } = schema;
type ItemRow = typeof items.$inferSelect;

const toDto = (r: ItemRow) => ({
  id: r.id,
  name: r.name,
  type: r.type as ItemType,
  active: r.active,
  createdAt: r.createdAt.toISOString(),
});

const live = (tenantId: string) => and(eq(items.tenantId, tenantId), eq(items.active, true));
const order = [asc(items.type), asc(sql`lower(${items.name})`), asc(items.id)];

export async function listItems(tx: Tx, tenantId: string, types?: readonly string[]) {
  const where = types ? and(live(tenantId), inArray(items.type, [...types])) : live(tenantId);
  return (
    await tx
      .select()
      .from(items)
      .where(where)
      .orderBy(...order)
  ).map(toDto);
}

async function liveItem(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select()
    .from(items)
    .where(and(live(tenantId), eq(items.id, id)));
  if (!row) throw new AppError("not_found");
  return row;
}

export const getItem = async (tx: Tx, tenantId: string, id: string) =>
  toDto(await liveItem(tx, tenantId, id));

/** Name and type are required when creating (document 3 §5 "check all required fields"). */
export async function createItem(tx: Tx, tenantId: string, input: { name: string; type?: ItemType | null }) {
  if (!input.name || !input.type) throw new AppError("required_fields");
  const [row] = await tx.insert(items).values({ tenantId, name: input.name, type: input.type }).returning();
  return toDto(row as ItemRow);
}

export async function updateItem(
  tx: Tx,
  tenantId: string,
  id: string,
  patch: { name?: string; type?: string; active?: boolean },
) {
  const current = await liveItem(tx, tenantId, id);
  if (patch.type !== undefined && patch.type !== current.type) throw new AppError("item_type_fixed");
  if (patch.name !== undefined && !patch.name) throw new AppError("required_fields");
  const [row] = await tx
    .update(items)
    .set({ name: patch.name ?? current.name, active: patch.active ?? current.active, updatedAt: new Date() })
    .where(and(eq(items.tenantId, tenantId), eq(items.id, id)))
    .returning();
  return toDto(row as ItemRow);
}

export const isItemType = (t: string): t is ItemType => (ITEM_TYPES as readonly string[]).includes(t);
