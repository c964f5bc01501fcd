import { createSession, hashToken, sessionQuery } from "@kunto/auth";
import { withCredentials } from "@kunto/db";
import { enqueueMail } from "@kunto/mail";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { connect, makeTenant, makeUser } from "../support/harness";

/**
 * Issue 17.10: the request role (kunto_app) adds mails and reads their addresses and states, but a
 * query bug cannot read a pending mail's text or html, which may hold a reset code or a
 * confirmation link (migration 0023); only the outbox worker, as the system role, reads them.
 */
const db = connect();
afterAll(() => db.close());

/** The SQLSTATE a statement of the request role fails with, or "ok". */
async function asRequestRole(statement: ReturnType<typeof sql>): Promise<string> {
  try {
    await db.db.transaction((tx) => tx.execute(statement));
    return "ok";
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return cause && typeof cause === "object" && "code" in cause ? String(cause.code) : "unknown";
  }
}

describe("least privilege of the request role (issue 17.10)", () => {
  it("issue 17.10: the request role queues a mail and reads its address and state, never its text or html", async () => {
    const id = await db.db.transaction((tx) =>
      enqueueMail(tx, {
        to: "reset@example.test",
        kind: "resetCode",
        language: "en",
        vars: { code: "123456" },
      }),
    );
    expect(
      await asRequestRole(sql`select "to", subject, state, redacted_text from mail_outbox where id = ${id}`),
    ).toBe("ok");
    expect(await asRequestRole(sql`select text from mail_outbox where id = ${id}`)).toBe("42501");
    expect(await asRequestRole(sql`select html from mail_outbox where id = ${id}`)).toBe("42501");
    expect(await asRequestRole(sql`select * from mail_outbox where id = ${id}`)).toBe("42501");
    expect(await asRequestRole(sql`update mail_outbox set state = 'sent' where id = ${id}`)).toBe("42501");
    expect(await asRequestRole(sql`delete from mail_outbox where id = ${id}`)).toBe("42501");
    // The worker's role still reads it: the pending text holds the code, the stored one does not.
    const [row] = await db.ownerSql<{ text: string; redacted_text: string | null }[]>`
      select text, redacted_text from mail_outbox where id = ${id}`;
    expect(row?.text).toContain("123456");
  });

  it("issue 17.10: a query of the request role reads no session hash, confirmation token or reset code unless it names the row", async () => {
    const tenant = await makeTenant(db.owner);
    const user = await makeUser(db.owner, { tenantId: tenant.id });
    const other = await makeUser(db.owner);
    const mine = await createSession(db.db, user.id, "active");
    const theirs = await createSession(db.db, other.id, "active");
    await db.ownerSql`insert into password_reset_codes (user_id, code_hash, expires_at)
      values (${other.id}, 'secret-code-hash', now() + interval '10 minutes')`;
    await db.ownerSql`insert into email_confirmation_tokens (id, user_id, expires_at)
      values ('secret-token-hash', ${other.id}, now() + interval '1 day')`;
    const count = async (table: string, settings: Record<string, string>) =>
      db.db.transaction(async (tx) => {
        for (const [name, value] of Object.entries(settings))
          await tx.execute(sql`select set_config(${name}, ${value}, true)`);
        const rows = await tx.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
        return rows[0]?.n;
      });
    // A request's own settings (its user, its tenant) open none of them: a wrong query reads nothing.
    const request = { "app.user_id": other.id, "app.tenant_id": tenant.id };
    for (const table of ["sessions", "email_confirmation_tokens", "password_reset_codes"]) {
      expect(await count(table, {}), table).toBe(0);
      expect(await count(table, request), table).toBe(0);
    }
    // Naming one row by its hash opens that row only; naming a user opens that user's rows only.
    expect(await count("sessions", { "app.token_hash": hashToken(mine.token) })).toBe(1);
    expect(await count("sessions", { "app.credentials_of": user.id })).toBe(1);
    expect(await count("password_reset_codes", { "app.credentials_of": user.id })).toBe(0);
    expect(await count("password_reset_codes", { "app.credentials_of": other.id })).toBe(1);
    expect(await count("email_confirmation_tokens", { "app.token_hash": "secret-token-hash" })).toBe(1);
    expect(await count("email_confirmation_tokens", { "app.token_hash": hashToken(mine.token) })).toBe(0);
    // The scope forgets what it named before it ends, also inside a longer transaction.
    const after = await db.db.transaction(async (tx) => {
      const [row] = await sessionQuery(tx, theirs.token);
      const seen = await tx.execute<{ n: number }>(sql`select count(*)::int as n from sessions`);
      return { found: row?.session.userId, seen: seen[0]?.n };
    });
    expect(after).toEqual({ found: other.id, seen: 0 });
    // Writing a row for someone the statement does not name is refused.
    expect(
      await asRequestRole(
        sql`insert into sessions (id, user_id, state, expires_at) values ('forged', ${other.id}, 'active', now() + interval '1 day')`,
      ),
    ).toBe("42501");
    const forged = await db.db
      .transaction((tx) =>
        withCredentials(tx, { userId: user.id }, (own) =>
          own.execute(
            sql`insert into sessions (id, user_id, state, expires_at) values ('forged', ${other.id}, 'active', now() + interval '1 day')`,
          ),
        ),
      )
      .then(
        () => "ok",
        (error: unknown) => String((error as { cause?: { code?: string } }).cause?.code),
      );
    expect(forged).toBe("42501");
  });
});
