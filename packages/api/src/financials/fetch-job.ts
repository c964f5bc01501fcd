import { KPI_KEYS } from "@kunto/core";
import { type SystemDb, withSystem } from "@kunto/db";
import { sql } from "drizzle-orm";
import type { FinancialsProvider } from "./provider";
import { ProviderError } from "./provider";

/**
 * A fetch still `running` after this long was left by a process that died (pg-boss expires the job
 * after 15 minutes and retries it): its retry may claim it again. A live run is never claimed twice.
 */
export const STALE_RUN_SECONDS = 15 * 60;

/** The job's data: one organisation's fetch (pg-boss singletonKey = the organisation). */
export interface FinancialFetchJob {
  tenantId: string;
}

/** Organisations whose fetch waits (the scan hands them to pg-boss again; duplicates are harmless). */
export async function queuedFetches(system: SystemDb): Promise<string[]> {
  return withSystem(system, async (tx) => {
    const rows = await tx.execute<{ tenant_id: string }>(
      sql`select tenant_id from financial_fetches where status = 'queued' order by requested_at limit 500`,
    );
    return rows.map((r) => r.tenant_id);
  });
}

async function setProgress(system: SystemDb, tenantId: string, progress: number) {
  await withSystem(system, (tx) =>
    tx.execute(sql`update financial_fetches set progress = ${progress}
      where tenant_id = ${tenantId} and status = 'running'`),
  );
}

/**
 * One organisation's fetch (docs/decisions.md "Financials"). Claims the state row first (queued, or
 * running for longer than STALE_RUN_SECONDS after a process died → running): a second job for the same organisation, or one whose fetch is
 * already done, finds nothing to claim and does nothing. Statements are upserted by (organisation,
 * statement date); a provider failure leaves `failed` with its error key (the screen shows it; a
 * new GET …/fetch queues again).
 */
export async function runFinancialFetch(
  system: SystemDb,
  provider: FinancialsProvider,
  tenantId: string,
): Promise<"done" | "failed" | "skipped"> {
  const claimed = await withSystem(system, async (tx) => {
    const rows = await tx.execute<{ duns: string | null }>(sql`
      update financial_fetches f set status = 'running', progress = 10, started_at = now(), error_key = null
      from tenants t
      where f.tenant_id = ${tenantId} and t.id = f.tenant_id
        and (f.status = 'queued' or (f.status = 'running' and f.started_at < now() - make_interval(secs => ${STALE_RUN_SECONDS})))
      returning t.duns_number as duns`);
    return rows[0] ?? null;
  });
  if (!claimed) return "skipped";
  const finish = (status: "done" | "failed", errorKey: string | null) =>
    withSystem(system, (tx) =>
      tx.execute(sql`update financial_fetches set status = ${status}, error_key = ${errorKey},
        progress = ${status === "done" ? 100 : sql`progress`}, finished_at = now()
        where tenant_id = ${tenantId}`),
    );
  if (!claimed.duns) {
    await finish("failed", "duns_missing");
    return "failed";
  }
  try {
    const records = await provider.fetchStatements(claimed.duns, (p) => setProgress(system, tenantId, p));
    await withSystem(system, async (tx) => {
      for (const r of records) {
        const values = KPI_KEYS.map((k) => sql`${r[k]}::double precision`);
        await tx.execute(sql`
          insert into financial_statements
            (tenant_id, financial_statement_to_date, currency, source, ${sql.join(
              KPI_KEYS.map((k) => sql.identifier(k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))),
              sql`, `,
            )})
          values (${tenantId}, ${r.financialStatementToDate}::date, ${r.currency}, 'dnb', ${sql.join(values, sql`, `)})
          on conflict (tenant_id, financial_statement_to_date) do update set
            currency = excluded.currency, source = 'dnb', updated_at = now(), ${sql.join(
              KPI_KEYS.map((k) => {
                const column = sql.identifier(k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
                return sql`${column} = excluded.${column}`;
              }),
              sql`, `,
            )}`);
      }
    });
    await finish("done", null);
    return "done";
  } catch (error) {
    if (!(error instanceof ProviderError)) {
      // Not the provider's answer (the database away a moment): queued again for pg-boss's retry.
      await withSystem(system, (tx) =>
        tx.execute(
          sql`update financial_fetches set status = 'queued' where tenant_id = ${tenantId} and status = 'running'`,
        ),
      ).catch(() => undefined);
      throw error;
    }
    await finish("failed", error.key === "financials_not_configured" ? error.key : "financial_fetch_failed");
    return "failed";
  }
}
