import {
  AppError,
  type Permission,
  type TWorkTaskInput,
  type TWorkTaskPatch,
  WORK_TASK_SORT_FIELDS,
  type WorkTaskSortField,
  type WorkTaskStatus,
} from "@kunto/core";
import type { Tx } from "@kunto/db";
import { type SQL, sql } from "drizzle-orm";
import { countFromTerms, planForTheseValues, prefixRange, searchWords } from "../parties/paging";

/**
 * Work tasks (document 3 §3–§7, issue 22). Who sees what (docs/decisions.md "Work tasks"): members
 * with `worktask.manage` (tenant admins) and read-only members see every task; basic members
 * (`worktask.write` without manage) see their own: assigned to them or made by them.
 */
export interface Actor {
  userId: string;
  permissions: Set<Permission>;
}
const ownOnly = (actor: Actor) =>
  actor.permissions.has("worktask.write") && !actor.permissions.has("worktask.manage");

type Row = {
  id: string;
  title: string;
  message: string;
  status: WorkTaskStatus;
  assigned_user_id: string | null;
  assigner_user_id: string | null;
  object: "timeEntry" | "service" | null;
  object_id: string | null;
  created_at: Date | string;
  ad_first: string | null;
  ad_last: string | null;
  ad_email: string | null;
  ar_first: string | null;
  ar_last: string | null;
  ar_email: string | null;
};

const person = (
  id: string | null,
  firstName: string | null,
  lastName: string | null,
  email: string | null,
) => (id ? { id, firstName: firstName ?? "", lastName: lastName ?? "", email } : null);

const toDto = (r: Row) => ({
  id: r.id,
  title: r.title,
  message: r.message,
  status: r.status,
  assignedUserId: r.assigned_user_id,
  assignerUserId: r.assigner_user_id,
  assignedUser: person(r.assigned_user_id, r.ad_first, r.ad_last, r.ad_email),
  assignerUser: person(r.assigner_user_id, r.ar_first, r.ar_last, r.ar_email),
  object: r.object,
  objectId: r.object_id,
  createdAt: new Date(r.created_at).toISOString(),
});
export type WorkTaskDto = ReturnType<typeof toDto>;

const SELECT = sql`select w.id, w.title, w.message, w.status, w.assigned_user_id, w.assigner_user_id,
  w.object, w.object_id, w.created_at, ad.first_name as ad_first, ad.last_name as ad_last,
  ad.email as ad_email, ar.first_name as ar_first, ar.last_name as ar_last, ar.email as ar_email
  from work_tasks w
  left join users ad on ad.id = w.assigned_user_id
  left join users ar on ar.id = w.assigner_user_id`;

/** The rows the actor may see, over `work_tasks w` or `work_task_counts w` (same column names). */
const visible = (tenantId: string, actor: Actor): SQL =>
  ownOnly(actor)
    ? sql`w.tenant_id = ${tenantId} and (w.assigned_user_id = ${actor.userId} or w.assigner_user_id = ${actor.userId})`
    : sql`w.tenant_id = ${tenantId}`;

const SORT_SQL: Record<WorkTaskSortField, SQL[]> = {
  createdAt: [sql`w.created_at`],
  title: [sql`lower(w.title)`],
  status: [sql`w.status`],
  assignedUser: [sql`lower(ad.last_name)`, sql`lower(ad.first_name)`],
};

/** `field:ASC,field:DESC`; an unknown field or direction is 400 `validation_failed`. */
export function parseSort(sortBy: string | undefined): SQL {
  const parts: SQL[] = [];
  for (const item of (sortBy ?? "").split(",").filter((s) => s.trim())) {
    const [field, dir = "ASC"] = item.trim().split(":");
    const direction = dir.toUpperCase();
    if (!WORK_TASK_SORT_FIELDS.includes(field as WorkTaskSortField) || !["ASC", "DESC"].includes(direction))
      throw new AppError("validation_failed", { fields: ["sortBy"] });
    // Plain directions on the NOT NULL columns match their indexes (scanned either way); tasks
    // without an assignee come last in both directions.
    for (const column of SORT_SQL[field as WorkTaskSortField])
      parts.push(
        sql`${column} ${sql.raw(direction === "DESC" ? "desc" : "asc")}${sql.raw(field === "assignedUser" ? " nulls last" : "")}`,
      );
  }
  if (parts.length === 0) parts.push(sql`w.created_at desc`);
  parts.push(sql`w.id`);
  return sql.join(parts, sql`, `);
}

