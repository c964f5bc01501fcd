import { createHash } from "node:crypto";
import { addressSubject, enforce, generateToken, RATE_RULES } from "@kunto/auth";
import { AppError } from "@kunto/core";
import type { Db, Tx } from "@kunto/db";
import { sql } from "drizzle-orm";
import { audit } from "../audit";
import { votesChangedEvent } from "../webhooks/task-events";

/**
 * Task voting (document 3 §7 Task voting; issue 9). Staff vote on the public page with a random
 * token kept in their browser; the server stores only its SHA-256, one vote per token and task (a
 * unique key, so concurrent submissions cannot double-count) and no address. Each vote changes the
 * task's `vote_count` in its own transaction, so the board never counts votes. The public calls
 * name the account by its voting key (or by its id until the first rotation: issue 17.10); they set
 * only that account for their transaction, and a task of another account is simply not found.
 */
export const hashSession = (session: string) => createHash("sha256").update(session).digest("hex");

/** A vote, in document 3 §3's "Task vote: task, voteCount" shape (issue 19.18) with its own id. */
export interface VoteDto {
  id: string;
  taskId: string;
  createdAt: string;
  task: { id: string; name: string };
  /** The task's votes in all. */
  voteCount: number;
}

type VoteRow = { id: string; taskId: string; createdAt: string | Date; name: string; voteCount: number };
const voteColumns = sql`v.id, v.task_id as "taskId", v.created_at as "createdAt", t.name, t.vote_count as "voteCount"`;
const votesOf = sql`task_votes v join tasks t on t.id = v.task_id and t.tenant_id = v.tenant_id`;
const dto = (rows: VoteRow[]): VoteDto[] =>
  rows.map((r) => ({
    id: r.id,
    taskId: r.taskId,
    createdAt: new Date(r.createdAt).toISOString(),
    task: { id: r.taskId, name: r.name },
    voteCount: r.voteCount,
  }));

export async function listVotes(tx: Tx, tenantId: string) {
  return dto(
    await tx.execute<VoteRow>(
      sql`select ${voteColumns} from ${votesOf} where v.tenant_id = ${tenantId} order by v.created_at`,
    ),
  );
}

export async function getVote(tx: Tx, tenantId: string, id: string) {
  const [vote] = dto(
    await tx.execute<VoteRow>(
      sql`select ${voteColumns} from ${votesOf} where v.tenant_id = ${tenantId} and v.id = ${id}`,
    ),
  );
  if (!vote) throw new AppError("not_found");
  return vote;
}

export async function votesByTask(tx: Tx, tenantId: string, taskId: string) {
  const [task] = await tx.execute(sql`select 1 from tasks where tenant_id = ${tenantId} and id = ${taskId}`);
  if (!task) throw new AppError("not_found");
  return dto(
    await tx.execute<VoteRow>(
      sql`select ${voteColumns} from ${votesOf} where v.tenant_id = ${tenantId} and v.task_id = ${taskId} order by v.created_at`,
    ),
  );
}

/**
 * One vote of a browser token for a task: stored once whatever the number of (concurrent) calls,
 * and counted on the task only by the call that stored it. Answers the task's count and whether
 * this token has voted (always true after the call). A DONE task takes no votes (409 `task_done`):
 * the task row is locked first, so a vote racing the change to DONE reads the status it got.
 */
export async function addVote(tx: Tx, tenantId: string, taskId: string, session: string) {
  const [row] = await tx.execute<{
    vote_count: number | null;
    found: boolean;
    done: boolean;
    added: boolean;
  }>(sql`
    with task as (
      select id, status from tasks where tenant_id = ${tenantId} and id = ${taskId} for no key update),
    ins as (
      insert into task_votes (tenant_id, task_id, session_hash)
      select ${tenantId}, id, ${hashSession(session)} from task where status is null
      on conflict (task_id, session_hash, tenant_id) do nothing
      returning task_id),
    upd as (update tasks set vote_count = vote_count + 1 where id in (select task_id from ins) returning vote_count)
    select exists(select 1 from task) as found,
      exists(select 1 from task where status is not null) as done,
      exists(select 1 from upd) as added,
      coalesce((select vote_count from upd), (select vote_count from tasks where id = ${taskId} and tenant_id = ${tenantId})) as vote_count`);
  if (!row?.found) throw new AppError("not_found");
  if (row.done) throw new AppError("task_done");
  if (row.added) await votesChangedEvent(tx, tenantId, taskId, row.vote_count ?? 0);
  return { taskId, voted: true, voteCount: row.vote_count ?? 0 };
}

