import { AppError, MESSAGE_PREVIEW_LENGTH, type TMessageInput, ZMessageInput } from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { count, desc, eq, gt, sql } from "drizzle-orm";

/**
 * The message center (document 3 §2-§7). Row-level security does the reading rule: a signed-in
 * user's transaction sees the published messages only, a platform admin's every message.
 */
const m = schema.messages;

const fields = {
  id: m.id,
  title: m.title,
  message: m.message,
  category: m.category,
  author: m.author,
  published: m.published,
  sticky: m.sticky,
  createdAt: m.createdAt,
};

/** Published messages, sticky first, then newest first (document 3 §2). */
export async function listPublished(tx: Tx) {
  const rows = await tx
    .select(fields)
    .from(m)
    .where(eq(m.published, true))
    .orderBy(desc(m.sticky), desc(m.createdAt), desc(m.id));
  return rows.map(wire);
}

const wire = <T extends { createdAt: Date }>(row: T) => ({ ...row, createdAt: row.createdAt.toISOString() });

/** A page of every message, newest first; the message cut to its preview in SQL. */
export async function listAll(tx: Tx, page: number, pageSize: number | "all") {
  const limit = pageSize === "all" ? null : pageSize;
  const query = tx
    .select({
      id: m.id,
      title: m.title,
      preview: sql<string>`left(${m.message}, ${MESSAGE_PREVIEW_LENGTH})`,
      truncated: sql<boolean>`char_length(${m.message}) > ${MESSAGE_PREVIEW_LENGTH}`,
      category: m.category,
      author: m.author,
      published: m.published,
      sticky: m.sticky,
      createdAt: m.createdAt,
    })
    .from(m)
    .orderBy(desc(m.createdAt), desc(m.id));
  const [items, [total]] = await Promise.all([
    limit === null ? query : query.limit(limit).offset((page - 1) * limit),
    tx.select({ n: count() }).from(m),
  ]);
  return { total: total?.n ?? 0, page: limit === null ? 1 : page, items: items.map(wire) };
}

export async function getMessage(tx: Tx, id: string) {
  const [row] = await tx.select(fields).from(m).where(eq(m.id, id));
  if (!row) throw new AppError("not_found");
  return wire(row);
}

/** publishedAt moves to now whenever a message becomes published, so it counts as unread again. */
const publishedAtOf = (published: boolean) =>
  published ? sql`coalesce(case when ${m.published} then ${m.publishedAt} end, now())` : null;

export async function createMessage(tx: Tx, input: TMessageInput) {
  const values = ZMessageInput.parse(input);
  const [row] = await tx
    .insert(m)
    .values({ ...values, publishedAt: values.published ? sql`now()` : null })
    .returning(fields);
  if (!row) throw new AppError("internal_error");
  return wire(row);
}

export async function updateMessage(tx: Tx, id: string, input: TMessageInput) {
  const values = ZMessageInput.parse(input);
  const [row] = await tx
    .update(m)
    .set({ ...values, publishedAt: publishedAtOf(values.published) })
    .where(eq(m.id, id))
    .returning(fields);
  if (!row) throw new AppError("not_found");
  return wire(row);
}

export async function deleteMessage(tx: Tx, id: string) {
  const [row] = await tx.delete(m).where(eq(m.id, id)).returning({ id: m.id });
  if (!row) throw new AppError("not_found");
}

/**
 * What the menu shows: the newest published time and how many were published since the user last
 * opened the message center (every published message when never).
 */
export async function latest(tx: Tx, userId: string) {
  const [read] = await tx
    .select({ readAt: schema.messageReads.readAt })
    .from(schema.messageReads)
    .where(eq(schema.messageReads.userId, userId));
  const readAt = read?.readAt ?? null;
  const [row] = await tx
    .select({
      newest: sql<Date | null>`max(${m.publishedAt})`.mapWith((v) => (v === null ? null : new Date(v))),
      unread: readAt
        ? sql<number>`count(*) filter (where ${gt(m.publishedAt, readAt)})`.mapWith(Number)
        : count(),
    })
    .from(m)
    .where(eq(m.published, true));
  return {
    latestPublishedAt: row?.newest?.toISOString() ?? null,
    readAt: readAt?.toISOString() ?? null,
    unread: row?.unread ?? 0,
  };
}

/** Opening the message center stores the current time as the user's latest-messages-read. */
export async function markRead(tx: Tx, userId: string) {
  const [row] = await tx
    .insert(schema.messageReads)
    .values({ userId, readAt: sql`now()` })
    .onConflictDoUpdate({ target: schema.messageReads.userId, set: { readAt: sql`now()` } })
    .returning({ readAt: schema.messageReads.readAt });
  if (!row) throw new AppError("internal_error");
  return { readAt: row.readAt.toISOString() };
}
