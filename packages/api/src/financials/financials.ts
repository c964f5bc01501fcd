import { AppError, type FinancialFetchStatus, KPI_KEYS, type KpiKey } from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { asc, eq, sql } from "drizzle-orm";
import type { ApiConfig } from "../context";
import { dnbProvider } from "./dnb";
import { STALE_RUN_SECONDS } from "./fetch-job";
import type { FinancialsProvider, IdentityMatch, IdentityQuery, StatementRecord } from "./provider";
import { ProviderError } from "./provider";

/** pg_notify channel: a fetch was queued (delivered on commit; apps/server/src/financial-jobs.ts). */
export const FINANCIAL_FETCH_CHANNEL = "kunto_financial_fetch";

/** The configured provider, or null (no DNB_CLIENT_ID / DNB_CLIENT_SECRET). */
export function providerOf(config: ApiConfig): FinancialsProvider | null {
  return config.dnb ? dnbProvider(config.dnb) : null;
}

function requireProvider(config: ApiConfig): FinancialsProvider {
  const provider = providerOf(config);
  if (!provider) throw new AppError("financials_not_configured");
  return provider;
}

export interface FetchState {
  status: FinancialFetchStatus;
  progress: number;
  errorKey: string | null;
  requestedAt: string | null;
  finishedAt: string | null;
}

const IDLE: FetchState = { status: "idle", progress: 0, errorKey: null, requestedAt: null, finishedAt: null };

function toState(row: typeof schema.financialFetches.$inferSelect | undefined): FetchState {
  if (!row) return IDLE;
  return {
    status: row.status as FinancialFetchStatus,
    progress: row.progress,
    errorKey: row.errorKey,
    requestedAt: row.requestedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function fetchState(tx: Tx, tenantId: string): Promise<FetchState> {
  const [row] = await tx
    .select()
    .from(schema.financialFetches)
    .where(eq(schema.financialFetches.tenantId, tenantId));
  return toState(row);
}

type StatementRow = typeof schema.financialStatements.$inferSelect;
export const toRecord = (row: StatementRow): StatementRecord => ({
  financialStatementToDate: row.financialStatementToDate,
  currency: row.currency as StatementRecord["currency"],
  ...(Object.fromEntries(KPI_KEYS.map((k) => [k, row[k]])) as Record<KpiKey, number | null>),
});

/** GET /api/tenant/financial: the statements (oldest first), the survey years, the fetch, the flags. */
export async function overview(tx: Tx, tenantId: string, config: ApiConfig) {
  const [statements, years, state, [tenant]] = await Promise.all([
    tx
      .select()
      .from(schema.financialStatements)
      .where(eq(schema.financialStatements.tenantId, tenantId))
      .orderBy(asc(schema.financialStatements.financialStatementToDate)),
    tx.execute<{ year: number }>(sql`
      select distinct extract(year from starts_at)::int as year from surveys
      where tenant_id = ${tenantId} order by 1`),
    fetchState(tx, tenantId),
    tx
      .select({ dunsNumber: schema.tenants.dunsNumber })
      .from(schema.tenants)
      .where(eq(schema.tenants.id, tenantId)),
  ]);
  return {
    configured: providerOf(config) !== null,
    dunsNumber: tenant?.dunsNumber ?? null,
    statements: statements.map(toRecord),
    surveyYears: years.map((y) => y.year),
    fetch: state,
  };
}

/**
 * GET /api/tenant/financial/fetch: queues the fetch and answers at once with its state. A fetch
 * already queued or running is not queued again (the same state is answered); a done or failed one
 * is queued anew, and so is one left `running` by a process that died. The job processes hear of it on commit (NOTIFY) and hand it to pg-boss.
 */
export async function requestFetch(tx: Tx, tenantId: string, userId: string | null, config: ApiConfig) {
  requireProvider(config);
  const [tenant] = await tx
    .select({ dunsNumber: schema.tenants.dunsNumber })
    .from(schema.tenants)
    .where(eq(schema.tenants.id, tenantId));
  if (!tenant?.dunsNumber) throw new AppError("duns_missing");
  await tx.execute(sql`
    insert into financial_fetches (tenant_id, status, progress, requested_at, requested_by)
    values (${tenantId}, 'queued', 0, now(), ${userId})
    on conflict (tenant_id) do update set
      status = 'queued', progress = 0, error_key = null, requested_at = now(),
      requested_by = excluded.requested_by, started_at = null, finished_at = null
    where financial_fetches.status not in ('queued', 'running')
      or (financial_fetches.status = 'running'
        and financial_fetches.started_at < now() - make_interval(secs => ${STALE_RUN_SECONDS}))`);
  await tx.execute(sql`select pg_notify(${FINANCIAL_FETCH_CHANNEL}, ${tenantId})`);
  return fetchState(tx, tenantId);
}

/** The identity search (document 3 §2 search dialog): matches, best first; none → `duns_no_search_results`. */
export async function searchIdentity(config: ApiConfig, query: IdentityQuery): Promise<IdentityMatch[]> {
  const provider = requireProvider(config);
  let matches: IdentityMatch[];
  try {
    matches = await provider.resolveIdentity(query);
  } catch (error) {
    if (error instanceof ProviderError)
      throw new AppError("tenants.duns_search_error", { status: error.status });
    throw error;
  }
  if (matches.length === 0) throw new AppError("duns_no_search_results");
  return [...matches].sort((a, b) => a.displaySequence - b.displaySequence);
}

/**
 * Saves the organisation's D-U-N-S number (document 3 §5): locked once set (`duns_locked`; the same
 * number again is no change). Only support changes it (POST /api/admin/tenant/{id}).
 */
export async function saveDuns(tx: Tx, tenantId: string, dunsNumber: string) {
  const [current] = await tx
    .select({ dunsNumber: schema.tenants.dunsNumber })
    .from(schema.tenants)
    .where(eq(schema.tenants.id, tenantId));
  if (!current) throw new AppError("not_found");
  if (current.dunsNumber && current.dunsNumber !== dunsNumber) throw new AppError("duns_locked");
  if (current.dunsNumber !== dunsNumber)
    await tx.update(schema.tenants).set({ dunsNumber }).where(eq(schema.tenants.id, tenantId));
  return { dunsNumber };
}
