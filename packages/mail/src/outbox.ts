import type { Language } from "@kunto/core";
import { type Db, schema, type Tx } from "@kunto/db";
import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { type MailKind, type MailVars, renderMail } from "./templates";

/**
 * Queues a mail in the caller's transaction: if the work that caused it rolls back, so does the
 * mail; if delivery fails later, the outbox keeps it and retries.
 */
export async function enqueueMail<K extends MailKind>(
  tx: Db | Tx,
  mail: { to: string; kind: K; language: Language; vars: MailVars<K> },
): Promise<void> {
  const { subject, text } = renderMail(mail.kind, mail.language, mail.vars);
  await tx.insert(schema.mailOutbox).values({ to: mail.to, subject, text, kind: mail.kind });
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
/** Exponential back-off: 30 s, 1 min, 2 min, ... capped at 1 h. */
const backoffSeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

/**
 * Delivers due mails. Rows are claimed with SKIP LOCKED so several server instances can run the
 * worker at once. Without SMTP the mail is written to the log and stays in the outbox unsent.
 */
export async function deliverDueMails(
  db: Db,
  smtp: SmtpConfig | null,
  log: MailLogger,
  batch = 20,
): Promise<number> {
  if (!smtp) {
    const pending = await db
      .update(schema.mailOutbox)
      .set({
        attempts: sql`${schema.mailOutbox.attempts} + 1`,
        nextAttemptAt: sql`now() + interval '100 years'`,
      })
      .where(and(isNull(schema.mailOutbox.sentAt), eq(schema.mailOutbox.attempts, 0)))
      .returning();
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
          isNull(schema.mailOutbox.sentAt),
          lte(schema.mailOutbox.nextAttemptAt, sql`now()`),
          lte(schema.mailOutbox.attempts, MAX_ATTEMPTS),
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
          .set({ sentAt: new Date(), attempts: mail.attempts + 1, lastError: null })
          .where(eq(schema.mailOutbox.id, mail.id));
        sent++;
      } catch (error) {
        const attempts = mail.attempts + 1;
        log.warn({ mailId: mail.id, attempts, err: String(error) }, "mail delivery failed; will retry");
        await tx
          .update(schema.mailOutbox)
          .set({
            attempts,
            lastError: String(error).slice(0, 500),
            nextAttemptAt: new Date(Date.now() + backoffSeconds(attempts) * 1000),
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
