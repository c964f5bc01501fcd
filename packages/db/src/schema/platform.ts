import { sql } from "drizzle-orm";
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgPolicy,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, currentTenantSql, platformAdminSql } from "./columns";

/**
 * Security-relevant actions. Rows of a tenant are readable by that tenant's requests; rows
 * without a tenant (sign-in, platform actions) only through the platform-admin path.
 * Any request may append a row without a tenant (sign-in happens before one is chosen) or for its
 * own tenant, never for another (issue 6.9). No policy allows changing or deleting a row.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    at: createdAt(),
    actorUserId: uuid(),
    tenantId: uuid(),
    action: text().notNull(),
    targetType: text(),
    targetId: text(),
    details: jsonb(),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_tenant_idx").on(t.tenantId, t.at),
    pgPolicy("audit_log_read", {
      as: "permissive",
      for: "select",
      using: sql`${t.tenantId} = ${currentTenantSql} or ${platformAdminSql}`,
    }),
    pgPolicy("audit_log_append", {
      as: "permissive",
      for: "insert",
      withCheck: sql`${t.tenantId} is null or ${t.tenantId} = ${currentTenantSql} or ${platformAdminSql}`,
    }),
  ],
);

/** Every mail is written here first and delivered by the outbox worker, so none is lost. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    kind: text().notNull(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
  },
  (t) => [index("mail_outbox_pending_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

/** Fixed-window counters shared by every server instance (sign-in, reset, sign-up). */
export const rateLimits = pgTable("rate_limits", {
  key: text().primaryKey(),
  windowStart: timestamp({ withTimezone: true }).notNull(),
  hits: integer().notNull(),
});
