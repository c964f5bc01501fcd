import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { createSandbox, processSurveyInvitations, seed } from "@kunto/api";
import { hashPassword } from "@kunto/auth";
import { createSystemDb, schema } from "@kunto/db";
import { deliverDueMails } from "@kunto/mail";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { actorFor, connect, makeTenant, makeUser, startServer } from "../support/harness";
import { outputOf, rest } from "../support/rest";
import { makeSharedSurvey } from "../support/surveys";

/**
 * Issue 17.8: the organisation half of the sandbox mail hold (migration 0009's trigger). The user
 * half holds what a sandbox's visitor queues in a request; the organisation half holds what is
 * queued inside a sandbox organisation with no sandbox user in the transaction: a background job's
 * mail, such as a share invitation that the job hands to the outbox. Real SMTP on loopback.
 */
const db = connect();
const system = createSystemDb(inject("ownerUrl"), { max: 1 });
const received: Array<{ to: string; raw: string }> = [];
let smtp: SMTPServer;
let smtpPort = 0;
let server: Awaited<ReturnType<typeof startServer>>;
const quiet = { info: () => {}, warn: () => {} };

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  // The seeded demo that sandboxes copy (idempotent).
  await seed({ system: system.system, hashPassword, adminEmail: "admin@kunto.local" });
  server = await startServer(db.db);
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await system.close();
  await db.close();
});

/** Everything due delivered, as the worker does. */
async function deliverAll() {
  const smtpConfig = {
    host: "127.0.0.1",
    port: smtpPort,
    secure: false,
    from: "Kunto <no-reply@kunto.test>",
  };
  while ((await deliverDueMails(db.system, smtpConfig, quiet)) > 0);
}

/** The invitation job's two passes around a delivery round, as the worker runs them. */
async function runInvitationJob() {
  await processSurveyInvitations(system.system, server.base);
  await deliverAll();
  await processSurveyInvitations(system.system, server.base);
}

describe("issue 17.8: the organisation half of the sandbox mail hold", () => {
  it("issue 17.8: the organisation half of the sandbox mail hold: a job's mail inside a sandbox organisation is held, a real organisation's goes out", async () => {
    const sandbox = await createSandbox(db.db);
    // A share of a sandbox organisation on a plan that sends by e-mail.
    const [target] = await db.ownerSql<{ tenant_id: string; key: string }[]>`
      select sh.tenant_id, sh.key from survey_shares sh join tenants t on t.id = sh.tenant_id
      where t.sandbox_id = ${sandbox.sandboxId} and t.plan <> 'FREE'
      order by t.name, sh.name limit 1`;
    if (!target) throw new Error("the demo has no share on a paid plan");
    const visitor = await actorFor(db.db, "visitor", sandbox.visitorId);
    const held = `held-${randomUUID().slice(0, 8)}@example.test`;
    // The visitor's request only queues the invitation; the job queues the mail, with no user.
    const sent = await rest(server, {
      method: "POST",
      path: `/api/tenant/surveyshare/${target.key}/send`,
      actor: visitor,
      tenantId: target.tenant_id,
      body: { emails: [held], language: "en" },
    });
    outputOf("surveyShare.send", sent);

    // A real organisation's invitation through the same job: delivered, so the path is live.
    const real = await makeTenant(db.owner, { plan: "PRO" });
    const admin = await actorFor(
      db.db,
      "admin",
      (await makeUser(db.owner, { tenantId: real.id, tenantRoles: ["tenant_admin"] })).id,
    );
    const { share } = await makeSharedSurvey(db.owner, real.id);
    const delivered = `delivered-${randomUUID().slice(0, 8)}@example.test`;
    outputOf(
      "surveyShare.send",
      await rest(server, {
        method: "POST",
        path: `/api/tenant/surveyshare/${share.key}/send`,
        actor: admin,
        tenantId: real.id,
        body: { emails: [delivered], language: "en" },
      }),
    );

    await runInvitationJob();
    expect(received.some((m) => m.to === delivered)).toBe(true);
    expect(received.some((m) => m.to === held)).toBe(false);

    const [mail] = await db.owner.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, held));
    expect(mail?.state).toBe("held_demo");
    expect(mail?.sandboxId).toBe(sandbox.sandboxId);
    expect(mail?.sentAt).toBeNull();
    const [invitation] = await db.owner
      .select()
      .from(schema.surveyShareInvitations)
      .where(eq(schema.surveyShareInvitations.email, held));
    expect(invitation).toMatchObject({ state: "failed", lastError: "held_demo" });
    // The visitor's screen lists it among the sandbox's held mails.
    const mine = outputOf(
      "demo.sandbox",
      await rest(server, { method: "GET", path: "/trpc/demo.sandbox", actor: visitor }),
    );
    expect(mine?.heldMails.map((m) => m.to)).toContain(held);
  });
});
