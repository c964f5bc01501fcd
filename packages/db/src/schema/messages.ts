import { MESSAGE_CATEGORIES } from "@kunto/core";
import { sql } from "drizzle-orm";
import { boolean, index, pgPolicy, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, currentUserSql, id, platformAdminSql, updatedAt } from "./columns";
import { users } from "./users";

/**
 * The message center (document 3 §2-§7): platform-wide messages that platform admins write for every
 * user. Not tenant-owned. Row-level security (FORCE, migration 0030): every request reads the
 * published rows; only a platform admin's transaction (or the system role) reads the unpublished
 * ones and writes any.
 */
export const messages = pgTable(
  "messages",
  {
    id: id(),
    title: text().notNull(),
    message: text().notNull(),
    category: text({ enum: MESSAGE_CATEGORIES }).notNull(),
    author: text().notNull(),
    published: boolean().notNull().default(false),
    sticky: boolean().notNull().default(false),
    /** When it last became published: what the unread count compares with (null while unpublished). */
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("messages_created_idx").on(t.createdAt),
    index("messages_published_order_idx").on(t.sticky, t.createdAt).where(sql`${t.published}`),
    pgPolicy("messages_read", {
      as: "permissive",
      for: "select",
      using: sql`${t.published} or ${platformAdminSql}`,
    }),
    pgPolicy("messages_write", {
      as: "permissive",
      for: "all",
      using: platformAdminSql,
      withCheck: platformAdminSql,
    }),
  ],
);

/** When each user last opened the message center: its unread count counts what was published since. */
export const messageReads = pgTable(
  "message_reads",
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pgPolicy("message_reads_own", {
      as: "permissive",
      for: "all",
      using: sql`${t.userId} = ${currentUserSql} or ${platformAdminSql}`,
      withCheck: sql`${t.userId} = ${currentUserSql} or ${platformAdminSql}`,
    }),
  ],
);
