import {
  attemptDelivery,
  type DeliveryJob,
  type Logger,
  markQueued,
  scanSurveyEvents,
  unqueuedRounds,
  WEBHOOK_CHANNEL,
  WEBHOOK_RETRY_DELAY_MAX_SECONDS,
  WEBHOOK_RETRY_DELAY_SECONDS,
  WEBHOOK_RETRY_LIMIT,
} from "@kunto/api";
import { isDatabaseUnavailable, type SystemDb } from "@kunto/db";
import type { PgBoss } from "pg-boss";
import postgres from "postgres";

/** One job per round of a delivery (docs/decisions.md "Webhooks"); pg-boss retries with back-off. */
export const WEBHOOK_DELIVERY_QUEUE = "webhook-delivery";
/** The survey events (started, ended, answers reached) and any round not yet handed over. */
export const WEBHOOK_SCAN_QUEUE = "webhook-scan";
export const WEBHOOK_SCAN_CRON = "* * * * *";
/** Deliveries under way at once in one process. */
const DELIVERY_CONCURRENCY = 4;

export interface WebhookJobOptions {
  /** SECRETS_KEY: opens the endpoints' sealed signing secrets. */
  secretsKey: Uint8Array;
  /** WEBHOOK_ALLOW_PRIVATE_ADDRESSES (tests, closed networks): deliveries to loopback and private networks. */
  allowPrivateAddresses?: boolean;
  /** The first retry's delay; later ones double (tests shorten it). */
  retryDelaySeconds?: number;
}

/**
 * Webhook delivery in this process (issue 20.4): hands waiting rounds to pg-boss as jobs whose id is
 * the round's `job_id` (a second process handing the same round makes no second job), works the
 * delivery queue, and scans the clock's events each minute. A change's transaction announces its
 * deliveries with NOTIFY (only on commit); this process LISTENs and hands them over at once.
 */
export async function startWebhookJobs(
  boss: PgBoss,
  ownerUrl: string,
  system: SystemDb,
  log: Logger,
  options: WebhookJobOptions,
) {
  // The retry rule travels with each job: a queue keeps the options it was first created with, so
  // a process started with another WEBHOOK_RETRY_DELAY_SECONDS would otherwise not get its own.
  const retry = {
    retryLimit: WEBHOOK_RETRY_LIMIT,
    retryDelay: options.retryDelaySeconds ?? WEBHOOK_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMax: WEBHOOK_RETRY_DELAY_MAX_SECONDS,
  };
  await boss.createQueue(WEBHOOK_DELIVERY_QUEUE, retry);

  let handing: Promise<void> | null = null;
  let again = false;
  const handOver = async (): Promise<void> => {
    for (;;) {
      const rounds = await unqueuedRounds(system);
      if (rounds.length === 0) return;
      await boss.insert(
        WEBHOOK_DELIVERY_QUEUE,
        rounds.map((round) => ({ id: round.jobId, data: { deliveryId: round.deliveryId }, ...retry })),
      );
      await markQueued(system, rounds);
    }
  };
  /** One hand-over at a time; a call during one makes it run once more. */
  const handOverSoon = () => {
    if (handing) {
      again = true;
      return handing;
    }
    handing = (async () => {
      do {
        again = false;
        try {
          await handOver();
        } catch (error) {
          (isDatabaseUnavailable(error) ? log.warn : log.error)({ err: error }, "webhook hand-over failed");
        }
      } while (again);
      handing = null;
    })();
    return handing;
  };

  await boss.work<DeliveryJob>(
    WEBHOOK_DELIVERY_QUEUE,
    { localConcurrency: DELIVERY_CONCURRENCY },
    async ([job]) => {
      if (!job) return;
      const result = await attemptDelivery(
        system,
        { deliveryId: job.data.deliveryId, jobId: job.id, retryCount: job.retryCount },
        { allowPrivate: options.allowPrivateAddresses === true, secretsKey: options.secretsKey },
      );
      // pg-boss retries a job that throws, with back-off, up to WEBHOOK_RETRY_LIMIT times.
      if (result === "retrying") throw new Error("webhook delivery failed; retrying");
      return { result };
    },
  );

  await boss.createQueue(WEBHOOK_SCAN_QUEUE);
  await boss.work(WEBHOOK_SCAN_QUEUE, async () => {
    const made = await scanSurveyEvents(system, new Date());
    if (made > 0) log.info({ made }, "webhook survey events recorded");
    await handOverSoon();
    return { made };
  });
  await boss.schedule(WEBHOOK_SCAN_QUEUE, WEBHOOK_SCAN_CRON);

  // Its own connection: LISTEN holds it. postgres.js listens again after a reconnect (and runs the
  // callback given to `onlisten`, where rounds announced meanwhile are picked up).
  const listener = postgres(ownerUrl, { max: 1, onnotice: () => {} });
  await listener
    .listen(
      WEBHOOK_CHANNEL,
      () => void handOverSoon(),
      () => void handOverSoon(),
    )
    .catch((error: unknown) =>
      log.warn({ err: error }, "webhook listener not started; the scan hands rounds over"),
    );

  return {
    handOver: handOverSoon,
    stop: async () => {
      await handing;
      await listener.end({ timeout: 5 });
    },
  };
}
