import type { Logger } from "@kunto/api";
import { deleteExpiredSessions, deleteStaleRateLimits } from "@kunto/auth";
import { type Db, isDatabaseUnavailable, type SystemDb } from "@kunto/db";
import { deliverDueMails, smtpConfigFromEnv } from "@kunto/mail";

/**
 * Background work of this instance: mail delivery from the outbox, clean-up of expired sessions
 * and old rate-limit counters. Both are
 * safe to run on several instances at once (SKIP LOCKED claims, idempotent deletes), and both
 * resume by themselves after the database was away (each tick starts afresh).
 */
export function startWorkers(db: Db, system: SystemDb, log: Logger, intervalMs = 5000) {
  const smtp = smtpConfigFromEnv();
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await deliverDueMails(system, smtp, log);
      await deleteExpiredSessions(system);
      await deleteStaleRateLimits(db);
    } catch (error) {
      // The next tick tries again: nothing is lost while the database is away.
      if (isDatabaseUnavailable(error)) log.warn({ err: error }, "background work: database unavailable");
      else log.error({ err: error }, "background work failed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  void tick();
  return { stop: () => clearInterval(timer), tick };
}
