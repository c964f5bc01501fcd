import { type Db, withScope } from "@kunto/db";
import { sql } from "drizzle-orm";
import type { Hono } from "hono";

/**
 * Only in the benchmark's server entry (bench/main.ts), for `pnpm bench parties` (issue 22): the
 * signed-in account's tenant gets `parties` parties of the four types and `persons` persons, every
 * fifth without an employer, written in SQL in one statement each; answered once autovacuum has
 * been through both tables.
 */
export function addPartyBenchRoutes(app: Hono, db: Db) {
  app.post("/__bench/parties", async (c) => {
    const tenantId = c.req.header("x-tenant-id") ?? "";
    const { parties = 100_000, persons = 100_000 } = (await c.req.json()) as {
      parties?: number;
      persons?: number;
    };
    await withScope(db, { userId: null, tenantId }, async (tx) => {
      await tx.execute(sql`
        insert into parties (tenant_id, company_name, business_code, type, email)
        select ${tenantId}::uuid, 'Bench ' || md5(i::text) || ' Oy', lpad(i::text, 7, '0') || '-' || (i % 10),
          (array['customer','supplier','employer','contractor'])[1 + i % 4], 'party' || i || '@example.fi'
        from generate_series(1, ${parties}) i`);
      await tx.execute(sql`
        with numbered as (
          select id, row_number() over (order by id) - 1 as n from parties where tenant_id = ${tenantId})
        insert into persons (tenant_id, firstname, lastname, email, phone, employer_id)
        select ${tenantId}::uuid, 'First' || i, 'Last' || md5(i::text), 'person' || i || '@example.fi',
          '+358 40 ' || lpad(i::text, 7, '0'), case when i % 5 = 0 then null else p.id end
        from generate_series(1, ${persons}) i
        left join numbered p on p.n = i % (select count(*) from parties where tenant_id = ${tenantId})`);
    });
    // A table filled in one statement is measured as it runs afterwards: once autovacuum has
    // analysed it and its term table (the search's selectivity: without it the planner takes a
    // word every row has for a rare one) and set their visibility maps (index-only walks).
    for (let waited = 0; waited < 180; waited++) {
      const [row] = await db.execute<{ ready: boolean }>(sql`
        select count(*) filter (where last_autovacuum is not null and last_autoanalyze is not null) = 4 as ready
        from pg_stat_user_tables
        where relname in ('parties', 'persons', 'party_search_terms', 'person_search_terms')`);
      if (row?.ready) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    return c.json({ ok: true });
  });
}
