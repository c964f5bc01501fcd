import { randomUUID } from "node:crypto";
import { sendSurveyMails } from "@kunto/api";
import { createSystemDb, schema } from "@kunto/db";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { NOTIFICATIONS_QUEUE, SURVEY_MAILS_CRON, SURVEY_MAILS_QUEUE, startJobs } from "../../src/jobs";
import { answerThroughPage } from "../support/answers";
import { asOwner, connect, makeTenant, makeUser, startServer, TEST_CONFIG } from "../support/harness";
import { startSmtp } from "../support/smtp";
import { makeSharedSurvey } from "../support/surveys";

/**
 * The scheduled survey mails (issue 8): DAILY and WEEKLY summaries to the admins and the
 * survey_end notice to its subscribers, in each recipient's language, sent once per period even
 * when two server processes (two pg-boss instances, two system pools) run the job at the same time.
 * Mails are read from a real SMTP server on loopback.
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const DAY = 24 * 60 * 60 * 1000;
const log = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  server = await startServer(db.db);
  smtp = await startSmtp(db.system);
});
afterAll(async () => {
  await smtp.close();
  await server.close();
  await db.close();
});

const address = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.test`;

async function organisation() {
  const tenant = await makeTenant(db.owner, { name: `Mail ${randomUUID().slice(0, 6)} Oy` });
  const admin = await makeUser(db.owner, {
    tenantId: tenant.id,
    tenantRoles: ["tenant_admin"],
    email: address("admin"),
  });
  const subscriber = await makeUser(db.owner, {
    tenantId: tenant.id,
    tenantRoles: ["tenant_basic"],
    email: address("subscriber"),
  });
  await asOwner(db.owner, async (tx) => {
    await tx.update(schema.users).set({ language: "fi" }).where(eq(schema.users.id, admin.id));
    await tx.update(schema.users).set({ language: "pl" }).where(eq(schema.users.id, subscriber.id));
    await tx
      .insert(schema.emailSubscriptions)
      .values({ tenantId: tenant.id, userId: subscriber.id, type: "survey_end" });
  });
  return { tenant, admin, subscriber };
}

const setNotifications = (surveyId: string, notifications: "DAILY" | "WEEKLY" | null) =>
  asOwner(db.owner, (tx) =>
    tx.update(schema.surveys).set({ notifications }).where(eq(schema.surveys.id, surveyId)),
  );

/** Delivers every due outbox mail to the loopback server (lastMail delivers before it looks). */
const deliverAll = () => smtp.lastMail("nobody@example.test").catch(() => undefined);

const receivedBy = (to: string) => smtp.received.filter((m) => m.to === to);
const subjectOf = (raw: string) => /^subject: (.*)$/im.exec(raw)?.[1] ?? "";

