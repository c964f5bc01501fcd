import { AppError, NOTIFICATION_DETAILS, type NotificationType, SURVEY_REMINDER_MONTHS } from "@kunto/core";
import { type SystemDb, type Tx, withSystem } from "@kunto/db";
import { type SQL, sql } from "drizzle-orm";

/**
 * Notifications (document 2 §3, §4, docs/decisions.md "Notifications"). A scheduled job reconciles
 * the `notifications` table with the conditions below; the list call checks them again, so a
 * condition fixed a minute ago (an address added) no longer shows before the job's next run.
 *
 * Who: the organisation's admins (tenant_admin), each with a row of their own, so read state is per
 * person. Every target of a notification (new survey, settings, the profile's subscriptions) is an
 * admin's screen.
 */

/**
 * The conditions that hold now, as rows (tenant_id, user_id, type), for the admins the filter
 * selects (`m` is the membership):
 * - SURVEY_OVER_X_MONTHS: no survey started in the last X months (X = 6), counted from the
 *   organisation's creation when it has never started one;
 * - DUNS_NUMBER_MISSING: no D-U-N-S number, where financials can be fetched (`dunsNotice`: a
 *   provider is configured, issue 23; otherwise the notice would only nag);
 * - TENANT_ADDRESS_MISSING: street address, postal code or city empty;
 * - NOTICE_EMAIL_SUBSCRIPTIONS: the admin (an e-mail user) has no e-mail subscription in the
 *   organisation.
 */
function conditionsSql(now: Date, filter: SQL, dunsNotice = true): SQL {
  const at = now.toISOString();
  return sql`
    select m.tenant_id, m.user_id, x.type
    from memberships m
    join tenants t on t.id = m.tenant_id
    join users u on u.id = m.user_id
    cross join lateral (values
      ('SURVEY_OVER_X_MONTHS',
        greatest(t.created_at, coalesce(
          (select max(s.starts_at) from surveys s where s.tenant_id = t.id and s.starts_at <= ${at}::timestamptz),
          t.created_at)) < ${at}::timestamptz - make_interval(months => ${SURVEY_REMINDER_MONTHS}::int)),
      ('DUNS_NUMBER_MISSING', ${dunsNotice}::boolean and coalesce(btrim(t.duns_number), '') = ''),
      ('TENANT_ADDRESS_MISSING',
        coalesce(btrim(t.street_address), '') = '' or coalesce(btrim(t.zip_code), '') = ''
        or coalesce(btrim(t.city), '') = ''),
      ('NOTICE_EMAIL_SUBSCRIPTIONS', u.email is not null and not exists (
        select 1 from email_subscriptions e where e.tenant_id = m.tenant_id and e.user_id = m.user_id))
    ) as x(type, holds)
    where t.active and 'tenant_admin' = any(m.roles) and x.holds and ${filter}`;
}

export interface NotificationItem {
  id: string;
  type: NotificationType;
  color: "success" | "warning" | "error" | "info";
  titleText: string;
  contentText: string;
  createdAt: string;
}

/** The signed-in person's unread notifications whose condition still holds, newest first. */
export async function listNotifications(
  tx: Tx,
  tenantId: string,
  userId: string,
  now = new Date(),
): Promise<NotificationItem[]> {
  const rows = await tx.execute<{ id: string; type: NotificationType; created_at: string | Date }>(sql`
    with holding as (${conditionsSql(now, sql`m.tenant_id = ${tenantId} and m.user_id = ${userId}`)})
    select n.id, n.type, n.created_at
    from notifications n
    where n.tenant_id = ${tenantId} and n.user_id = ${userId} and n.read_at is null
      and n.type in (select type from holding)
    order by n.created_at desc, n.type`);
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    ...NOTIFICATION_DETAILS[row.type],
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** Marks one of the person's own notifications read (again: no change); anyone else's is not found. */
export async function markNotificationRead(tx: Tx, tenantId: string, userId: string, id: string) {
  const rows = await tx.execute(sql`
    update notifications set read_at = coalesce(read_at, now())
    where id = ${id} and tenant_id = ${tenantId} and user_id = ${userId}
    returning id`);
  if (rows.length === 0) throw new AppError("not_found");
}

/** How close to its end a demo sandbox is left to the clean-up by the notifications job. */
export const SANDBOX_GOING_MS = 10 * 60 * 1000;

/**
 * The job (every organisation, as the system role): a row for each condition that holds and has
 * none yet (`on conflict do nothing`: never a duplicate, read or not), and rows whose condition no
 * longer holds removed. A read NOTICE_EMAIL_SUBSCRIPTIONS stays (it was a one-time notice: the
 * admin may choose no subscription at all); the others go, so a condition that comes back later
 * (an address removed again, another six months without a survey) notifies again.
 */
export async function refreshNotifications(
  system: SystemDb,
  now = new Date(),
  /** false without a financials provider: no DUNS_NUMBER_MISSING, and existing ones are removed. */
  options: { dunsNotice?: boolean } = {},
): Promise<{ created: number; removed: number }> {
  // A demo sandbox the clean-up may be removing (expired, or within SANDBOX_GOING_MS of it) is left
  // alone: the clean-up's cascade and this job writing the same organisation's notices at once
  // deadlock (the two-node check caught one, both crons in the same minute).
  const going = new Date(now.getTime() + SANDBOX_GOING_MS).toISOString();
  const leftAlone = (tenantId: SQL) => sql`exists (
    select 1 from tenants g join demo_sandboxes d on d.id = g.sandbox_id
    where g.id = ${tenantId} and d.expires_at <= ${going}::timestamptz)`;
  return withSystem(system, async (tx) => {
    const holding = conditionsSql(now, sql`not ${leftAlone(sql`m.tenant_id`)}`, options.dunsNotice ?? true);
    const removed = await tx.execute(sql`
      with holding as (${holding})
      delete from notifications n
      where not exists (
          select 1 from holding h where h.tenant_id = n.tenant_id and h.user_id = n.user_id and h.type = n.type)
        and not (n.type = 'NOTICE_EMAIL_SUBSCRIPTIONS' and n.read_at is not null)
        and not ${leftAlone(sql`n.tenant_id`)}
      returning n.id`);
    const created = await tx.execute(sql`
      insert into notifications (tenant_id, user_id, type, created_at)
      select tenant_id, user_id, type, ${now.toISOString()}::timestamptz from (${holding}) h
      on conflict (tenant_id, user_id, type) do nothing
      returning id`);
    return { created: created.length, removed: removed.length };
  });
}
