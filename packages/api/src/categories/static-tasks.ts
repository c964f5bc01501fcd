import { AppError, type StaticTaskType, type TStaticTaskInput } from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { asc, eq, inArray } from "drizzle-orm";
import { deleteTexts, newContentTid, type Texts, textOr, textsOf, writeTexts } from "../content-texts";

/**
 * Suggested (static) tasks (document 3 §2 "Static task management", §3, §5): platform admins edit
 * them; the suggestion dialogs of every account read them at once (no cache, no restart).
 */
type StaticRow = typeof schema.staticTasks.$inferSelect;

export interface StaticTaskDto {
  id: string;
  key: string;
  type: StaticTaskType;
  categoryId: string | null;
  category: string | null;
  priority: "HIGH" | "MEDIUM" | "LOW";
  swotType: "strength" | "weakness" | "opportunity" | null;
  surveyQuestion: string | null;
  nameTid: string;
  descriptionTid: string;
  name: Texts;
  description: Texts;
}

export async function staticTaskDtos(tx: Tx, rows: StaticRow[]): Promise<StaticTaskDto[]> {
  const categoryIds = [...new Set(rows.map((r) => r.categoryId).filter((c): c is string => !!c))];
  const categories = categoryIds.length
    ? await tx
        .select({ id: schema.categories.id, engineName: schema.categories.engineName })
        .from(schema.categories)
        .where(inArray(schema.categories.id, categoryIds))
    : [];
  const names = new Map(categories.map((c) => [c.id, c.engineName]));
  const texts = await textsOf(
    tx,
    rows.flatMap((r) => [r.nameTid, r.descriptionTid]),
  );
  return rows.map((r) => ({
    id: r.id,
    key: r.key,
    type: r.type,
    categoryId: r.categoryId,
    category: r.categoryId ? (names.get(r.categoryId) ?? null) : null,
    priority: r.priority,
    swotType: r.swotType,
    surveyQuestion: r.surveyQuestion,
    nameTid: r.nameTid,
    descriptionTid: r.descriptionTid,
    name: textOr(texts, r.nameTid, r.key),
    description: textOr(texts, r.descriptionTid),
  }));
}

export async function listStaticTasks(tx: Tx): Promise<StaticTaskDto[]> {
  const rows = await tx
    .select()
    .from(schema.staticTasks)
    .orderBy(asc(schema.staticTasks.type), asc(schema.staticTasks.key));
  return staticTaskDtos(tx, rows);
}

async function findRow(tx: Tx, id: string): Promise<StaticRow> {
  const [row] = await tx.select().from(schema.staticTasks).where(eq(schema.staticTasks.id, id));
  if (!row) throw new AppError("not_found");
  return row;
}

export async function getStaticTask(tx: Tx, id: string): Promise<StaticTaskDto> {
  const [dto] = await staticTaskDtos(tx, [await findRow(tx, id)]);
  if (!dto) throw new AppError("not_found");
  return dto;
}

/** Type required; a report task needs a category; a help task has none. */
async function checked(tx: Tx, input: TStaticTaskInput) {
  const type = input.type ?? "report";
  if (!type) throw new AppError("static_task_type_required");
  const categoryId = type === "report" ? (input.categoryId ?? null) : null;
  if (type === "report") {
    if (!categoryId)
      throw new AppError("static_task_category_required", { fields: { categoryId: "required" } });
    const [category] = await tx
      .select({ id: schema.categories.id })
      .from(schema.categories)
      .where(eq(schema.categories.id, categoryId));
    if (!category) throw new AppError("static_task_category_required", { fields: { categoryId: "unknown" } });
  }
  return {
    type,
    categoryId,
    priority: input.priority ?? "MEDIUM",
    swotType: input.swotType ?? null,
    surveyQuestion: input.surveyQuestion?.trim() || null,
  };
}

export async function createStaticTask(tx: Tx, input: TStaticTaskInput): Promise<StaticTaskDto> {
  const fields = await checked(tx, input);
  const nameTid = newContentTid("task");
  const descriptionTid = newContentTid("task");
  await writeTexts(tx, nameTid, input.name);
  await writeTexts(tx, descriptionTid, input.description);
  const [row] = await tx
    .insert(schema.staticTasks)
    .values({ ...fields, key: nameTid.slice("task.".length), nameTid, descriptionTid })
    .returning();
  if (!row) throw new AppError("error_saving_static_task");
  return getStaticTask(tx, row.id);
}

export async function updateStaticTask(tx: Tx, id: string, input: TStaticTaskInput): Promise<StaticTaskDto> {
  const row = await findRow(tx, id);
  const fields = await checked(tx, input);
  await writeTexts(tx, row.nameTid, input.name);
  await writeTexts(tx, row.descriptionTid, input.description);
  await tx.update(schema.staticTasks).set(fields).where(eq(schema.staticTasks.id, id));
  return getStaticTask(tx, id);
}

/** Tasks made from it keep their own copy of the texts; their link to it is cleared (set null). */
export async function deleteStaticTask(tx: Tx, id: string): Promise<void> {
  const row = await findRow(tx, id);
  await tx.delete(schema.staticTasks).where(eq(schema.staticTasks.id, id));
  await deleteTexts(tx, [row.nameTid, row.descriptionTid]);
}