export interface PageQuery {
  pageNo: number;
  /** 0: every row. */
  pageSize: number;
  sortBy?: string;
  searchString?: string | null;
  statuses?: WorkTaskStatus[] | null;
  assignedUserIds?: string[] | null;
}

export async function pageWorkTasks(tx: Tx, tenantId: string, actor: Actor, q: PageQuery) {
  const where = [visible(tenantId, actor)];
  if (q.statuses?.length)
    where.push(
      sql`w.status in (${sql.join(
        q.statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (q.assignedUserIds?.length)
    where.push(
      sql`w.assigned_user_id in (${sql.join(
        q.assignedUserIds.map((s) => sql`${s}::uuid`),
        sql`, `,
      )})`,
    );
  // Each word narrows to the tasks with a word of title or message starting with it
  // (docs/decisions.md "Search at volume"); a search with no word in it finds nothing.
  const search = q.searchString?.trim();
  const words = searchWords(search);
  if (search && words.length === 0) where.push(sql`false`);
  const wordFilters: SQL[] = [];
  for (const word of words) {
    const { low, high } = prefixRange(word);
    wordFilters.push(sql`w.id in (select t.work_task_id from work_task_search_terms t
      where t.tenant_id = ${tenantId} and t.term >= ${low} and t.term < ${high})`);
  }
  const filter = sql.join([...where, ...wordFilters], sql` and `);
  const page = q.pageSize > 0 ? sql`limit ${q.pageSize} offset ${q.pageNo * q.pageSize}` : sql``;
  // The filters other than the words name only columns that work_task_counts and the term rows
  // carry too: without a search the total is a sum of the kept counts, with one word a count of
  // term index entries (countFromTerms), with more a count over the tasks.
  const others = sql.join(where, sql` and `);
  const count = !search
    ? sql`select coalesce(sum(w.n), 0)::int as n from work_task_counts w where ${others}`
    : words.length === 1
      ? countFromTerms("work_task_search_terms", words[0] ?? "", others)
      : sql`select count(*)::int as n from work_tasks w where ${filter}`;
  await planForTheseValues(tx);
  const [rows, total] = await Promise.all([
    tx.execute<Row>(sql`${SELECT} where ${filter} order by ${parseSort(q.sortBy)} ${page}`),
    tx.execute<{ n: number }>(count),
  ]);
  return { content: rows.map(toDto), totalElements: total[0]?.n ?? 0 };
}

/** Every visible task, newest first (`GET /tenant/worktask`). */
export async function listWorkTasks(tx: Tx, tenantId: string, actor: Actor) {
  const rows = await tx.execute<Row>(
    sql`${SELECT} where ${visible(tenantId, actor)} order by w.created_at desc, w.id`,
  );
  return rows.map(toDto);
}

/** One visible task; another organisation's, or one a basic member may not see, is 404. */
async function visibleTask(tx: Tx, tenantId: string, actor: Actor, id: string) {
  const [row] = await tx.execute<Row>(sql`${SELECT} where ${visible(tenantId, actor)} and w.id = ${id}`);
  if (!row) throw new AppError("not_found");
  return row;
}

export const getWorkTask = async (tx: Tx, tenantId: string, actor: Actor, id: string) =>
  toDto(await visibleTask(tx, tenantId, actor, id));

async function checkAssignee(tx: Tx, tenantId: string, userId: string | null | undefined) {
  if (!userId) return;
  const [m] = await tx.execute(
    sql`select 1 from memberships where tenant_id = ${tenantId} and user_id = ${userId}`,
  );
  if (!m) throw new AppError("worktask_assignee_unknown");
}

/** Title and message are required (document 3 §5 "check all required fields"). */
const requireText = (...values: (string | undefined)[]) => {
  if (values.some((v) => v !== undefined && v.trim() === "")) throw new AppError("required_fields");
};

export async function createWorkTask(tx: Tx, tenantId: string, actor: Actor, input: TWorkTaskInput) {
  const title = input.title ?? "";
  const message = input.message ?? "";
  requireText(title, message);
  await checkAssignee(tx, tenantId, input.assignedUserId);
  const [row] = await tx.execute<{ id: string }>(sql`
    insert into work_tasks (tenant_id, title, message, status, assigned_user_id, assigner_user_id, object, object_id)
    values (${tenantId}, ${title}, ${message}, ${input.status ?? "RECEIVED"}, ${input.assignedUserId ?? null},
      ${actor.userId}, ${input.object ?? null}, ${input.objectId ?? null})
    returning id`);
  return getWorkTask(tx, tenantId, actor, (row as { id: string }).id);
}

export async function updateWorkTask(
  tx: Tx,
  tenantId: string,
  actor: Actor,
  id: string,
  patch: TWorkTaskPatch,
) {
  const current = await visibleTask(tx, tenantId, actor, id);
  requireText(patch.title, patch.message);
  const sets: SQL[] = [sql`updated_at = now()`];
  if (patch.title !== undefined) sets.push(sql`title = ${patch.title}`);
  if (patch.message !== undefined) sets.push(sql`message = ${patch.message}`);
  if (patch.status !== undefined) sets.push(sql`status = ${patch.status}`);
  if (patch.object !== undefined) sets.push(sql`object = ${patch.object}`);
  if (patch.objectId !== undefined) sets.push(sql`object_id = ${patch.objectId}`);
  if (patch.assignedUserId !== undefined && patch.assignedUserId !== current.assigned_user_id) {
    // Document 3 §6: the assignee is changed by an admin or by the task's assigner only.
    if (!actor.permissions.has("worktask.manage") && current.assigner_user_id !== actor.userId)
      throw new AppError("access_denied");
    await checkAssignee(tx, tenantId, patch.assignedUserId);
    sets.push(sql`assigned_user_id = ${patch.assignedUserId}`);
  }
  await tx.execute(
    sql`update work_tasks set ${sql.join(sets, sql`, `)} where tenant_id = ${tenantId} and id = ${id}`,
  );
  return getWorkTask(tx, tenantId, actor, id);
}

export async function deleteWorkTask(tx: Tx, tenantId: string, actor: Actor, id: string) {
  const current = await visibleTask(tx, tenantId, actor, id);
  // Document 3 §6: delete is for an admin or the assignee.
  if (!actor.permissions.has("worktask.manage") && current.assigned_user_id !== actor.userId)
    throw new AppError("access_denied");
  await tx.execute(sql`delete from work_tasks where tenant_id = ${tenantId} and id = ${id}`);
}

/** The members a task can be assigned to, as the member list shows them. */
export async function assignees(
  tx: Tx,
  tenantId: string,
  visibleUser: (u: { email: string | null }) => boolean,
) {
  const rows = await tx.execute<{
    id: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    username: string | null;
  }>(sql`
    select u.id, u.first_name, u.last_name, u.email, u.username from memberships m
    join users u on u.id = m.user_id
    where m.tenant_id = ${tenantId}
    order by lower(coalesce(u.last_name, '')), lower(coalesce(u.first_name, '')), u.email`);
  return rows.filter(visibleUser).map((u) => ({
    id: u.id,
    firstName: u.first_name ?? "",
    lastName: u.last_name ?? "",
    email: u.email ?? u.username,
  }));
}
