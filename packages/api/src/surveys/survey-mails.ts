import { addDays, dayEnd, dayOf, dayStart, LANGUAGES, type Language } from "@kunto/core";
import { type SystemDb, type Tx, withSystem } from "@kunto/db";
import { enqueueMail } from "@kunto/mail";
import { sql } from "drizzle-orm";

/**
 * Scheduled survey mails (document 2 §3 survey notifications, document 1 §7 the survey_end e-mail
 * subscription; docs/decisions.md "Notifications"):
 * - DAILY: the summary of the previous survey day (Europe/Helsinki) for each survey that ran during
 *   it, to the organisation's admins;
 * - WEEKLY: likewise for the previous ISO week (Monday to Sunday);
 * - survey_end: once a survey has ended (within the last 7 days, so a first run does not mail about
 *   old surveys), to the members who subscribed to survey_end in the organisation.
 * Each round is one `survey_mail_rounds` row (kind, survey, period) inserted with `on conflict do
 * nothing` in the transaction that queues its outbox mails: whichever process inserts it queues the
 * mails, any other finds the row and queues nothing, so each mail goes out once however many server
 * processes run the job. Demo organisations and sandboxes get none (nobody would read them).
 */

const END_NOTICE_WINDOW_DAYS = 7;

type Candidate = {
  tenant_id: string;
  survey_id: string;
  survey_key: string;
  survey_name: string | null;
  survey_type: "PERSONNEL" | "MANAGEMENT";
  ends_at: string | Date;
  organisation: string;
};
type Recipient = {
  email: string;
  language: string;
};

const DISPLAY_DAY = (day: string) => day.split("-").reverse().join(".");
const surveyTitle = (c: Candidate) =>
  c.survey_name ?? (c.survey_type === "PERSONNEL" ? "Personnel survey" : "Management survey");
const languageOf = (value: string): Language =>
  (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : "en";

/** The Monday (YYYY-MM-DD) of the ISO week before the one `day` is in, and that week's name. */
export function previousIsoWeek(day: string): { monday: string; sunday: string; name: string } {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7; // Monday 0
  const monday = addDays(day, -weekday - 7);
  const sunday = addDays(monday, 6);
  // ISO week number: the week holding that week's Thursday.
  const thursday = new Date(`${addDays(monday, 3)}T00:00:00Z`);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - yearStart) / 86_400_000 / 7) + 1;
  return { monday, sunday, name: `${thursday.getUTCFullYear()}-W${String(week).padStart(2, "0")}` };
}

/** Claims a round; true when this transaction made it (and so must queue its mails). */
async function claimRound(tx: Tx, c: Candidate, kind: string, period: string, recipients: Recipient[]) {
  const rows = await tx.execute(sql`
    insert into survey_mail_rounds (tenant_id, survey_id, kind, period, recipients)
    values (${c.tenant_id}, ${c.survey_id}, ${kind}, ${period}, ${sql`array[${sql.join(
      recipients.map((r) => sql`${r.email}`),
      sql`, `,
    )}]::text[]`})
    on conflict do nothing
    returning survey_id`);
  return rows.length > 0;
}

const surveyLink = (origin: string, c: Candidate) => `${origin}/t/${c.tenant_id}/analyses/s/${c.survey_key}`;

async function admins(tx: Tx, tenantId: string): Promise<Recipient[]> {
  const rows = await tx.execute<Recipient>(sql`
    select u.email, u.language from memberships m join users u on u.id = m.user_id
    where m.tenant_id = ${tenantId} and 'tenant_admin' = any(m.roles) and u.enabled and u.email is not null
    order by u.email`);
  return [...rows];
}

async function endSubscribers(tx: Tx, tenantId: string): Promise<Recipient[]> {
  const rows = await tx.execute<Recipient>(sql`
    select u.email, u.language from email_subscriptions e
    join memberships m on m.tenant_id = e.tenant_id and m.user_id = e.user_id
    join users u on u.id = e.user_id
    where e.tenant_id = ${tenantId} and e.type = 'survey_end' and u.enabled and u.email is not null
    order by u.email`);
  return [...rows];
}

const REAL_TENANT = sql`t.active and not t.is_demo and t.sandbox_id is null`;

