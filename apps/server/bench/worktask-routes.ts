import { type Db, withScope } from "@kunto/db";
import { sql } from "drizzle-orm";
import type { Hono } from "hono";

/**
 * Only in the benchmark's server entry (bench/main.ts), for `pnpm bench worktasks` (issue 22):
 * fills the organisation of X-tenant-id with work tasks in one statement (a quarter in each status,
 * spread over its members, newest a minute apart) and answers once autovacuum has analysed the table.
 */
export function addWorkTaskBenchRoutes(app: Hono, db: Db) {
  app.post("/__bench/worktasks", async (c) => {
    const tenantId = c.req.header("x-tenant-id") ?? "";
    const { count = 100_000 } = (await c.req.json()) as { count?: number };
    await withScope(db, { userId: null, tenantId }, async (tx) => {
      await tx.execute(sql`
        with people as (
          select user_id, row_number() over (order by user_id) - 1 as n, count(*) over () as total
          from memberships where tenant_id = ${tenantId})
        insert into work_tasks (tenant_id, title, message, status, assigned_user_id, assigner_user_id, created_at)
        select ${tenantId}::uuid, 'Bench work task ' || i, 'Something to do, number ' || i,
          (array['RECEIVED','WAITING','INPROGRESS','DONE'])[1 + i % 4],
          p.user_id, p.user_id, now() - make_interval(mins => i)
        from generate_series(1, ${count}) i
        left join people p on p.n = i % p.total`);
    });
    // The request role may not ANALYZE; autovacuum analyses a table this changed within a minute
    // or two, as it would in production: wait for it (the tasks and their search terms), so the
    // plans are made with statistics.
    for (let i = 0; i < 240; i++) {
      const [row] = await db.execute<{ n: number }>(
        sql`select coalesce(max(n_mod_since_analyze), ${count})::int as n from pg_stat_user_tables
          where relname in ('work_tasks', 'work_task_search_terms')`,
      );
      if ((row?.n ?? 0) < count / 10) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    return c.json({ ok: true });
  });
}
