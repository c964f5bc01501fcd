import type { AddressInfo } from "node:net";
import { sessionCookieName } from "@kunto/auth";
import { schema } from "@kunto/db";
import { deliverDueMails } from "@kunto/mail";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP, generateTOTP } from "@oslojs/otp";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, asOwner, callerFor, connect, makeTenant, makeUser, TEST_PASSWORD } from "./test/harness";

const db = connect();
const received: Array<{ to: string; raw: string }> = [];
let smtp: SMTPServer;
let smtpPort = 0;
const log = { info: () => {}, warn: () => {} };

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
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await db.close();
});

const smtpConfig = () => ({
  host: "127.0.0.1",
  port: smtpPort,
  secure: false,
  from: "Kunto <no-reply@kunto.test>",
});
const anonymous: Actor = { name: "anonymous", cookie: null, userId: null };
let ipCounter = 0;
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** Signs in through the procedure and returns the session cookie it set. */
async function signIn(username: string, password: string, ip = freshIp()) {
  const { caller, cookies } = await callerFor(db.db, anonymous, null, ip);
  const result = await caller.auth.signIn({ username, password });
  const token = cookies.at(-1);
  const actor: Actor = {
    name: username,
    cookie: token ? `${sessionCookieName(false)}=${token}` : null,
    userId: null,
  };
  return { status: result.status, actor };
}

