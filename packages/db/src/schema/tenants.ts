import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgPolicy,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  createdAt,
  currentTenantSql,
  currentUserSql,
  id,
  platformAdminSql,
  rowId,
  tenantId,
  tenantPolicy,
  tenantPrimaryKey,
  updatedAt,
} from "./columns";
import { demoSandboxes } from "./sandbox";
import { bytea, users } from "./users";

export const tenants = pgTable(
  "tenants",
  {
    id: id(),
    name: text().notNull(),
    registrationNumber: text(),
    streetAddress: text(),
    streetAddressLine2: text(),
    city: text(),
    zipCode: text(),
    country: text().notNull(),
    addressCounty: text(),
    dunsNumber: text(),
    active: boolean().notNull().default(true),
    plan: text({ enum: ["FREE", "PRO", "TOTAL"] })
      .notNull()
      .default("FREE"),
    subscriptionStatus: text({ enum: ["AWAITING_PAYMENT", "PAID", "PAYMENT_FAILED", "UNPAID", "CANCELED"] }),
    currentSubscriptionPeriodEnd: timestamp({ withTimezone: true }),
    /**
     * While `subscription_status` is PAYMENT_FAILED, the paid plan holds until this moment (the first
     * failure + PAYMENT_GRACE_DAYS, issue 21); `kunto_effective_plan` compares it with now().
     */
    paymentGraceUntil: timestamp({ withTimezone: true }),
    business: text(),
    headcount: integer(),
    turnover: integer(),
    /** Personnel reports below this many responses show no numbers (3..10, DECISIONS.md). */
    anonymityThreshold: integer().notNull().default(5),
    isDemo: boolean().notNull().default(false),
    /** Set for a demo visitor's private copy (issue 6.6); removed with the sandbox. */
    sandboxId: uuid().references(() => demoSandboxes.id, { onDelete: "cascade" }),
    /**
     * The public voting page's key (issue 17.10): `generateToken()`, set and replaced by an admin's
     * rotation. Null until the first rotation, while the page is still addressed by the id.
     */
    votingKey: text(),
    /**
     * The brand colour of the TOTAL plan's branded dashboard (`#rrggbb`, lower case). Kept on a
     * downgrade but shown only while the plan includes it; the logo is in `tenant_logos`.
     */
    brandColor: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("tenants_sandbox_idx").on(t.sandboxId),
    uniqueIndex("tenants_voting_key").on(t.votingKey),
    // Per command (issue 6.9). An account is visible to the request's tenant, to its members (the
    // account chooser lists them before a tenant is chosen) and to the cross-tenant paths; only the
    // request's own tenant (or those paths) may be created, changed or deleted.
    pgPolicy("tenants_select", {
      as: "permissive",
      for: "select",
      using: sql`${t.id} = ${currentTenantSql} or ${platformAdminSql} or exists (select 1 from memberships m where m.tenant_id = ${t.id} and m.user_id = ${currentUserSql})`,
    }),
    // The public voting page knows only the voting key (issue 17.10): a transaction that names it
    // (set_config('app.voting_key', key, true)) reads that one account, learns its id and then
    // works under the tenant policy, as `survey_shares_by_key` does for a survey link.
    pgPolicy("tenants_by_voting_key", {
      as: "permissive",
      for: "select",
      using: sql`${t.votingKey} = (select nullif(current_setting('app.voting_key', true), ''))`,
    }),
    pgPolicy("tenants_insert", {
      as: "permissive",
      for: "insert",
      withCheck: sql`${t.id} = ${currentTenantSql} or ${platformAdminSql}`,
    }),
    pgPolicy("tenants_update", {
      as: "permissive",
      for: "update",
      using: sql`${t.id} = ${currentTenantSql} or ${platformAdminSql}`,
      withCheck: sql`${t.id} = ${currentTenantSql} or ${platformAdminSql}`,
    }),
    pgPolicy("tenants_delete", {
      as: "permissive",
      for: "delete",
      using: sql`${t.id} = ${currentTenantSql} or ${platformAdminSql}`,
    }),
  ],
);

/**
 * The organisation's logo on the branded dashboard (TOTAL plan): one per organisation, in its own
 * table so that reading the account never loads the image. Served to the organisation's members
 * only (`GET /api/tenant/branding/logo`), never by a public key; `key` changes with every upload.
 */
export const tenantLogos = pgTable(
  "tenant_logos",
  {
    tenantId: tenantId()
      .primaryKey()
      .references(() => tenants.id, { onDelete: "cascade" }),
    key: text().notNull(),
    contentType: text().notNull(),
    /** The uploaded file's name, sanitised (document 1 §5). */
    fileName: text(),
    data: bytea().notNull(),
    createdAt: createdAt(),
  },
  (t) => [tenantPolicy("tenant_logos", t.tenantId)],
);

export const memberships = pgTable(
  "memberships",
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roles: text().array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    tenantPolicy("memberships", t.tenantId),
    // A user reads their own memberships before a tenant is chosen (account chooser).
    pgPolicy("memberships_own_rows", {
      as: "permissive",
      for: "select",
      using: sql`${t.userId} = ${currentUserSql}`,
    }),
  ],
);

export const tenantValues = pgTable(
  "tenant_values",
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: "cascade" }),
    key: text().notNull(),
    value: text().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] }), tenantPolicy("tenant_values", t.tenantId)],
);

export const emailSubscriptions = pgTable(
  "email_subscriptions",
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text({ enum: ["survey_end", "undone_tasks"] }).notNull(),
    data: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.type] }),
    tenantPolicy("email_subscriptions", t.tenantId),
  ],
);

/**
 * Adding someone to an organisation by e-mail is an invitation (issue 6.7): nobody becomes a
 * member without their own action. The inviting organisation sees its rows under the tenant
 * policy; the invitee reads the rows addressed to their own confirmed e-mail through the
 * `invitations_invitee` policy, which names the session (migration `invitations_fence`: the
 * request must know the session token's hash, not only a user id), and answers them only through
 * `kunto_answer_invitation`, which creates the membership.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: rowId(),
    tenantId: tenantId().references(() => tenants.id, { onDelete: "cascade" }),
    /** Lower-cased, as every e-mail address the product stores. */
    email: text().notNull(),
    roles: text().array().notNull(),
    invitedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    state: text({ enum: ["pending", "accepted", "declined", "revoked"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    answeredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    tenantPrimaryKey(t),
    // One open invitation per address and organisation.
    uniqueIndex("invitations_pending_key").on(t.tenantId, t.email).where(sql`${t.state} = 'pending'`),
    index("invitations_email_idx").on(t.email),
    tenantPolicy("invitations", t.tenantId),
  ],
);
