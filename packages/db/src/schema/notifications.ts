import { NOTIFICATION_TYPES } from "@kunto/core";
import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, rowId, tenantForeignKey, tenantId, tenantPolicy, tenantPrimaryKey } from "./columns";
import { surveys } from "./surveys";
import { tenants } from "./tenants";
import { users } from "./users";

/**
 * One notification for one person of an organisation (docs/decisions.md "Notifications"): the
 * organisation-wide conditions give each admin a row of their own, so read state is per person.
 * At most one row per (organisation, person, type), read or not: a read notice does not come back
 * while its condition holds; the job deletes rows whose condition no longer holds.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: rowId(),
    tenantId: tenantId().references(() => tenants.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text({ enum: NOTIFICATION_TYPES }).notNull(),
    createdAt: createdAt(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex("notifications_one_per_type").on(t.tenantId, t.userId, t.type),
    index("notifications_user_idx").on(t.userId, t.createdAt).where(sql`${t.readAt} is null`),
    tenantPolicy("notifications", t.tenantId),
  ],
);

/** Mails the scheduled survey jobs send: a survey's DAILY / WEEKLY summary and its end notice. */
export const SURVEY_MAIL_KINDS = ["survey_daily", "survey_weekly", "survey_end"] as const;

/**
 * At most one mail round per (kind, survey, period), however many server processes run the job:
 * the round's row is inserted with `on conflict do nothing` in the transaction that queues its
 * outbox mails, so a second process finds the row and queues nothing.
 */
export const surveyMailRounds = pgTable(
  "survey_mail_rounds",
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: "cascade" }),
    surveyId: uuid().notNull(),
    kind: text({ enum: SURVEY_MAIL_KINDS }).notNull(),
    /** The day (YYYY-MM-DD), ISO week (YYYY-Www) or, for the end notice, the end's timestamp. */
    period: text().notNull(),
    recipients: text().array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantForeignKey("survey_mail_rounds_survey_id_fk", t.surveyId, t.tenantId, surveys).onDelete("cascade"),
    primaryKey({ columns: [t.kind, t.surveyId, t.period, t.tenantId] }),
    tenantPolicy("survey_mail_rounds", t.tenantId),
  ],
);