/** Withdraws a token's vote (or a vote by id); the task's count follows. */
export async function removeVote(
  tx: Tx,
  tenantId: string,
  where: { taskId: string; session: string } | { id: string },
) {
  const match =
    "id" in where
      ? sql`id = ${where.id}`
      : sql`task_id = ${where.taskId} and session_hash = ${hashSession(where.session)}`;
  const [row] = await tx.execute<{ task_id: string; vote_count: number }>(sql`
    with del as (delete from task_votes where tenant_id = ${tenantId} and ${match} returning task_id)
    update tasks set vote_count = greatest(vote_count - 1, 0) where id in (select task_id from del)
    returning id as task_id, vote_count`);
  if (!row && "id" in where) throw new AppError("not_found");
  if (row) await votesChangedEvent(tx, tenantId, row.task_id, row.vote_count);
  return row ? { taskId: row.task_id, voteCount: row.vote_count } : null;
}

/** Task ids a browser token has voted for in the account. */
export async function votedTaskIds(tx: Tx, tenantId: string, session: string): Promise<string[]> {
  const rows = await tx.execute<{ task_id: string }>(
    sql`select task_id from task_votes where tenant_id = ${tenantId} and session_hash = ${hashSession(session)}`,
  );
  return rows.map((r) => r.task_id);
}

