import type { Language } from "@kunto/core";
import { type Db, type SystemDb, schema, type Tx, withSystem } from "@kunto/db";
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { type MailKind, type MailOverrides, type MailVars, renderMail } from "./templates";

/**
 * The translations editor's stored texts of a mail (`mail.<kind>.subject`, `mail.<kind>.body`) in
 * the language, read in the caller's transaction every time: no process keeps a copy, so every
 * server instance uses a change at once. A language without one keeps the built-in text.
 */
export async function mailOverrides(tx: Db | Tx, kind: MailKind, language: Language): Promise<MailOverrides> {
  const t = schema.translations;
  const rows = await tx
    .select({ tid: t.tid, text: t.text })
    .from(t)
    .where(and(inArray(t.tid, [`mail.${kind}.subject`, `mail.${kind}.body`]), eq(t.language, language)));
  const text = (part: string) =>
    rows.find((row) => row.tid === `mail.${kind}.${part}`)?.text.trim() || undefined;
  return { subject: text("subject"), body: text("body") };
}

/**
 * Queues a mail in the caller's transaction: if the work that caused it rolls back, so does the
 * mail; if delivery fails later, the outbox keeps it and retries.
 */
export async function enqueueMail<K extends MailKind>(
  tx: Db | Tx,
  mail: { to: string; kind: K; language: Language; vars: MailVars<K> },
): Promise<number> {
  const overrides = await mailOverrides(tx, mail.kind, mail.language);
  const { subject, text, redactedText } = renderMail(mail.kind, mail.language, mail.vars, overrides);
  // A trigger holds the mail instead (state held_demo, redacted text) when a demo sandbox's user
  // or organisation queues it (migration 0007).
  const [row] = await tx
    .insert(schema.mailOutbox)
    .values({ to: mail.to, subject, text, redactedText, kind: mail.kind })
    .returning({ id: schema.mailOutbox.id });
  if (!row) throw new Error("mail not queued");
  return row.id;
}

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
  from: string;
}

export interface MailLogger {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
}

const MAX_ATTEMPTS = 10;

/** A mail that is no longer waiting keeps only its text without secrets (issue 6.10). */
const withoutSecrets = {
  text: sql`coalesce(${schema.mailOutbox.redactedText}, ${schema.mailOutbox.text})`,
  redactedText: null,
};
/** Exponential back-off: 30 s, 1 min, 2 min, ... capped at 1 h. */
const backoffSeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

/**
 * Delivers due mails. Rows are claimed with SKIP LOCKED so several server instances can run the
 * worker at once. Without SMTP the mail is written to the log and stays in the outbox unsent.
 * Runs as the system role (issue 17.10): the request role may add mails and read their
 * addresses and states, never a pending mail's text, which can hold a reset code (migration 0023).
 */
export async function deliverDueMails(
  system: SystemDb,
  smtp: SmtpConfig | null,
  log: MailLogger,
  batch = 20,
): Promise<number> {
  return withSystem(system, (tx) => deliver(tx, smtp, log, batch));
}

async function deliver(db: Tx, smtp: SmtpConfig | null, log: MailLogger, batch: number): Promise<number> {
  if (!smtp) {
    // The log is where a developer without SMTP reads the link or code, so it gets the full text
    // (RETURNING gives the row as it was before the SET); the outbox then keeps only the redacted one.
    const pending = await db.execute<{ id: number; to: string; subject: string; text: string }>(sql`
      update ${schema.mailOutbox} m set state = 'logged', attempts = m.attempts + 1,
        text = coalesce(m.redacted_text, m.text), redacted_text = null
      from (select id, text from ${schema.mailOutbox} where state = 'pending' for update skip locked) old
      where m.id = old.id
      returning m.id, m."to", m.subject, old.text`);
    for (const m of pending)
      log.info(
        { mail: { id: m.id, to: m.to, subject: m.subject, text: m.text } },
        "mail (no SMTP configured; kept in outbox)",
      );
    return 0;
  }
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
  });
  let sent = 0;
  await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(schema.mailOutbox)
      .where(
        and(
          eq(schema.mailOutbox.state, "pending"),
          isNull(schema.mailOutbox.sandboxId),
          lte(schema.mailOutbox.nextAttemptAt, sql`now()`),
        ),
      )
      .orderBy(asc(schema.mailOutbox.id))
      .limit(batch)
      .for("update", { skipLocked: true });
    for (const mail of due) {
      try {
        await transport.sendMail({
          from: smtp.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
        });
        await tx
          .update(schema.mailOutbox)
          .set({
            state: "sent",
            sentAt: new Date(),
            attempts: mail.attempts + 1,
            lastError: null,
            ...withoutSecrets,
          })
          .where(eq(schema.mailOutbox.id, mail.id));
        sent++;
      } catch (error) {
        const attempts = mail.attempts + 1;
        const givenUp = attempts >= MAX_ATTEMPTS;
        log.warn(
          { mailId: mail.id, attempts, err: String(error) },
          givenUp ? "mail delivery failed; given up" : "mail delivery failed; will retry",
        );
        await tx
          .update(schema.mailOutbox)
          .set({
            attempts,
            lastError: String(error).slice(0, 500),
            nextAttemptAt: new Date(Date.now() + backoffSeconds(attempts) * 1000),
            ...(givenUp ? { state: "failed" as const, ...withoutSecrets } : {}),
          })
          .where(eq(schema.mailOutbox.id, mail.id));
      }
    }
  });
  transport.close();
  return sent;
}

export function smtpConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SmtpConfig | null {
  if (!env.SMTP_HOST) return null;
  return {
    host: env.SMTP_HOST,
    port: Number(env.SMTP_PORT ?? 587),
    secure: env.SMTP_SECURE === "true",
    user: env.SMTP_USER,
    pass: env.SMTP_PASSWORD,
    from: env.SMTP_FROM ?? "Kunto <no-reply@kunto.local>",
  };
}
