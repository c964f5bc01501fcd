import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
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
import { demoSandboxes } from "./sandbox";

/**
 * Where a mail stands. `pending` waits for delivery; `sent` was accepted by SMTP; `failed` was given
 * up after the last retry; `logged` was written to the log because no SMTP server is configured;
 * `held_demo` belongs to a demo sandbox and never leaves (issue 6.6). Only `pending` rows may hold a
 * secret (a code, link or temporary password): the others keep the redacted text (issue 6.10).
 */
export const MAIL_STATES = ["pending", "sent", "failed", "logged", "held_demo"] as const;

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
    /**
     * The text with its secret variables replaced, while `text` still holds them (pending mails);
     * null when the mail has no secret or the secret is already gone.
     */
    redactedText: text(),
    html: text(),
    kind: text().notNull(),
    state: text({ enum: MAIL_STATES }).notNull().default("pending"),
    /** Set (by a trigger, from the acting user) for mails of a demo sandbox: held, never sent. */
    sandboxId: uuid().references(() => demoSandboxes.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
  },
  (t) => [
    index("mail_outbox_pending_idx").on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index("mail_outbox_sandbox_idx").on(t.sandboxId).where(sql`${t.sandboxId} is not null`),
    check("mail_outbox_sandbox_held", sql`${t.sandboxId} is null or ${t.state} = 'held_demo'`),
  ],
);

/** Fixed-window counters shared by every server instance (sign-in, reset, sign-up). */
export const rateLimits = pgTable("rate_limits", {
  key: text().primaryKey(),
  windowStart: timestamp({ withTimezone: true }).notNull(),
  hits: integer().notNull(),
});
