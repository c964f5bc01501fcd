import {
  type DnbConfig,
  dnbProvider,
  FINANCIAL_FETCH_CHANNEL,
  type FinancialFetchJob,
  type FinancialsProvider,
  type Logger,
  ProviderError,
  queuedFetches,
  runFinancialFetch,
} from "@kunto/api";
import { isDatabaseUnavailable, type SystemDb } from "@kunto/db";
import type { PgBoss } from "pg-boss";
import postgres from "postgres";

/**
 * The statement fetch (issue 23; docs/decisions.md "Financials"). Queue policy `exclusive` with the
 * organisation as `singletonKey`: at most one job queued or active per organisation, however many
 * processes hand it over. The job claims the organisation's `financial_fetches` row before it
 * calls the provider, so a job arriving after the fetch is done does nothing.
 */
export const FINANCIAL_FETCH_QUEUE = "financial-fetch";
/** Fetches announced while no process listened (or refused as a duplicate while one ran) each minute. */
export const FINANCIAL_SCAN_QUEUE = "financial-fetch-scan";
export const FINANCIAL_SCAN_CRON = "* * * * *";
/** A process that died mid-fetch: pg-boss fails the job after this and retries it (the claim takes `running`). */
const FETCH_EXPIRE_SECONDS = 15 * 60;
const FETCH_RETRY_LIMIT = 2;

/** Without a provider a fetch fails plainly (it cannot be queued then, but one queued before can be). */
const notConfigured = () =>
  Promise.reject(new ProviderError("financials_not_configured", 0, "no DNB_CLIENT_ID / DNB_CLIENT_SECRET"));
const unconfigured: FinancialsProvider = { resolveIdentity: notConfigured, fetchStatements: notConfigured };

export async function startFinancialJobs(
  boss: PgBoss,
  ownerUrl: string,
  system: SystemDb,
  log: Logger,
  dnb: DnbConfig | undefined,
  /** Tests: another provider than D&B. */
  provider: FinancialsProvider = dnb ? dnbProvider(dnb) : unconfigured,
) {
  const jobOptions = {
    retryLimit: FETCH_RETRY_LIMIT,
    retryBackoff: true,
    expireInSeconds: FETCH_EXPIRE_SECONDS,
  };
  await boss.createQueue(FINANCIAL_FETCH_QUEUE, { policy: "exclusive", ...jobOptions });
  const handOver = async (tenantIds: string[]) => {
    for (const tenantId of tenantIds)
      await boss.send(FINANCIAL_FETCH_QUEUE, { tenantId }, { singletonKey: tenantId, ...jobOptions });
  };
  const handOverWaiting = async () => {
    try {
      await handOver(await queuedFetches(system));
    } catch (error) {
      (isDatabaseUnavailable(error) ? log.warn : log.error)(
        { err: error },
        "financial fetch hand-over failed",
      );
    }
  };

  await boss.work<FinancialFetchJob>(FINANCIAL_FETCH_QUEUE, async ([job]) => {
    if (!job) return;
    const result = await runFinancialFetch(system, provider, job.data.tenantId);
    if (result !== "skipped")
      log.info({ tenantId: job.data.tenantId, result }, "financial statements fetched");
    return { result };
  });
  await boss.createQueue(FINANCIAL_SCAN_QUEUE);
  await boss.work(FINANCIAL_SCAN_QUEUE, async () => {
    await handOverWaiting();
    return {};
  });
  await boss.schedule(FINANCIAL_SCAN_QUEUE, FINANCIAL_SCAN_CRON);

  // A request's transaction announces its fetch on commit; this process hands it over at once.
  const listener = postgres(ownerUrl, { max: 1, onnotice: () => {} });
  await listener
    .listen(
      FINANCIAL_FETCH_CHANNEL,
      (tenantId) =>
        void handOver([tenantId]).catch((error: unknown) =>
          log.warn({ err: error }, "financial hand-over failed"),
        ),
      () => void handOverWaiting(),
    )
    .catch((error: unknown) =>
      log.warn({ err: error }, "financial listener not started; the scan hands fetches over"),
    );

  return {
    handOver: handOverWaiting,
    stop: async () => {
      await listener.end({ timeout: 5 });
    },
  };
}