/** Makes a token's votes exactly the given tasks (document 3 §7 PUT .../bysession/{session}). */
export async function setSessionVotes(tx: Tx, tenantId: string, session: string, taskIds: string[]) {
  const wanted = new Set(taskIds);
  const current = await votedTaskIds(tx, tenantId, session);
  for (const id of current) if (!wanted.has(id)) await removeVote(tx, tenantId, { taskId: id, session });
  for (const id of wanted) if (!current.includes(id)) await addVote(tx, tenantId, id, session);
  return votedTaskIds(tx, tenantId, session);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account a public voting call names, resolved from its link. */
interface VotingAccount {
  id: string;
  name: string;
}

/**
 * A public call's transaction in the account its link names (issue 17.10): by the account's
 * voting key, or by its id only while it has no voting key yet (before the first rotation, the
 * link of document 3). One statement sets `app.voting_key` (the `tenants_by_voting_key` policy
 * opens that one account) and, for an id, `app.tenant_id`, finds the account, and sets
 * `app.tenant_id` to it for the rest of the transaction. An unknown, rotated-away or inactive
 * account is not found.
 */
async function inAccount<T>(
  db: Db,
  link: string,
  body: (tx: Tx, account: VotingAccount) => Promise<T>,
): Promise<T> {
  const id = UUID.test(link) ? link.toLowerCase() : "";
  return db.transaction(async (tx) => {
    // The lateral reference makes the settings come before the scan that the policies read them in.
    const [tenant] = await tx.execute<{ id: string; name: string; active: boolean }>(sql`
      select t.id, t.name, t.active, set_config('app.tenant_id', t.id::text, true) as entered
      from (select set_config('app.voting_key', ${link}, true) as voting_key,
                   set_config('app.tenant_id', ${id}, true) as tenant_id) s
        cross join lateral (
          select id, name, active from tenants
          where voting_key = s.voting_key or (id = nullif(s.tenant_id, '')::uuid and voting_key is null)) t`);
    if (!tenant?.active) throw new AppError("not_found");
    return body(tx, { id: tenant.id, name: tenant.name });
  });
}

export interface PublicVotingTask {
  id: string;
  name: string;
  description: string | null;
  type: string;
  category: string | null;
  topCategory: string | null;
  /** The top-level category's name in the page's language (English when it has none). */
  categoryName: string | null;
  status: "DONE" | null;
  voteCount: number;
  voted: boolean;
}

/** The public voting page: the account's name and its tasks, open ones first, with this browser's votes. */
export async function publicVotingTasks(db: Db, link: string, session: string | null, lang = "en") {
  return inAccount(db, link, async (tx, { id: tenantId, name }) => {
    const voted = new Set(session ? await votedTaskIds(tx, tenantId, session) : []);
    const rows = await tx.execute<Omit<PublicVotingTask, "voted">>(sql`
      select t.id, coalesce(nullif(t.texts->'name'->>${lang}, ''), t.name) as name,
        coalesce(nullif(t.texts->'description'->>${lang}, ''), t.description) as description, t.type, c.engine_name as category,
        coalesce(g.engine_name, p.engine_name, c.engine_name) as "topCategory", t.status, t.vote_count as "voteCount",
        (select tr.text from translations tr
          where tr.tid = coalesce(g.name_tid, p.name_tid, c.name_tid) and tr.language in (${lang}, 'en') and tr.text <> ''
          order by (tr.language = ${lang}) desc limit 1) as "categoryName"
      from tasks t
        left join categories c on c.id = t.category_id
        left join categories p on p.id = c.parent_id
        left join categories g on g.id = p.parent_id
      where t.tenant_id = ${tenantId}
      order by (t.status is not null), t.vote_count desc, t.created_at`);
    return { tenantName: name, tasks: rows.map((r) => ({ ...r, voted: voted.has(r.id) })) };
  });
}

/**
 * Rate limited per client address (its /64 for IPv6) before anything else, in PostgreSQL; a refusal
 * carries Retry-After (issue 17.5).
 */
async function limited(db: Db, ip: string) {
  await enforce(db, [[RATE_RULES.taskVoteAddress, addressSubject(ip)]]);
}

export async function publicVote(
  db: Db,
  ip: string,
  input: { tenantId: string; taskId: string; session: string },
) {
  await limited(db, ip);
  return inAccount(db, input.tenantId, (tx, account) => addVote(tx, account.id, input.taskId, input.session));
}

export async function publicUnvote(
  db: Db,
  ip: string,
  input: { tenantId: string; taskId: string; session: string },
) {
  await limited(db, ip);
  return inAccount(db, input.tenantId, async (tx, account) => {
    // Locked like a vote, so a withdrawal racing the change to DONE reads the status it got.
    const [task] = await tx.execute<{ status: string | null }>(
      sql`select status from tasks where tenant_id = ${account.id} and id = ${input.taskId} for no key update`,
    );
    if (!task) throw new AppError("not_found");
    // The page offers nothing on a done task: its count is the record of "you said, we did".
    if (task.status !== null) throw new AppError("task_done");
    const removed = await removeVote(tx, account.id, { taskId: input.taskId, session: input.session });
    const [row] = await tx.execute<{ vote_count: number }>(
      sql`select vote_count from tasks where id = ${input.taskId}`,
    );
    return { taskId: input.taskId, voted: false, voteCount: removed?.voteCount ?? row?.vote_count ?? 0 };
  });
}

export async function publicSessionVotes(db: Db, link: string, session: string) {
  return inAccount(db, link, async (tx, account) => ({
    taskIds: await votedTaskIds(tx, account.id, session),
  }));
}

/** The voting page's link key: the account's voting key, or its id before the first rotation. */
export async function votingLink(tx: Tx, tenantId: string): Promise<{ key: string }> {
  const [row] = await tx.execute<{ key: string }>(
    sql`select coalesce(voting_key, id::text) as key from tenants where id = ${tenantId}`,
  );
  if (!row) throw new AppError("not_found");
  return row;
}

/**
 * Gives the account a new voting key (issue 17.10): the link with the previous key, or with the id
 * before the first rotation, stops working when this commits. Audited; the key itself is not, as
 * the audit log is read by every admin of the account.
 */
export async function rotateVotingLink(tx: Tx, tenantId: string, actorUserId: string) {
  const [row] = await tx.execute<{ key: string }>(
    sql`update tenants set voting_key = ${generateToken()} where id = ${tenantId} returning voting_key as key`,
  );
  if (!row) throw new AppError("not_found");
  await audit(tx, {
    actorUserId,
    tenantId,
    action: "tenant.voting_link_rotated",
    targetType: "tenant",
    targetId: tenantId,
  });
  return row;
}
