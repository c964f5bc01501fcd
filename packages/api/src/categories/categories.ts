import { AppError, MAX_CATEGORY_LEVEL, type TCategoryInput } from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { asc, eq, sql } from "drizzle-orm";
import { deleteTexts, newContentTid, type Texts, textOr, textsOf, writeTexts } from "../content-texts";

/**
 * The category tree (document 3 §2 "Categories screen", §3 Category, §5): platform admins edit it;
 * every member of an account reads it (the task board's columns, the task dialog). Names and
 * descriptions are translations, changed in place so a rename shows everywhere at the next read.
 */
type CategoryRow = typeof schema.categories.$inferSelect;

export interface CategoryDto {
  id: string;
  key: string;
  engineName: string;
  order: number;
  level: number;
  type: Array<"PERSONNEL" | "MANAGEMENT">;
  parentCategoryId: string | null;
  parentCategory: { id: string; engineName: string } | null;
  /** The level-1 ancestor's engine name (itself for a top-level category): the board's column. */
  topCategory: string;
  nameTid: string;
  descriptionTid: string;
  name: Texts;
  description: Texts;
}

function topOf(row: CategoryRow, byId: Map<string, CategoryRow>): CategoryRow {
  let current = row;
  for (let i = 0; i < MAX_CATEGORY_LEVEL && current.parentId; i++) {
    const parent = byId.get(current.parentId);
    if (!parent) break;
    current = parent;
  }
  return current;
}

/** Every category, sorted by order (document 3 §7 GET /api/category). */
export async function listCategories(tx: Tx): Promise<CategoryDto[]> {
  const rows = await tx.select().from(schema.categories).orderBy(asc(schema.categories.order));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const texts = await textsOf(
    tx,
    rows.flatMap((r) => [r.nameTid, r.descriptionTid]),
  );
  return rows.map((r) => {
    const parent = r.parentId ? byId.get(r.parentId) : undefined;
    return {
      id: r.id,
      key: r.key,
      engineName: r.engineName,
      order: r.order,
      level: r.level,
      type: r.types as CategoryDto["type"],
      parentCategoryId: r.parentId,
      parentCategory: parent ? { id: parent.id, engineName: parent.engineName } : null,
      topCategory: topOf(r, byId).engineName,
      nameTid: r.nameTid,
      descriptionTid: r.descriptionTid,
      name: textOr(texts, r.nameTid, r.engineName),
      description: textOr(texts, r.descriptionTid),
    };
  });
}

export async function getCategory(tx: Tx, id: string): Promise<CategoryDto> {
  const found = (await listCategories(tx)).find((c) => c.id === id);
  if (!found) throw new AppError("not_found");
  return found;
}

/** What refers to a category: a non-zero count protects it from deletion and renaming. */
async function usageOf(tx: Tx, row: CategoryRow) {
  const [usage] = await tx.execute<{
    children: number;
    questions: number;
    statics: number;
    tasks: number;
  }>(sql`
    select
      (select count(*)::int from categories where parent_id = ${row.id}) as children,
      (select count(*)::int from survey_questions where category = ${row.engineName}) as questions,
      (select count(*)::int from static_tasks where category_id = ${row.id}) as statics,
      (select count(*)::int from tasks where category_id = ${row.id}) as tasks`);
  return usage ?? { children: 0, questions: 0, statics: 0, tasks: 0 };
}