async function progressRounds(
  tx: Tx,
  origin: string,
  kind: "survey_daily" | "survey_weekly",
  from: string,
  to: string,
  period: string,
) {
  const start = dayStart(from).toISOString();
  const end = dayEnd(to).toISOString();
  const candidates = await tx.execute<Candidate & { new_answers: number; total_answers: number }>(sql`
    select s.tenant_id, s.id as survey_id, s.key as survey_key, s.name as survey_name,
      s.type as survey_type, s.ends_at, t.name as organisation,
      (select count(*)::int from survey_responses r where r.survey_id = s.id
        and r.submitted_on between ${from}::date and ${to}::date) as new_answers,
      (select count(*)::int from survey_responses r where r.survey_id = s.id) as total_answers
    from surveys s join tenants t on t.id = s.tenant_id
    where s.notifications = ${kind === "survey_daily" ? "DAILY" : "WEEKLY"}
      and s.starts_at <= ${end}::timestamptz and s.ends_at >= ${start}::timestamptz and ${REAL_TENANT}
    order by s.id`);
  let mails = 0;
  for (const c of candidates) {
    const recipients = await admins(tx, c.tenant_id);
    if (recipients.length === 0 || !(await claimRound(tx, c, kind, period, recipients))) continue;
    await enterTenant(tx, c.tenant_id);
    for (const r of recipients) {
      await enqueueMail(tx, {
        to: r.email,
        kind: "surveyProgress",
        language: languageOf(r.language),
        vars: {
          link: surveyLink(origin, c),
          organisation: c.organisation,
          survey: surveyTitle(c),
          period: from === to ? DISPLAY_DAY(from) : `${DISPLAY_DAY(from)}–${DISPLAY_DAY(to)}`,
          newAnswers: String(c.new_answers),
          totalAnswers: String(c.total_answers),
          end: DISPLAY_DAY(dayOf(new Date(c.ends_at))),
        },
      });
      mails += 1;
    }
  }
  return mails;
}

/** The outbox's demo-sandbox trigger reads the organisation from the transaction's settings. */
const enterTenant = (tx: Tx, tenantId: string) =>
  tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);

async function endRounds(tx: Tx, origin: string, now: Date) {
  const at = now.toISOString();
  const candidates = await tx.execute<Candidate & { total_answers: number }>(sql`
    select s.tenant_id, s.id as survey_id, s.key as survey_key, s.name as survey_name,
      s.type as survey_type, s.ends_at, t.name as organisation,
      (select count(*)::int from survey_responses r where r.survey_id = s.id) as total_answers
    from surveys s join tenants t on t.id = s.tenant_id
    where s.ends_at <= ${at}::timestamptz
      and s.ends_at > ${at}::timestamptz - make_interval(days => ${END_NOTICE_WINDOW_DAYS}::int)
      and ${REAL_TENANT}
    order by s.id`);
  let mails = 0;
  for (const c of candidates) {
    const recipients = await endSubscribers(tx, c.tenant_id);
    // The end's instant names the round: a survey reopened and ended again notifies again.
    const period = new Date(c.ends_at).toISOString();
    if (recipients.length === 0 || !(await claimRound(tx, c, "survey_end", period, recipients))) continue;
    await enterTenant(tx, c.tenant_id);
    for (const r of recipients) {
      await enqueueMail(tx, {
        to: r.email,
        kind: "surveyEnded",
        language: languageOf(r.language),
        vars: {
          link: surveyLink(origin, c),
          organisation: c.organisation,
          survey: surveyTitle(c),
          totalAnswers: String(c.total_answers),
        },
      });
      mails += 1;
    }
  }
  return mails;
}

/** One run of the job: every round due at `now`, each kind in its own transaction. */
export async function sendSurveyMails(system: SystemDb, origin: string, now = new Date()) {
  const today = dayOf(now);
  const yesterday = addDays(today, -1);
  const week = previousIsoWeek(today);
  const daily = await withSystem(system, (tx) =>
    progressRounds(tx, origin, "survey_daily", yesterday, yesterday, yesterday),
  );
  const weekly = await withSystem(system, (tx) =>
    progressRounds(tx, origin, "survey_weekly", week.monday, week.sunday, week.name),
  );
  const ended = await withSystem(system, (tx) => endRounds(tx, origin, now));
  return { daily, weekly, ended };
}
