import { type Logger, removeExpiredSandboxes } from "@kunto/api";
import type { Db } from "@kunto/db";
import { PgBoss } from "pg-boss";

/** Removes demo sandboxes 24 hours after they were made (issue 6.6). */
export const SANDBOX_CLEANUP_QUEUE = "demo-sandbox-cleanup";
/** Every ten minutes: a sandbox is gone at most ten minutes after its 24 hours. */
export const SANDBOX_CLEANUP_CRON = "*/10 * * * *";

/**
 * Scheduled work through pg-boss (docs/decisions.md "Jobs"). pg-boss keeps its own schema
 * (`pgboss`), which it creates and migrates at start, so it connects as the owner; the jobs
 * themselves run on the request pool (`db`, row-level security applies). Cron schedules are stored
 * once in the database and fire on one instance, however many servers run.
 */
export async function startJobs(ownerUrl: string, db: Db, log: Logger) {
  const boss = new PgBoss({ connectionString: ownerUrl, max: 3, application_name: "kunto-jobs" });
  boss.on("error", (error) => log.error({ err: error }, "job queue failed"));
  await boss.start();
  await boss.createQueue(SANDBOX_CLEANUP_QUEUE);
  await boss.work(SANDBOX_CLEANUP_QUEUE, async () => {
    const removed = await removeExpiredSandboxes(db, new Date());
    if (removed > 0) log.info({ removed }, "expired demo sandboxes removed");
    return { removed };
  });
  await boss.schedule(SANDBOX_CLEANUP_QUEUE, SANDBOX_CLEANUP_CRON);
  return { boss, stop: () => boss.stop({ graceful: true, timeout: 5000 }) };
}