/** Delivers the outbox through the loopback SMTP server and returns the decoded body sent to `address`. */
async function mailTo(address: string) {
  while ((await deliverDueMails(db.db, smtpConfig(), log)) > 0);
  const mail = received.filter((m) => m.to === address).at(-1);
  if (!mail) throw new Error(`no mail to ${address}`);
  const [head = "", ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  if (/content-transfer-encoding: base64/i.test(head))
    return Buffer.from(body.replace(/\s/g, ""), "base64").toString("utf8");
  const qp = body.replace(/=\r?\n/g, "");
  return Buffer.from(
    qp.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

describe("sign-in", () => {
  it("trims and lower-cases the login and starts a session", async () => {
    const user = await makeUser(db.owner, { email: `mixed-${Date.now()}@example.test` });
    const { status, actor } = await signIn(`  ${user.email?.toUpperCase()}  `, TEST_PASSWORD);
    expect(status).toBe("SIGNED_IN");
    const { caller } = await callerFor(db.db, actor, null);
    expect((await caller.user.me()).email).toBe(user.email);
  });

  it("answers an unknown user and a wrong password alike", async () => {
    const user = await makeUser(db.owner);
    await expect(signIn(`nobody-${Date.now()}@example.test`, TEST_PASSWORD)).rejects.toThrow(
      "invalid_credentials",
    );
    await expect(signIn(user.email ?? "", "wrong password entirely")).rejects.toThrow("invalid_credentials");
    const failures = await db.owner
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.actorUserId, user.id));
    expect(failures.map((f) => f.action)).toContain("auth.sign_in_failed");
  });

  it("limits attempts per account before hashing, whatever the address", async () => {
    const user = await makeUser(db.owner);
    for (let i = 0; i < 10; i++)
      await expect(signIn(user.email ?? "", "wrong password entirely")).rejects.toThrow(
        "invalid_credentials",
      );
    await expect(signIn(user.email ?? "", TEST_PASSWORD)).rejects.toThrow("too_many_requests");
  });

  it("limits attempts per client address across accounts", async () => {
    const ip = freshIp();
    for (let i = 0; i < 100; i++) {
      await expect(signIn(`ghost-${i}-${Date.now()}@example.test`, "x", ip)).rejects.toThrow(
        "invalid_credentials",
      );
    }
    const user = await makeUser(db.owner);
    await expect(signIn(user.email ?? "", TEST_PASSWORD, ip)).rejects.toThrow("too_many_requests");
    expect((await signIn(user.email ?? "", TEST_PASSWORD)).status).toBe("SIGNED_IN");
  });

  it("refuses unconfirmed and disabled users", async () => {
    const unconfirmed = await makeUser(db.owner, { confirmed: false });
    await expect(signIn(unconfirmed.email ?? "", TEST_PASSWORD)).rejects.toThrow("user_not_confirmed");
    const disabled = await makeUser(db.owner);
    await asOwner(db.owner, (tx) =>
      tx.update(schema.users).set({ enabled: false }).where(eq(schema.users.id, disabled.id)),
    );
    await expect(signIn(disabled.email ?? "", TEST_PASSWORD)).rejects.toThrow("user_disabled");
  });
});

describe("sign-up and e-mail confirmation", () => {
  it("mails a confirmation link that enables sign-in", async () => {
    const email = `new-${Date.now()}@example.test`;
    const { caller } = await callerFor(db.db, anonymous, null, freshIp());
    await expect(caller.auth.signUp({ email, password: "short", language: "fi" })).rejects.toThrow(
      "password_too_short",
    );
    await expect(caller.auth.signUp({ email, password: "password1234", language: "fi" })).rejects.toThrow(
      "password_too_weak",
    );
    await caller.auth.signUp({
      email,
      password: "lumi sataa hiljaa 2026",
      firstName: "Uusi",
      lastName: "Käyttäjä",
      language: "fi",
    });
    await expect(signIn(email, "lumi sataa hiljaa 2026")).rejects.toThrow("user_not_confirmed");
    const mail = await mailTo(email);
    expect(mail).toContain("Vahvista");
    const token = /confirm-email\?token=([a-z0-9]+)/.exec(mail)?.[1];
    expect(token).toBeTruthy();
    await caller.auth.confirmEmail({ token: token ?? "" });
    expect((await signIn(email, "lumi sataa hiljaa 2026")).status).toBe("SIGNED_IN");
    await expect(caller.auth.confirmEmail({ token: token ?? "" })).rejects.toThrow("invalid_token");
  });

  it("answers a taken address like a new one", async () => {
    const user = await makeUser(db.owner);
    const { caller } = await callerFor(db.db, anonymous, null, freshIp());
    await expect(
      caller.auth.signUp({
        email: user.email ?? "",
        password: "a different strong phrase 77",
        language: "en",
      }),
    ).resolves.toEqual({ ok: true });
  });
});

describe("forgot password", () => {
  it("mails a code; code and new password reset it and end every session", async () => {
    const user = await makeUser(db.owner);
    const email = user.email ?? "";
    const before = await signIn(email, TEST_PASSWORD);
    const { caller } = await callerFor(db.db, anonymous, null, freshIp());
    await caller.auth.forgotPassword({ username: email });
    const code = /code is (\d{8})/.exec(await mailTo(email))?.[1] ?? "";
    expect(code).toMatch(/^\d{8}$/);
    await expect(
      caller.auth.resetPassword({
        username: email,
        code: "00000000",
        newPassword: "a brand new passphrase 9",
      }),
    ).rejects.toThrow("invalid_code");
    await caller.auth.resetPassword({ username: email, code, newPassword: "a brand new passphrase 9" });
    const stale = await callerFor(db.db, before.actor, null);
    await expect(stale.caller.user.me()).rejects.toThrow("not_signed_in");
    expect((await signIn(email, "a brand new passphrase 9")).status).toBe("SIGNED_IN");
  });

  it("advances for unknown accounts without sending anything", async () => {
    const { caller } = await callerFor(db.db, anonymous, null, freshIp());
    const countBefore = (await db.owner.select().from(schema.mailOutbox)).length;
    await expect(
      caller.auth.forgotPassword({ username: `nobody-${Date.now()}@example.test` }),
    ).resolves.toEqual({ ok: true });
    expect((await db.owner.select().from(schema.mailOutbox)).length).toBe(countBefore);
  });
});

describe("the demo account", () => {
  it("cannot reset or change its password nor edit its profile", async () => {
    const tenant = await makeTenant(db.owner);
    const demo = await makeUser(db.owner, {
      tenantId: tenant.id,
      tenantRoles: ["tenant_admin"],
      isDemo: true,
    });
    const { caller: anon } = await callerFor(db.db, anonymous, null, freshIp());
    await expect(anon.auth.forgotPassword({ username: demo.email ?? "" })).rejects.toThrow(
      "demo_account_password_reset",
    );
    await expect(
      anon.auth.resetPassword({ username: demo.email ?? "", code: "1", newPassword: "x" }),
    ).rejects.toThrow("demo_account_password_reset");
    const { actor } = await signIn(demo.email ?? "", TEST_PASSWORD);
    const { caller } = await callerFor(db.db, actor, tenant.id);
    await expect(
      caller.auth.changePassword({ oldPassword: TEST_PASSWORD, newPassword: "another strong phrase 1" }),
    ).rejects.toThrow("demo_account_read_only");
    await expect(caller.user.update({ firstName: "Hacked", lastName: null, phone: null })).rejects.toThrow(
      "demo_account_read_only",
    );
    await expect(caller.user.uploadImage({ data: "iVBORw0KGgo=" })).rejects.toThrow("demo_account_read_only");
    await expect(caller.auth.signOutEverywhere()).rejects.toThrow("demo_account_read_only");
    await expect(caller.auth.totpSetup()).rejects.toThrow("demo_account_read_only");
    const [after] = await db.owner.select().from(schema.users).where(eq(schema.users.id, demo.id));
    expect(after?.firstName).toBe("Test");
  });
});

describe("challenges", () => {
  it("makes an admin-created user choose a new password first", async () => {
    const user = await makeUser(db.owner, { mustChangePassword: true });
    const { status, actor } = await signIn(user.email ?? "", TEST_PASSWORD);
    expect(status).toBe("NEW_PASSWORD_REQUIRED");
    const pending = await callerFor(db.db, actor, null);
    await expect(pending.caller.user.me()).rejects.toThrow("not_signed_in");
    await expect(pending.caller.auth.completeNewPassword({ newPassword: "qwertyuiop12" })).rejects.toThrow(
      "password_too_weak",
    );
    await pending.caller.auth.completeNewPassword({ newPassword: "my own quiet harbour 31" });
    const done = await callerFor(db.db, actor, null);
    expect((await done.caller.user.me()).id).toBe(user.id);
  });

  it("sets up TOTP and then asks for a code at sign-in", async () => {
    const user = await makeUser(db.owner);
    const first = await signIn(user.email ?? "", TEST_PASSWORD);
    const { caller } = await callerFor(db.db, first.actor, null);
    const { secret, uri } = await caller.auth.totpSetup();
    expect(uri).toContain("otpauth://totp/");
    const key = decodeBase32IgnorePadding(secret);
    await expect(caller.auth.totpEnable({ code: "000000" })).rejects.toThrow("invalid_code");
    const enableCode = generateTOTP(key, 30, 6);
    await caller.auth.totpEnable({ code: enableCode });
    const second = await signIn(user.email ?? "", TEST_PASSWORD);
    expect(second.status).toBe("MFA_REQUIRED");
    const pending = await callerFor(db.db, second.actor, null);
    await expect(pending.caller.user.me()).rejects.toThrow("not_signed_in");
    // The code that enabled TOTP cannot be replayed; the next step's code (within the drift window) works once.
    await expect(pending.caller.auth.verifyTotp({ code: enableCode })).rejects.toThrow("invalid_code");
    const nextCode = generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000) + 1), 6);
    expect((await pending.caller.auth.verifyTotp({ code: nextCode })).status).toBe("SIGNED_IN");
    const signedIn = await callerFor(db.db, second.actor, null);
    expect((await signedIn.caller.user.me()).mfaEnabled).toBe(true);
  });

  it("ends every session on password change and issues a new one", async () => {
    const user = await makeUser(db.owner);
    const a = await signIn(user.email ?? "", TEST_PASSWORD);
    const b = await signIn(user.email ?? "", TEST_PASSWORD);
    const { caller, cookies } = await callerFor(db.db, a.actor, null);
    await expect(
      caller.auth.changePassword({ oldPassword: "not it at all 123", newPassword: "x" }),
    ).rejects.toThrow("current_password_wrong");
    await caller.auth.changePassword({ oldPassword: TEST_PASSWORD, newPassword: "changed and strong 2026" });
    expect(cookies.length).toBeGreaterThan(0);
    for (const old of [a, b]) {
      await expect((await callerFor(db.db, old.actor, null)).caller.user.me()).rejects.toThrow(
        "not_signed_in",
      );
    }
  });
});
