import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { type Db, type SystemDb, withScope, withSystem } from "@kunto/db";
import { aggregateRespondents, scoreRespondent } from "@kunto/engine";
import { sql } from "drizzle-orm";
import type { Hono } from "hono";
import { randomSubmission } from "./report-routes";
import { activePersonnelTemplate } from "./template";

/** Organisations written per transaction: a chunk's answers are ~100,000 rows. */
const CHUNK = 1_000;
/** Distinct respondents' answers the generated answers are drawn from. */
const POOL = 200;

/**
 * Only in the benchmark's server entry (bench/main.ts), for `pnpm bench scale` (issue 24): `orgs`
 * organisations beside the signed-in one, each with an admin (a user and a membership), a personnel
 * team, an ended personnel survey with one share, `answersPerOrg` answers (survey_responses rows,
 * drawn from a pool of real scored respondents, and the share's stored aggregates folded from
 * exactly those), and `tasksPerOrg` tasks with `votesPerTask` votes each. Written as the system role
 * in chunks of 1,000 organisations, one transaction each.
 */
export function addScaleBenchRoutes(app: Hono, db: Db, system: SystemDb) {
  app.post("/__bench/scale", async (c) => {
    try {
      return c.json(await generate(c.req.header("x-tenant-id") ?? "", await c.req.json()));
    } catch (error) {
      // A fixture failing says why (the app's error handler would answer internal_error alone).
      return c.json({ error: String(error) }, 500);
    }
  });

  // What the server and its database have spent so far: the node's CPU, its PostgreSQL processes'
  // (the embedded server's postmaster and backends, this process's descendants; null where /proc is
  // not Linux's), the WAL written and the commits made. The benchmark reads it before and after a
  // measurement: figures per submission that move less with the machine's fast and slow periods.
  app.get("/__bench/usage", async (c) => {
    const [wal] = await system.execute<{ bytes: string; fpi: string; commits: string }>(
      sql`select w.wal_bytes::text as bytes, w.wal_fpi::text as fpi,
        (select xact_commit::text from pg_stat_database where datname = current_database()) as commits
      from pg_stat_wal w`,
    );
    const cpu = process.cpuUsage();
    return c.json({
      serverCpuMs: (cpu.user + cpu.system) / 1000,
      postgresCpuMs: descendantsCpuMs(process.pid),
      walBytes: Number(wal?.bytes),
      walFullPages: Number(wal?.fpi),
      commits: Number(wal?.commits),
    });
  });

  async function generate(tenantId: string, body: unknown) {
    const {
      orgs = 10_000,
      answersPerOrg = 100,
      tasksPerOrg = 10,
      votesPerTask = 3,
    } = body as {
      orgs?: number;
      answersPerOrg?: number;
      tasksPerOrg?: number;
      votesPerTask?: number;
    };
    // The template and the pool: what a respondent sends (stored) and its scored contributions.
    const { templateId, pool, aggregates } = await withScope(db, { userId: null, tenantId }, async (tx) => {
      const { id: templateId, loaded } = await activePersonnelTemplate(tx);
      const drawn = Array.from({ length: POOL }, () => randomSubmission(loaded));
      const contributions = drawn.map((d) => scoreRespondent(loaded.prepared, d.raw));
      // Organisation n answers with pool[(n + i) % POOL], i < answersPerOrg: its aggregate is the
      // fold of those, one of POOL different ones (by n % POOL).
      const folded = Array.from({ length: POOL }, (_, r) =>
        aggregateRespondents(
          Array.from(
            { length: answersPerOrg },
            (_, i) => contributions[(r + i) % POOL] as (typeof contributions)[number],
          ),
        ),
      );
      return { templateId, pool: drawn.map((d) => d.stored), aggregates: folded };
    });
    const categories = await withSystem(system, (tx) =>
      tx.execute<{ id: string }>(sql`select id from categories where level <= 2 order by "order"`),
    );
    const categoryIds = categories.map((r) => r.id);
    const started = performance.now();
    for (let from = 0; from < orgs; from += CHUNK) {
      const n = Array.from({ length: Math.min(CHUNK, orgs - from) }, (_, i) => from + i);
      const ids = () => n.map(() => randomUUID());
      const [tenants, users, teams, surveys, shares] = [ids(), ids(), ids(), ids(), ids()];
      await withSystem(system, async (tx) => {
        const orgRows = sql`unnest(${sql.param(n)}::int[], ${sql.param(tenants)}::uuid[], ${sql.param(users)}::uuid[], ${sql.param(teams)}::uuid[],
          ${sql.param(surveys)}::uuid[], ${sql.param(shares)}::uuid[]) as o(n, tenant_id, user_id, team_id, survey_id, share_id)`;
        await tx.execute(sql`insert into tenants (id, name, country, plan)
          select tenant_id, 'Scale organisation ' || n, 'FI', 'PRO' from ${orgRows}`);
        await tx.execute(sql`insert into users (id, type, email, first_name, last_name, email_confirmed_at)
          select user_id, 'LOCAL', 'admin' || n || '@scale.example', 'Admin', 'Organisation ' || n, now()
          from ${orgRows}`);
        await tx.execute(sql`insert into memberships (tenant_id, user_id, roles)
          select tenant_id, user_id, '{tenant_admin}' from ${orgRows}`);
        await tx.execute(sql`insert into teams (id, tenant_id, key, name, type, url_safe_name)
          select team_id, tenant_id, md5(team_id::text), 'Staff', 'PERSONNEL', 'staff' from ${orgRows}`);
        await tx.execute(sql`insert into surveys (id, tenant_id, key, type, name, template_id, starts_at, ends_at, latest_answer_on)
          select survey_id, tenant_id, md5(survey_id::text), 'PERSONNEL', 'Personnel survey', ${templateId},
            now() - interval '30 days', now() - interval '1 day', current_date - 2 from ${orgRows}`);
        await tx.execute(sql`insert into survey_shares (id, tenant_id, survey_id, key, name)
          select share_id, tenant_id, survey_id, md5(share_id::text), 'Staff' from ${orgRows}`);
        await tx.execute(sql`insert into survey_share_teams (tenant_id, share_id, team_id)
          select tenant_id, share_id, team_id from ${orgRows}`);
        await tx.execute(sql`insert into survey_responses (tenant_id, survey_id, share_id, team_id, submission_id,
            browser_token_hash, language, answers, submitted_on)
          select tenant_id, survey_id, share_id, team_id, gen_random_uuid(), md5(share_id::text || i), 'fi',
            ${JSON.stringify(pool)}::jsonb -> ((n + i) % ${POOL}), current_date - 2
          from ${orgRows}, generate_series(0, ${answersPerOrg - 1}) i`);
        await tx.execute(sql`insert into survey_aggregates (tenant_id, survey_id, share_id, team_id, stripe, aggregates)
          select tenant_id, survey_id, share_id, team_id, 0, ${JSON.stringify(aggregates)}::jsonb -> (n % ${POOL})
          from ${orgRows}`);
        await tx.execute(sql`insert into tasks (tenant_id, type, name, description, priority, category_id, year, status, vote_count)
          select tenant_id, 'manual', 'Scale task ' || i, 'A task of the scale benchmark',
            (array['HIGH','MEDIUM','LOW'])[1 + i % 3], (${sql.param(categoryIds)}::uuid[])[1 + i % ${categoryIds.length}],
            2026, case when i % 4 = 0 then 'DONE' end, ${votesPerTask}
          from ${orgRows}, generate_series(1, ${tasksPerOrg}) i`);
        await tx.execute(sql`insert into task_votes (tenant_id, task_id, session_hash)
          select t.tenant_id, t.id, md5(t.id::text || v)
          from tasks t join unnest(${sql.param(tenants)}::uuid[]) o(tenant_id) using (tenant_id),
            generate_series(1, ${votesPerTask}) v`);
      });
    }
    const seconds = (performance.now() - started) / 1000;
    // The request role may not ANALYZE; wait for autovacuum to analyse what this wrote, as it would
    // in production, so the measured plans are made with statistics.
    const written = [
      "tenants",
      "memberships",
      "survey_responses",
      "survey_aggregates",
      "tasks",
      "task_votes",
    ];
    for (let i = 0; i < 600; i++) {
      const [row] = await withSystem(system, (tx) =>
        tx.execute<{ stale: number }>(sql`select count(*)::int as stale from pg_stat_user_tables
          where relname = any(${sql.param(written)}::text[]) and n_mod_since_analyze > greatest(n_live_tup, 1000) / 10`),
      );
      if ((row?.stale ?? 1) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    // Then a settled database, as a production one is between bulk loads: autovacuum's passes over
    // what was written are over, and a checkpoint has written the load's dirty pages, so the
    // measurements that follow do not pay for the generator's writes.
    for (let i = 0; i < 600; i++) {
      const [row] = await withSystem(system, (tx) =>
        tx.execute<{ running: number }>(
          sql`select count(*)::int as running from pg_stat_activity where backend_type = 'autovacuum worker'`,
        ),
      );
      if ((row?.running ?? 1) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await system.execute(sql`checkpoint`);
    const [size] = await withSystem(system, (tx) =>
      tx.execute<{ tenants: number; answers: number; tasks: number; votes: number; mb: number }>(sql`select
        (select count(*)::int from tenants) as tenants, (select count(*)::int from survey_responses) as answers,
        (select count(*)::int from tasks) as tasks, (select count(*)::int from task_votes) as votes,
        (pg_database_size(current_database()) / 1048576)::int as mb`),
    );
    return { seconds, analysedAfter: (performance.now() - started) / 1000 - seconds, ...size };
  }
}

/**
 * CPU time (ms) of a process's descendants, from /proc (Linux, 100 ticks a second); null elsewhere,
 * or with none (a database at DATABASE_URL is not this process's).
 */
function descendantsCpuMs(root: number): number | null {
  try {
    const stats = readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .flatMap((pid) => {
        try {
          const text = readFileSync(`/proc/${pid}/stat`, "utf8");
          // Fields after the command's closing parenthesis: state, ppid, …, utime (14th), stime (15th).
          const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
          return [
            { pid: Number(pid), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) },
          ];
        } catch {
          return []; // the process ended while being read
        }
      });
    const children = new Map<number, typeof stats>();
    for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
    let ticks = 0;
    let found = false;
    const pending = [root];
    for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
      for (const child of children.get(pid) ?? []) {
        ticks += child.ticks;
        found = true;
        pending.push(child.pid);
      }
    }
    return found ? ticks * 10 : null;
  } catch {
    return null;
  }
}
