import {
  type DnbConfig,
  type Logger,
  processSurveyInvitations,
  refreshNotifications,
  removeExpiredSandboxes,
  sendSurveyMails,
} from "@kunto/api";
import { createSystemDb, type Db, isDatabaseUnavailable } from "@kunto/db";
import { PgBoss } from "pg-boss";
import { startFinancialJobs } from "./financial-jobs";
import { startWebhookJobs, type WebhookJobOptions } from "./webhook-jobs";

/** Removes demo sandboxes 24 hours after they were made (issue 6.6). */
export const SANDBOX_CLEANUP_QUEUE = "demo-sandbox-cleanup";
/** Every ten minutes: a sandbox is gone at most ten minutes after its 24 hours. */
export const SANDBOX_CLEANUP_CRON = "*/10 * * * *";
/**
 * Hands queued survey invitations to the mail outbox and copies the outbox's outcome back (issue 7,
 * docs/decisions.md "Surveys"). Every minute: invitations wait at most a minute for the outbox.
 */
export const SURVEY_INVITATIONS_QUEUE = "survey-invitations";
export const SURVEY_INVITATIONS_CRON = "* * * * *";
/**
 * Reconciles the notifications with their conditions (issue 8, docs/decisions.md "Notifications").
 * Every 15 minutes, and once at start, so a new organisation sees its notices the same quarter hour.
 */
export const NOTIFICATIONS_QUEUE = "notifications-refresh";
export const NOTIFICATIONS_CRON = "*/15 * * * *";
/**
 * The DAILY / WEEKLY survey summaries and the survey_end notices (issue 8). Hourly: a day's summary
 * leaves within the first hour of the next day; each round at most once (survey_mail_rounds).
 */
export const SURVEY_MAILS_QUEUE = "survey-mails";
export const SURVEY_MAILS_CRON = "7 * * * *";

/**
 * Scheduled work through pg-boss (docs/decisions.md "Jobs"). pg-boss keeps its own schema
 * (`pgboss`), which it creates and migrates at start, so it connects as the owner; the jobs
 * themselves run on the request pool (`db`, row-level security applies). Cron schedules are stored
 * once in the database and fire on one instance, however many servers run.
 */
export async function startJobs(
  ownerUrl: string,
  db: Db,
  log: Logger,
  appUrl: string,
  webhooks: WebhookJobOptions,
  /** Issue 23: the statement fetch; without it the fetch queue is still worked (and fails `financials_not_configured`). */
  dnb?: DnbConfig,
  /** JOBS_EVERY_MINUTE: each schedule below fires every minute (the two-node checks). */
  everyMinute = false,
) {
  const cron = (schedule: string) => (everyMinute ? "* * * * *" : schedule);
  // The D-U-N-S notice only where financials can be fetched (issue 23).
  const notices = { dunsNotice: dnb !== undefined };
  const boss = new PgBoss({ connectionString: ownerUrl, max: 3, application_name: "kunto-jobs" });
  // While the database is away each worker's poll fails (a warning); pg-boss keeps polling and the
  // jobs run again once it is back (docs/decisions.md "When the database goes away").
  boss.on("error", (error) =>
    isDatabaseUnavailable(error)
      ? log.warn({ err: error }, "job queue: database unavailable")
      : log.error({ err: error }, "job queue failed"),
  );
  await boss.start();
  await boss.createQueue(SANDBOX_CLEANUP_QUEUE);
  await boss.work(SANDBOX_CLEANUP_QUEUE, async () => {
    const removed = await removeExpiredSandboxes(db, new Date());
    if (removed > 0) log.info({ removed }, "expired demo sandboxes removed");
    return { removed };
  });
  await boss.schedule(SANDBOX_CLEANUP_QUEUE, cron(SANDBOX_CLEANUP_CRON));
  // Invitations cross organisations: the job works as the system role on the owner connection.
  const system = createSystemDb(ownerUrl, { max: 1 });
  await boss.createQueue(SURVEY_INVITATIONS_QUEUE);
  await boss.work(SURVEY_INVITATIONS_QUEUE, async () => {
    const result = await processSurveyInvitations(system.system, appUrl);
    if (result.queued > 0 || result.updated > 0) log.info(result, "survey invitations processed");
    return result;
  });
  await boss.schedule(SURVEY_INVITATIONS_QUEUE, cron(SURVEY_INVITATIONS_CRON));
  await boss.createQueue(NOTIFICATIONS_QUEUE);
  await boss.work(NOTIFICATIONS_QUEUE, async () => {
    const result = await refreshNotifications(system.system, new Date(), notices);
    if (result.created > 0 || result.removed > 0) log.info(result, "notifications refreshed");
    return result;
  });
  await boss.schedule(NOTIFICATIONS_QUEUE, cron(NOTIFICATIONS_CRON));
  await boss.createQueue(SURVEY_MAILS_QUEUE);
  await boss.work(SURVEY_MAILS_QUEUE, async () => {
    const result = await sendSurveyMails(system.system, appUrl, new Date());
    if (result.daily + result.weekly + result.ended > 0) log.info(result, "survey mails queued");
    return result;
  });
  await boss.schedule(SURVEY_MAILS_QUEUE, cron(SURVEY_MAILS_CRON));
  const webhookJobs = await startWebhookJobs(boss, ownerUrl, system.system, log, webhooks);
  const financialJobs = await startFinancialJobs(boss, ownerUrl, system.system, log, dnb);
  // Once now, before the server answers: the seeded demo's notices exist before the first sandbox copies them.
  try {
    await refreshNotifications(system.system, new Date(), notices);
  } catch (error) {
    log.error({ err: error }, "notifications refresh failed");
  }
  return {
    boss,
    webhooks: webhookJobs,
    financials: financialJobs,
    stop: async () => {
      await webhookJobs.stop();
      await financialJobs.stop();
      await boss.stop({ graceful: true, timeout: 5000 });
      await system.close();
    },
  };
}
