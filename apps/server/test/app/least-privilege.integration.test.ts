import { enqueueMail } from "@kunto/mail";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { connect } from "../support/harness";

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
});