describe("scheduled survey mails", () => {
  it("two server processes running the jobs send each summary and end notice once, in the recipient's language", async () => {
    const { tenant, admin, subscriber } = await organisation();
    // Ran yesterday and still runs: yesterday's DAILY summary.
    const daily = await makeSharedSurvey(db.owner, tenant.id, { startsAt: new Date(Date.now() - 2 * DAY) });
    await setNotifications(daily.survey.id, "DAILY");
    await answerThroughPage(server, daily.link, 2);
    // Ran through the whole of last week: last week's WEEKLY summary.
    const weekly = await makeSharedSurvey(db.owner, tenant.id, { startsAt: new Date(Date.now() - 15 * DAY) });
    await setNotifications(weekly.survey.id, "WEEKLY");
    // Ended an hour ago: the survey_end notice to the subscriber.
    const ended = await makeSharedSurvey(db.owner, tenant.id, { startsAt: new Date(Date.now() - 3 * DAY) });
    await setNotifications(ended.survey.id, null);
    await answerThroughPage(server, ended.link, 3);
    await asOwner(db.owner, (tx) =>
      tx
        .update(schema.surveys)
        .set({ endsAt: new Date(Date.now() - 3_600_000) })
        .where(eq(schema.surveys.id, ended.survey.id)),
    );

    // Two processes: each its own pg-boss and system pool, both running the job at once.
    const [first, second] = await Promise.all([
      startJobs(inject("ownerUrl"), db.db, log, "http://kunto.test", { secretsKey: TEST_CONFIG.secretsKey }),
      startJobs(inject("ownerUrl"), db.db, log, "http://kunto.test", { secretsKey: TEST_CONFIG.secretsKey }),
    ]);
    const poolA = createSystemDb(inject("ownerUrl"), { max: 1 });
    const poolB = createSystemDb(inject("ownerUrl"), { max: 1 });
    try {
      expect((await first.boss.getSchedules(SURVEY_MAILS_QUEUE)).map((s) => s.cron)).toEqual([
        SURVEY_MAILS_CRON,
      ]);
      expect(await first.boss.getSchedules(NOTIFICATIONS_QUEUE)).toHaveLength(1);
      await Promise.all([first.boss.send(SURVEY_MAILS_QUEUE), second.boss.send(SURVEY_MAILS_QUEUE)]);
      const now = new Date();
      await Promise.all([
        sendSurveyMails(poolA.system, "http://kunto.test", now),
        sendSurveyMails(poolB.system, "http://kunto.test", now),
      ]);
      // Wait for both queued jobs to have run.
      const deadline = Date.now() + 20_000;
      for (;;) {
        const jobs = await db.ownerSql<{ state: string }[]>`
          select state from pgboss.job where name = ${SURVEY_MAILS_QUEUE} and state in ('created', 'active', 'retry')`;
        if (jobs.length === 0 || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      await Promise.all([first.stop(), second.stop(), poolA.close(), poolB.close()]);
    }

    await deliverAll();
    const adminMails = receivedBy(admin.email ?? "");
    const subscriberMails = receivedBy(subscriber.email ?? "");
    // The admin: one DAILY and one WEEKLY summary, in Finnish; the ended survey has no summaries.
    expect(adminMails).toHaveLength(2);
    expect(await smtp.mailTo(admin.email ?? "")).toContain("Uusia vastauksia");
    // The subscriber: one end notice, in Polish, with the answer count and the survey's link.
    expect(subscriberMails).toHaveLength(1);
    const notice = await smtp.lastMail(subscriber.email ?? "");
    expect(notice.text).toContain("Liczba odpowiedzi: 3");
    expect(notice.text).toContain(`/t/${tenant.id}/analyses/s/${ended.survey.key}`);
    expect(subjectOf(subscriberMails[0]?.raw ?? "")).not.toBe("");

    const rounds = await asOwner(db.owner, (tx) =>
      tx
        .select()
        .from(schema.surveyMailRounds)
        .where(
          inArray(schema.surveyMailRounds.surveyId, [daily.survey.id, weekly.survey.id, ended.survey.id]),
        ),
    );
    expect(rounds.map((r) => r.kind).sort()).toEqual(["survey_daily", "survey_end", "survey_weekly"]);

    // A later run in the same periods sends nothing more.
    const pool = createSystemDb(inject("ownerUrl"), { max: 1 });
    try {
      await sendSurveyMails(pool.system, "http://kunto.test");
    } finally {
      await pool.close();
    }
    await deliverAll();
    expect(receivedBy(admin.email ?? "")).toHaveLength(2);
    expect(receivedBy(subscriber.email ?? "")).toHaveLength(1);
  });

  it("sends the DAILY summary with the previous day's answers and nothing for demo organisations", async () => {
    const { tenant, admin } = await organisation();
    const survey = await makeSharedSurvey(db.owner, tenant.id, { startsAt: new Date(Date.now() - DAY) });
    await setNotifications(survey.survey.id, "DAILY");
    await answerThroughPage(server, survey.link, 4);
    const demo = await makeTenant(db.owner, { isDemo: true });
    const demoAdmin = await makeUser(db.owner, { tenantId: demo.id, tenantRoles: ["tenant_admin"] });
    const demoSurvey = await makeSharedSurvey(db.owner, demo.id, { startsAt: new Date(Date.now() - DAY) });
    await setNotifications(demoSurvey.survey.id, "DAILY");
    const pool = createSystemDb(inject("ownerUrl"), { max: 1 });
    try {
      // Tomorrow's run summarises today, when the four answers were given.
      const result = await sendSurveyMails(pool.system, "http://kunto.test", new Date(Date.now() + DAY));
      expect(result.daily).toBeGreaterThanOrEqual(1);
    } finally {
      await pool.close();
    }
    const text = await smtp.mailTo(admin.email ?? "");
    expect(text).toContain("Uusia vastauksia");
    expect(text).toMatch(/: 4\n/);
    expect(receivedBy(demoAdmin.email ?? "")).toHaveLength(0);
  });
});
