import { AppError, type Permission } from "@kunto/core";
import type { Tx } from "@kunto/db";
import { sql } from "drizzle-orm";

/**
 * Hello messages (document 3 §7 "Other"): short notes on the organisation's work-task page
 * (docs/decisions.md "Work tasks"). Every member reads them, members who change work tasks
 * write them, the author or a tenant admin deletes one. The newest HELLO_LIST_MAX are listed.
 */
export const HELLO_LIST_MAX = 50;

type Row = {
  id: string;
  msg: string;
  author_user_id: string | null;
  first_name: string | null;
  last_name: string | null;
  created_at: Date | string;
};

const SELECT = sql`select h.id, h.msg, h.author_user_id, u.first_name, u.last_name, h.created_at
  from work_task_hellos h left join users u on u.id = h.author_user_id`;

const toDto = (r: Row) => ({
  id: r.id,
  msg: r.msg,
  authorUserId: r.author_user_id,
  author: [r.first_name, r.last_name].filter(Boolean).join(" "),
  createdAt: new Date(r.created_at).toISOString(),
});

export async function listHellos(tx: Tx, tenantId: string) {
  const rows = await tx.execute<Row>(sql`${SELECT} where h.tenant_id = ${tenantId}
    order by h.created_at desc, h.id limit ${HELLO_LIST_MAX}`);
  return rows.map(toDto);
}

export async function addHello(tx: Tx, tenantId: string, userId: string, msg: string) {
  const [{ id }] = (await tx.execute<{ id: string }>(
    sql`insert into work_task_hellos (tenant_id, msg, author_user_id) values (${tenantId}, ${msg}, ${userId}) returning id`,
  )) as unknown as [{ id: string }];
  const [row] = await tx.execute<Row>(sql`${SELECT} where h.tenant_id = ${tenantId} and h.id = ${id}`);
  return toDto(row as Row);
}

export async function deleteHello(
  tx: Tx,
  tenantId: string,
  actor: { userId: string; permissions: Set<Permission> },
  id: string,
) {
  const [row] = await tx.execute<{ author_user_id: string | null }>(
    sql`select author_user_id from work_task_hellos where tenant_id = ${tenantId} and id = ${id}`,
  );
  if (!row) throw new AppError("not_found");
  if (!actor.permissions.has("worktask.manage") && row.author_user_id !== actor.userId)
    throw new AppError("access_denied");
  await tx.execute(sql`delete from work_task_hellos where tenant_id = ${tenantId} and id = ${id}`);
}
