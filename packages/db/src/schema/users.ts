import { sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgPolicy,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, SYSTEM_ROLE, updatedAt } from "./columns";
import { demoSandboxes } from "./sandbox";

/**
 * Issue 17.10: session hashes, confirmation tokens and reset codes are fenced by row-level security.
 * The request role sees such a row only while a statement of `withCredentials` (packages/db
 * scope.ts) names it: by its token's hash (`app.token_hash`) or by its user (`app.credentials_of`).
 * A query anywhere else, even a wrong one, reads none. The system role (background clean-up) sees all.
 */
const credentialsNamed = (userId: PgColumn, tokenHash?: PgColumn) =>
  sql`${tokenHash ? sql`${tokenHash} = (select nullif(current_setting('app.token_hash', true), '')) or ` : sql``}${userId} = (select nullif(current_setting('app.credentials_of', true), '')::uuid) or current_user = '${sql.raw(SYSTEM_ROLE)}'`;

export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

export const users = pgTable(
  "users",
  {
    id: id(),
    /** LOCAL: username + password, no e-mail (shared / device users). CLOUD: e-mail user. */
    type: text({ enum: ["LOCAL", "CLOUD"] }).notNull(),
    email: text(),
    username: text(),
    firstName: text(),
    lastName: text(),
    phone: text(),
    enabled: boolean().notNull().default(true),
    systemRoles: text().array().notNull().default(sql`'{basic}'::text[]`),
    imageKey: text(),
    language: text().notNull().default("en"),
    passwordHash: text(),
    emailConfirmedAt: timestamp({ withTimezone: true }),
    /** Users created by an admin with a temporary password must choose their own. */
    mustChangePassword: boolean().notNull().default(false),
    isDemo: boolean().notNull().default(false),
    /**
     * Set for the people of a demo sandbox (the visitor and the copies of the demo's colleagues):
     * they exist only inside it, never sign in with a password, and go when it expires.
     */
    sandboxId: uuid().references(() => demoSandboxes.id, { onDelete: "cascade" }),
    /** Free-form client state of GET/POST /api/shadow. */
    shadowState: jsonb(),
    lastSignInAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Sign-in names are unique among real users, and separately within each demo sandbox (whose
    // copies keep the demo's addresses, and whose visitor may add any address).
    uniqueIndex("users_email_key").on(t.email).where(sql`${t.sandboxId} is null`),
    uniqueIndex("users_username_key").on(t.username).where(sql`${t.sandboxId} is null`),
    uniqueIndex("users_sandbox_email_key").on(t.sandboxId, t.email).where(sql`${t.sandboxId} is not null`),
    uniqueIndex("users_sandbox_username_key")
      .on(t.sandboxId, t.username)
      .where(sql`${t.sandboxId} is not null`),
    index("users_created_at_idx").on(t.createdAt),
  ],
);

/** Lucia-style sessions: only the SHA-256 of the cookie token is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** active, or a sign-in still waiting for its TOTP code or a new password. */
    state: text({ enum: ["active", "mfa_pending", "new_password_required"] }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /**
     * Set when the user's roles changed while this session was open: its next request gets a new
     * token (cookie) and this one stops working (issue 6.3).
     */
    rotationDue: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    pgPolicy("sessions_named", {
      as: "permissive",
      for: "all",
      using: credentialsNamed(t.userId, t.id),
      withCheck: credentialsNamed(t.userId, t.id),
    }),
  ],
);

/**
 * One row per confirmation mail. A sign-up's token carries that sign-up's password hash, names and
 * language, and confirming with it activates only that password (issue 6.1). A resent link carries
 * no password: whoever opens it chooses one.
 */
export const emailConfirmationTokens = pgTable(
  "email_confirmation_tokens",
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    passwordHash: text(),
    firstName: text(),
    lastName: text(),
    language: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_confirmation_tokens_user_idx").on(t.userId),
    pgPolicy("email_confirmation_tokens_named", {
      as: "permissive",
      for: "all",
      using: credentialsNamed(t.userId, t.id),
      withCheck: credentialsNamed(t.userId, t.id),
    }),
  ],
);

export const passwordResetCodes = pgTable(
  "password_reset_codes",
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    pgPolicy("password_reset_codes_named", {
      as: "permissive",
      for: "all",
      using: credentialsNamed(t.userId),
      withCheck: credentialsNamed(t.userId),
    }),
  ],
);

export const totpCredentials = pgTable("totp_credentials", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** AES-256-GCM under SECRETS_KEY when `secretEncrypted` (issue 6.10); older rows are re-encrypted at start. */
  secret: bytea().notNull(),
  secretEncrypted: boolean().notNull().default(false),
  /** null while set-up waits for the first valid code. */
  enabledAt: timestamp({ withTimezone: true }),
  /** Last accepted time step, so a code cannot be replayed. */
  lastUsedStep: integer(),
  createdAt: createdAt(),
});

export const userImages = pgTable("user_images", {
  key: text().primaryKey(),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  contentType: text().notNull(),
  /** The uploaded file's name, sanitised (document 1 §5); served in Content-Disposition. */
  fileName: text(),
  data: bytea().notNull(),
  createdAt: createdAt(),
});