async function findRow(tx: Tx, id: string, lock = false): Promise<CategoryRow> {
  const query = tx.select().from(schema.categories).where(eq(schema.categories.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("not_found");
  return row;
}

/** The parent's level, after the rules: not itself, not its own descendant, at most level 2. */
async function parentLevel(tx: Tx, id: string | null, parentId: string | null | undefined): Promise<number> {
  if (!parentId) return 0;
  if (parentId === id)
    throw new AppError("category_parent_invalid", { fields: { parentCategoryId: "self" } });
  const all = await tx.select().from(schema.categories);
  const byId = new Map(all.map((r) => [r.id, r]));
  const parent = byId.get(parentId);
  if (!parent || parent.level >= MAX_CATEGORY_LEVEL)
    throw new AppError("category_parent_invalid", { fields: { parentCategoryId: "level" } });
  for (let at: CategoryRow | undefined = parent; at; at = at.parentId ? byId.get(at.parentId) : undefined)
    if (at.id === id)
      throw new AppError("category_parent_invalid", { fields: { parentCategoryId: "cycle" } });
  return parent.level;
}

async function assertEngineNameFree(tx: Tx, engineName: string, id: string | null) {
  const [clash] = await tx
    .select({ id: schema.categories.id })
    .from(schema.categories)
    .where(
      sql`(${schema.categories.engineName} = ${engineName} or ${schema.categories.key} = ${engineName})`,
    );
  if (clash && clash.id !== id) throw new AppError("category_engine_name_exists");
}

type Body = ReturnType<typeof normalise>;
function normalise(input: TCategoryInput) {
  const engineName = input.engineName.trim();
  if (!engineName)
    throw new AppError("category_engine_name_required", { fields: { engineName: "required" } });
  return { ...input, engineName, types: input.types ?? [] };
}

export async function createCategory(tx: Tx, input: TCategoryInput): Promise<CategoryDto> {
  const body: Body = normalise(input);
  await assertEngineNameFree(tx, body.engineName, null);
  const level = (await parentLevel(tx, null, body.parentCategoryId)) + 1;
  const nameTid = newContentTid("category");
  const descriptionTid = newContentTid("category");
  // Saving writes the translations first, then the category (document 3 §2).
  await writeTexts(tx, nameTid, body.name);
  await writeTexts(tx, descriptionTid, body.description);
  const [max] = await tx.execute<{ n: number }>(
    sql`select coalesce(max("order"), 0)::int as n from categories`,
  );
  const [row] = await tx
    .insert(schema.categories)
    .values({
      key: body.engineName,
      engineName: body.engineName,
      parentId: body.parentCategoryId ?? null,
      order: body.order ?? (max?.n ?? 0) + 10,
      level,
      types: body.types,
      nameTid,
      descriptionTid,
    })
    .returning();
  if (!row) throw new AppError("error_category_save_failed");
  return getCategory(tx, row.id);
}

export async function updateCategory(tx: Tx, id: string, input: TCategoryInput): Promise<CategoryDto> {
  const body: Body = normalise(input);
  const row = await findRow(tx, id, true);
  if (body.engineName !== row.engineName) {
    const usage = await usageOf(tx, row);
    // Survey questions and tasks name the category: its engine name stays while they do.
    if (usage.questions > 0 || usage.tasks > 0) throw new AppError("category_in_use", { ...usage });
    await assertEngineNameFree(tx, body.engineName, id);
  }
  const level = (await parentLevel(tx, id, body.parentCategoryId)) + 1;
  if (level !== row.level) {
    const [depth] = await tx.execute<{ n: number }>(sql`
      with recursive sub as (
        select id, 0 as d from categories where id = ${id}
        union all select c.id, sub.d + 1 from categories c join sub on c.parent_id = sub.id where sub.d < 5)
      select max(d)::int as n from sub`);
    if (level + (depth?.n ?? 0) > MAX_CATEGORY_LEVEL)
      throw new AppError("category_parent_invalid", { fields: { parentCategoryId: "level" } });
  }
  await writeTexts(tx, row.nameTid, body.name);
  await writeTexts(tx, row.descriptionTid, body.description);
  await tx
    .update(schema.categories)
    .set({
      engineName: body.engineName,
      parentId: body.parentCategoryId ?? null,
      order: body.order ?? row.order,
      level,
      types: body.types,
    })
    .where(eq(schema.categories.id, id));
  if (level !== row.level)
    await tx.execute(sql`
      with recursive sub as (
        select id, ${level}::int as lvl from categories where id = ${id}
        union all select c.id, sub.lvl + 1 from categories c join sub on c.parent_id = sub.id where sub.lvl < 5)
      update categories c set level = sub.lvl from sub where c.id = sub.id`);
  return getCategory(tx, id);
}

/** Refused while anything refers to the category (children, questions, suggested or real tasks). */
export async function deleteCategory(tx: Tx, id: string): Promise<void> {
  const row = await findRow(tx, id, true);
  const usage = await usageOf(tx, row);
  if (usage.children + usage.questions + usage.statics + usage.tasks > 0)
    throw new AppError("category_in_use", { ...usage });
  await tx.delete(schema.categories).where(eq(schema.categories.id, id));
  await deleteTexts(tx, [row.nameTid, row.descriptionTid]);
}
