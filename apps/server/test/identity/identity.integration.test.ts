import type { AddressInfo } from "node:net";
import { backgroundWorkDone, sealStoredTotpSecrets } from "@kunto/api";
import {
  createSession,
  decryptSecret,
  hashStats,
  hashToken,
  PENDING_SESSION_LIFETIME_MS,
  SESSION_LIFETIME_MS,
  sessionCookieName,
} from "@kunto/auth";
import { createDb, type Db, schema } from "@kunto/db";
import { deliverDueMails } from "@kunto/mail";
import { hash as argon2Hash } from "@node-rs/argon2";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP, generateTOTP } from "@oslojs/otp";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  type Actor,
  actorFor,
  asOwner,
  callerFor,
  connect,
  makeTenant,
  makeUser,
  TEST_CONFIG,
  TEST_PASSWORD,
} from "../support/harness";

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

const cookieOf = (token: string | undefined): Actor => ({
  name: "browser",
  cookie: token ? `${sessionCookieName(false)}=${token}` : null,
  userId: null,
});

/** Signs in through the procedure and returns the session cookie and the device cookie it set. */
async function signIn(username: string, password: string, ip = freshIp(), device: string | null = null) {
  const { caller, cookies, devices } = await callerFor(db.db, anonymous, null, ip, device);
  const result = await caller.auth.signIn({ username, password });
  return { status: result.status, actor: cookieOf(cookies.at(-1)), device: devices.at(-1) ?? null };
}

const me = async (actor: Actor) => (await callerFor(db.db, actor, null)).caller.user.me();
const linkIn = (mail: string) => /confirm-email\?token=([a-z0-9]+)/.exec(mail)?.[1] ?? "";
const rateRows = async () =>
  Number((await db.ownerSql`select count(*)::int as n from rate_limits`)[0]?.n ?? 0);

/** Delivers the outbox through the loopback SMTP server and returns the decoded body sent to `address`. */
async function mailTo(address: string) {
  await backgroundWorkDone();
  while ((await deliverDueMails(db.system, smtpConfig(), log)) > 0);
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
    expect((await me(actor)).email).toBe(user.email);
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

  it("6.2 ten failures lock the account for that address only; the owner's known device still signs in", async () => {
    const user = await makeUser(db.owner);
    const email = user.email ?? "";
    const owner = await signIn(email, TEST_PASSWORD);
    expect(owner.device).toMatch(new RegExp(`^${user.id}\\.`));
    const attacker = freshIp();
    for (let i = 0; i < 10; i++)
      await expect(signIn(email, "wrong password entirely", attacker)).rejects.toThrow("invalid_credentials");
    await expect(signIn(email, TEST_PASSWORD, attacker)).rejects.toThrow("too_many_requests");
    // Another address is not locked out by someone else's failures.
    expect((await signIn(email, TEST_PASSWORD)).status).toBe("SIGNED_IN");
    // Nor is the owner's browser at the attacker's own address (behind the same NAT, say).
    expect((await signIn(email, TEST_PASSWORD, attacker, owner.device)).status).toBe("SIGNED_IN");
  });

  it("6.2 a known device is counted per (account, device): its own failures lock only that device", async () => {
    const user = await makeUser(db.owner);
    const email = user.email ?? "";
    const { device } = await signIn(email, TEST_PASSWORD);
    const ip = freshIp();
    for (let i = 0; i < 10; i++)
      await expect(signIn(email, "wrong password entirely", ip, device)).rejects.toThrow(
        "invalid_credentials",
      );
    await expect(signIn(email, TEST_PASSWORD, ip, device)).rejects.toThrow("too_many_requests");
    // The same address without that cookie is a different counter.
    expect((await signIn(email, TEST_PASSWORD, ip)).status).toBe("SIGNED_IN");
  });

  it("6.2 a forged device cookie or one naming another account counts as an unknown device", async () => {
    const victim = await makeUser(db.owner);
    const other = await makeUser(db.owner);
    const { device: otherDevice } = await signIn(other.email ?? "", TEST_PASSWORD);
    const forged = otherDevice?.replace(other.id, victim.id) ?? "";
    const ip = freshIp();
    for (let i = 0; i < 10; i++)
      await expect(signIn(victim.email ?? "", "wrong password entirely", ip)).rejects.toThrow(
        "invalid_credentials",
      );
    await expect(signIn(victim.email ?? "", TEST_PASSWORD, ip, forged)).rejects.toThrow("too_many_requests");
    await expect(signIn(victim.email ?? "", TEST_PASSWORD, ip, otherDevice)).rejects.toThrow(
      "too_many_requests",
    );
  });

  it("6.24 before hashing: a refused sign-in with the right password never reaches the hash and writes no row", async () => {
    const user = await makeUser(db.owner);
    const ip = freshIp();
    for (let i = 0; i < 10; i++)
      await expect(signIn(user.email ?? "", "wrong password entirely", ip)).rejects.toThrow(
        "invalid_credentials",
      );
    const hashesBefore = hashStats.runs;
    const rowsBefore = await rateRows();
    const counters =
      await db.ownerSql`select key, hits from rate_limits where key like ${`%${ip}%`} order by key`;
    await expect(signIn(user.email ?? "", TEST_PASSWORD, ip)).rejects.toThrow("too_many_requests");
    expect(hashStats.runs).toBe(hashesBefore);
    expect(await rateRows()).toBe(rowsBefore);
    expect(
      await db.ownerSql`select key, hits from rate_limits where key like ${`%${ip}%`} order by key`,
    ).toEqual(counters);
    // The counter proves the attempts were counted: the same attempt one address over does hash.
    expect((await signIn(user.email ?? "", TEST_PASSWORD)).status).toBe("SIGNED_IN");
    expect(hashStats.runs).toBeGreaterThan(hashesBefore);
  });

  it("6.2 limits unknown devices per client address across accounts, never a known device", async () => {
    const user = await makeUser(db.owner);
    const { device } = await signIn(user.email ?? "", TEST_PASSWORD);
    const ip = freshIp();
    for (let i = 0; i < 100; i++) {
      await expect(signIn(`ghost-${i}-${Date.now()}@example.test`, "x", ip)).rejects.toThrow(
        "invalid_credentials",
      );
    }
    const rowsBefore = await rateRows();
    await expect(signIn(`ghost-new-${Date.now()}@example.test`, "x", ip)).rejects.toThrow(
      "too_many_requests",
    );
    // A refused request writes no row: the table does not grow from refused attempts.
    expect(await rateRows()).toBe(rowsBefore);
    await expect(signIn(user.email ?? "", TEST_PASSWORD, ip)).rejects.toThrow("too_many_requests");
    expect((await signIn(user.email ?? "", TEST_PASSWORD, ip, device)).status).toBe("SIGNED_IN");
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

describe("6.5 passwords", () => {
  const nfc = "Crème brûlée à la façon de Zoë 2026".normalize("NFC");
  const nfd = nfc.normalize("NFD");

  it("6.5 the NFC and NFD forms of one password both sign in", async () => {
    expect(nfc).not.toBe(nfd);
    const user = await makeUser(db.owner);
    const { actor } = await signIn(user.email ?? "", TEST_PASSWORD);
    const { caller } = await callerFor(db.db, actor, null);
    await caller.auth.changePassword({ oldPassword: TEST_PASSWORD, newPassword: nfd });
    expect((await signIn(user.email ?? "", nfc)).status).toBe("SIGNED_IN");
    expect((await signIn(user.email ?? "", nfd)).status).toBe("SIGNED_IN");
    // Full-width digits are their ASCII digits under NFKC.
    expect((await signIn(user.email ?? "", nfc.replace("2026", "２０２６"))).status).toBe("SIGNED_IN");
  });

  it("6.5 a hash made of the raw text before normalisation still signs in and is replaced", async () => {
    const user = await makeUser(db.owner);
    const legacy = await argon2Hash(nfd, { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 });
    await asOwner(db.owner, (tx) =>
      tx.update(schema.users).set({ passwordHash: legacy }).where(eq(schema.users.id, user.id)),
    );
    expect((await signIn(user.email ?? "", nfd)).status).toBe("SIGNED_IN");
    const [after] = await db.owner.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(after?.passwordHash).not.toBe(legacy);
    expect((await signIn(user.email ?? "", nfc)).status).toBe("SIGNED_IN");
  });

  it("6.5 the length counts code points, not UTF-16 units", async () => {
    const user = await makeUser(db.owner);
    const { actor } = await signIn(user.email ?? "", TEST_PASSWORD);
    const { caller } = await callerFor(db.db, actor, null);
    // Six emoji are twelve UTF-16 units but six characters.
    await expect(
      caller.auth.changePassword({ oldPassword: TEST_PASSWORD, newPassword: "🦊🌲🏔🌊🔥🎻" }),
    ).rejects.toThrow("password_too_short");
    // 200 characters in 400 units are within the 256-character limit.
    const long = "🦊🌲🏔🌊🔥🎻🐝🍄".repeat(25);
    await caller.auth.changePassword({ oldPassword: TEST_PASSWORD, newPassword: long });
    expect((await signIn(user.email ?? "", long)).status).toBe("SIGNED_IN");
  });
});

describe("sign-up and e-mail confirmation", () => {
  it("mails a confirmation link that enables sign-in with the chosen password", async () => {
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
    await backgroundWorkDone();
    await expect(signIn(email, "lumi sataa hiljaa 2026")).rejects.toThrow("user_not_confirmed");
    const mail = await mailTo(email);
    expect(mail).toContain("Vahvista");
    const token = linkIn(mail);
    expect(token).toBeTruthy();
    expect(await caller.auth.confirmationStatus({ token })).toEqual({
      valid: true,
      email,
      passwordChosen: true,
    });
    await caller.auth.confirmEmail({ token, password: "lumi sataa hiljaa 2026" });
    expect((await signIn(email, "lumi sataa hiljaa 2026")).status).toBe("SIGNED_IN");
    await expect(caller.auth.confirmEmail({ token, password: "lumi sataa hiljaa 2026" })).rejects.toThrow(
      "invalid_token",
    );
    expect((await caller.auth.confirmationStatus({ token })).valid).toBe(false);
  });

  it("6.1 confirming never activates a password the confirmer did not choose", async () => {
    const email = `victim-${Date.now()}@example.test`;
    const attacker = await callerFor(db.db, anonymous, null, freshIp());
    await attacker.caller.auth.signUp({ email, password: "attacker chose this 4711", language: "en" });
    const attackersLink = linkIn(await mailTo(email));
    const owner = await callerFor(db.db, anonymous, null, freshIp());
    await owner.caller.auth.signUp({
      email,
      password: "owner picked her own 2026",
      firstName: "Olga",
      language: "pl",
    });
    const ownersLink = linkIn(await mailTo(email));
    expect(ownersLink).not.toBe(attackersLink);
    // The second sign-up did not change the first one's link, nor does either link accept the other password.
    await expect(
      owner.caller.auth.confirmEmail({ token: attackersLink, password: "owner picked her own 2026" }),
    ).rejects.toThrow("confirmation_password_wrong");
    await expect(
      owner.caller.auth.confirmEmail({ token: ownersLink, password: "attacker chose this 4711" }),
    ).rejects.toThrow("confirmation_password_wrong");
    await owner.caller.auth.confirmEmail({ token: ownersLink, password: "owner picked her own 2026" });
    await expect(signIn(email, "attacker chose this 4711")).rejects.toThrow("invalid_credentials");
    expect((await signIn(email, "owner picked her own 2026")).status).toBe("SIGNED_IN");
    const [user] = await db.owner.select().from(schema.users).where(eq(schema.users.email, email));
    expect(user).toMatchObject({ firstName: "Olga", language: "pl" });
    // The attacker's link died with the confirmation.
    await expect(
      owner.caller.auth.confirmEmail({ token: attackersLink, password: "attacker chose this 4711" }),
    ).rejects.toThrow("invalid_token");
  });

  it("6.1 a link whose sign-up password is not known may choose a new password instead", async () => {
    const email = `chooser-${Date.now()}@example.test`;
    const { caller } = await callerFor(db.db, anonymous, null, freshIp());
    await caller.auth.signUp({ email, password: "someone else typed it 99", language: "en" });
    const token = linkIn(await mailTo(email));
    await expect(caller.auth.confirmEmail({ token, newPassword: "weakpassword" })).rejects.toThrow(
      "password_too_weak",
    );
    await caller.auth.confirmEmail({ token, newPassword: "my mailbox my choice 31" });
    await expect(signIn(email, "someone else typed it 99")).rejects.toThrow("invalid_credentials");
    expect((await signIn(email, "my mailbox my choice 31")).status).toBe("SIGNED_IN");
  });

  it("6.1 confirming ends every session and removes the factors set before confirmation", async () => {
    const user = await makeUser(db.owner, { confirmed: false });
    const email = user.email ?? "";
    const early = await createSession(db.db, user.id, "active");
    await asOwner(db.owner, (tx) =>
      tx.insert(schema.totpCredentials).values({
        userId: user.id,
        secret: Buffer.alloc(20, 1),
        enabledAt: new Date(),
      }),
    );
    const { caller } = await callerFor(db.db, anonymous, null, freshIp());
    await caller.auth.signUp({ email, password: "the real owner speaks 8", language: "en" });
    await caller.auth.confirmEmail({
      token: linkIn(await mailTo(email)),
      password: "the real owner speaks 8",
    });
    await expect(me(cookieOf(early.token))).rejects.toThrow("not_signed_in");
    expect(
      await db.owner.select().from(schema.totpCredentials).where(eq(schema.totpCredentials.userId, user.id)),
    ).toEqual([]);
    // No second factor is asked any more: the factor was the pre-registrant's.
    expect((await signIn(email, "the real owner speaks 8")).status).toBe("SIGNED_IN");
  });

  it("6.1 an unconfirmed account cannot turn on TOTP", async () => {
    const user = await makeUser(db.owner, { confirmed: false });
    const actor = await actorFor(db.db, "unconfirmed", user.id);
    const { caller } = await callerFor(db.db, actor, null);
    await expect(caller.auth.totpSetup()).rejects.toThrow("totp_requires_confirmed_email");
    await expect(caller.auth.totpEnable({ code: "123456" })).rejects.toThrow("totp_requires_confirmed_email");
  });

  it("6.26 confirmation links expire, and a resent link lets the owner choose the password", async () => {
    const email = `late-${Date.now()}@example.test`;
    const { caller } = await callerFor(db.db, anonymous, null, freshIp());
    await caller.auth.signUp({ email, password: "slow to read mail 1234", language: "en" });
    const expired = linkIn(await mailTo(email));
    await asOwner(db.owner, (tx) =>
      tx
        .update(schema.emailConfirmationTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(schema.emailConfirmationTokens.id, hashToken(expired))),
    );
    await expect(
      caller.auth.confirmEmail({ token: expired, password: "slow to read mail 1234" }),
    ).rejects.toThrow("invalid_token");
    expect((await caller.auth.confirmationStatus({ token: expired })).valid).toBe(false);
    await caller.auth.resendConfirmation({ email });
    const resent = linkIn(await mailTo(email));
    expect(resent).not.toBe(expired);
    expect(await caller.auth.confirmationStatus({ token: resent })).toEqual({
      valid: true,
      email,
      passwordChosen: false,
    });
    // A resent link carries no password: it can only end in choosing one.
    await expect(
      caller.auth.confirmEmail({ token: resent, password: "slow to read mail 1234" }),
    ).rejects.toThrow("confirmation_password_wrong");
    await caller.auth.confirmEmail({ token: resent, newPassword: "finally read my mail 77" });
    expect((await signIn(email, "finally read my mail 77")).status).toBe("SIGNED_IN");
  });

  it("6.4 a new and a taken address run the same statements before the sign-up answers", async () => {
    const taken = await makeUser(db.owner);
    await withTracedDb(async (traced, record) => {
      const run = async (email: string) => {
        const { caller } = await callerFor(traced, anonymous, null, freshIp());
        return record(() =>
          caller.auth.signUp({ email, password: "same work either way 64", language: "en" }),
        );
      };
      await run(`warm-up-${Date.now()}@example.test`);
      const fresh = await run(`fresh-${Date.now()}@example.test`);
      const existing = await run(taken.email ?? "");
      expect(fresh.length).toBeGreaterThan(0);
      expect(existing).toEqual(fresh);
    });
  });

  it("6.26 sign-ups and resent links mail one address at most five times an hour, from any client address", async () => {
    const email = `flooded-${Date.now()}@example.test`;
    const from = async () => (await callerFor(db.db, anonymous, null, freshIp())).caller;
    for (let i = 0; i < 4; i++)
      await (await from()).auth.signUp({ email, password: "flood gate number 1234", language: "en" });
    await (await from()).auth.resendConfirmation({ email });
    await expect(
      (await from()).auth.signUp({ email, password: "flood gate number 1234", language: "en" }),
    ).rejects.toThrow("too_many_requests");
    await expect((await from()).auth.resendConfirmation({ email })).rejects.toThrow("too_many_requests");
    await backgroundWorkDone();
    expect((await db.owner.select().from(schema.mailOutbox)).filter((m) => m.to === email)).toHaveLength(5);
  });

  it("6.24 a taken address is answered alike and keeps its password", async () => {
    const user = await makeUser(db.owner);
    const { caller } = await callerFor(db.db, anonymous, null, freshIp());
    await expect(
      caller.auth.signUp({
        email: user.email ?? "",
        password: "a different strong phrase 77",
        language: "en",
      }),
    ).resolves.toEqual({ ok: true });
    await expect(signIn(user.email ?? "", "a different strong phrase 77")).rejects.toThrow(
      "invalid_credentials",
    );
    expect((await signIn(user.email ?? "", TEST_PASSWORD)).status).toBe("SIGNED_IN");
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
    await expect(me(before.actor)).rejects.toThrow("not_signed_in");
    expect((await signIn(email, "a brand new passphrase 9")).status).toBe("SIGNED_IN");
    // 6.26: a code works once.
    await expect(
      caller.auth.resetPassword({ username: email, code, newPassword: "and yet another one 10" }),
    ).rejects.toThrow("invalid_code");
  });

  it("advances for unknown accounts without sending anything", async () => {
    const { caller } = await callerFor(db.db, anonymous, null, freshIp());
    await backgroundWorkDone();
    const countBefore = (await db.owner.select().from(schema.mailOutbox)).length;
    await expect(
      caller.auth.forgotPassword({ username: `nobody-${Date.now()}@example.test` }),
    ).resolves.toEqual({ ok: true });
    await backgroundWorkDone();
    expect((await db.owner.select().from(schema.mailOutbox)).length).toBe(countBefore);
  });

  it("6.4 an existing and an unknown address run the same statements before the answer", async () => {
    await withTracedDb(async (traced, record) => {
      const run = async (username: string) => {
        const { caller } = await callerFor(traced, anonymous, null, freshIp());
        return record(() => caller.auth.forgotPassword({ username }));
      };
      // The connection's first query also loads type information: warm it up unrecorded.
      await run(`warm-up-${Date.now()}@example.test`);
      const user = await makeUser(db.owner);
      const outboxBefore = (await db.owner.select().from(schema.mailOutbox)).length;
      const known = await run(user.email ?? "");
      const unknown = await run(`nobody-${Date.now()}@example.test`);
      expect(known.length).toBeGreaterThan(0);
      expect(known).toEqual(unknown);
      // The work that differs happens after the answer: only the existing account gets its mail.
      const mails = await db.owner.select().from(schema.mailOutbox);
      expect(mails.length).toBe(outboxBefore + 1);
      expect(mails.at(-1)?.to).toBe(user.email);
    });
  });

  it("6.26 five wrong codes lock the code, a code expires, and a code works once", async () => {
    const user = await makeUser(db.owner);
    const email = user.email ?? "";
    const { caller } = await callerFor(db.db, anonymous, null, freshIp());
    await caller.auth.forgotPassword({ username: email });
    const code = /code is (\d{8})/.exec(await mailTo(email))?.[1] ?? "";
    const wrong = code === "11111111" ? "22222222" : "11111111";
    for (let i = 0; i < 5; i++)
      await expect(
        caller.auth.resetPassword({ username: email, code: wrong, newPassword: "locked out phrase 42" }),
      ).rejects.toThrow("invalid_code");
    await expect(
      caller.auth.resetPassword({ username: email, code, newPassword: "locked out phrase 42" }),
    ).rejects.toThrow("invalid_code");
    expect((await signIn(email, TEST_PASSWORD)).status).toBe("SIGNED_IN");

    const later = await callerFor(db.db, anonymous, null, freshIp());
    await later.caller.auth.forgotPassword({ username: email });
    const second = /code is (\d{8})/.exec(await mailTo(email))?.[1] ?? "";
    await asOwner(db.owner, (tx) =>
      tx
        .update(schema.passwordResetCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(schema.passwordResetCodes.userId, user.id)),
    );
    await expect(
      later.caller.auth.resetPassword({ username: email, code: second, newPassword: "too late for this 42" }),
    ).rejects.toThrow("code_expired");
    expect((await signIn(email, TEST_PASSWORD)).status).toBe("SIGNED_IN");
  });

  it("6.3 parallel guesses at a reset code get five tries between them, and a right code works once", async () => {
    const user = await makeUser(db.owner);
    const email = user.email ?? "";
    const setCode = (code: string) =>
      asOwner(db.owner, (tx) =>
        tx
          .insert(schema.passwordResetCodes)
          .values({
            userId: user.id,
            codeHash: hashToken(code),
            attempts: 0,
            expiresAt: new Date(Date.now() + 600_000),
          })
          .onConflictDoUpdate({
            target: schema.passwordResetCodes.userId,
            set: { codeHash: hashToken(code), attempts: 0, expiresAt: new Date(Date.now() + 600_000) },
          }),
      );
    await setCode("48151623");
    const guesses = await Promise.allSettled(
      Array.from({ length: 9 }, async (_v, i) => {
        const { caller } = await callerFor(db.db, anonymous, null, freshIp());
        return caller.auth.resetPassword({
          username: email,
          code: String(10_000_000 + i),
          newPassword: "never gets this far 1",
        });
      }),
    );
    expect(guesses.every((g) => g.status === "rejected")).toBe(true);
    const [row] = await db.owner
      .select()
      .from(schema.passwordResetCodes)
      .where(eq(schema.passwordResetCodes.userId, user.id));
    expect(row?.attempts).toBe(5);
    const late = await callerFor(db.db, anonymous, null, freshIp());
    await expect(
      late.caller.auth.resetPassword({
        username: email,
        code: "48151623",
        newPassword: "never gets this far 1",
      }),
    ).rejects.toThrow("invalid_code");

    // Single use under a race: two requests with the right code, one wins.
    await resetLimitsOf(email);
    await setCode("27182818");
    const both = await Promise.allSettled(
      ["parallel winner one 1", "parallel winner two 2"].map(async (newPassword) => {
        const { caller } = await callerFor(db.db, anonymous, null, freshIp());
        return caller.auth.resetPassword({ username: email, code: "27182818", newPassword });
      }),
    );
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("6.3 resetPassword is rate-limited per account and per address", async () => {
    const user = await makeUser(db.owner);
    const ip = freshIp();
    const attempt = (username: string, from = ip) =>
      callerFor(db.db, anonymous, null, from).then(({ caller }) =>
        caller.auth.resetPassword({ username, code: "00000000", newPassword: "irrelevant phrase 12" }),
      );
    for (let i = 0; i < 10; i++)
      await expect(attempt(user.email ?? "", freshIp())).rejects.toThrow("invalid_code");
    await expect(attempt(user.email ?? "", freshIp())).rejects.toThrow("too_many_requests");
    for (let i = 0; i < 30; i++)
      await expect(attempt(`nobody-${i}-${Date.now()}@example.test`)).rejects.toThrow("invalid_code");
    await expect(attempt(`nobody-else-${Date.now()}@example.test`)).rejects.toThrow("too_many_requests");
  });
});

/**
 * A request pool of one connection that records the statements a call sends before it answers;
 * `record` also waits for the work the call left for after its answer.
 */
async function withTracedDb(
  body: (traced: Db, record: (call: () => Promise<unknown>) => Promise<string[]>) => Promise<void>,
) {
  const statements: string[] = [];
  let recording = false;
  const { db: traced, close } = createDb(inject("appUrl"), {
    max: 1,
    onStatement: (statement) => {
      if (recording) statements.push(statement);
    },
  });
  const record = async (call: () => Promise<unknown>) => {
    await backgroundWorkDone();
    statements.length = 0;
    recording = true;
    await call();
    recording = false;
    const answered = [...statements];
    await backgroundWorkDone();
    return answered;
  };
  try {
    await body(traced, record);
  } finally {
    await close();
  }
}

/** Forgets the reset counters of one account (tests that need a second round). */
async function resetLimitsOf(login: string) {
  await db.owner.execute(sql`delete from rate_limits where key like ${`resetcode:account:${login}`}`);
}

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

/** A signed-in user with TOTP turned on; answers the key and the step that enabled it. */
async function userWithTotp() {
  const user = await makeUser(db.owner);
  const first = await signIn(user.email ?? "", TEST_PASSWORD);
  const { caller } = await callerFor(db.db, first.actor, null);
  const { secret } = await caller.auth.totpSetup();
  const key = decodeBase32IgnorePadding(secret);
  await caller.auth.totpEnable({ code: generateTOTP(key, 30, 6) });
  return { user, key, actor: first.actor };
}
const codeAt = (key: Uint8Array, offset: number) =>
  generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000) + offset), 6);

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
    expect((await me(actor)).id).toBe(user.id);
  });

  it("6.3 sets up TOTP, asks for a code at sign-in and gives a new session token once it is given", async () => {
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
    expect(second.device).toBeNull();
    const pending = await callerFor(db.db, second.actor, null);
    await expect(pending.caller.user.me()).rejects.toThrow("not_signed_in");
    // The code that enabled TOTP cannot be replayed; the next step's code (within the drift window) works once.
    await expect(pending.caller.auth.verifyTotp({ code: enableCode })).rejects.toThrow("invalid_code");
    expect((await pending.caller.auth.verifyTotp({ code: codeAt(key, 1) })).status).toBe("SIGNED_IN");
    const fresh = pending.cookies.at(-1);
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(second.actor.cookie?.split("=")[1]);
    expect((await me(cookieOf(fresh))).mfaEnabled).toBe(true);
    // The token from before the second factor does not carry the signed-in session.
    await expect(me(second.actor)).rejects.toThrow("not_signed_in");
  });

  it("6.3 one TOTP code is accepted once when sent concurrently", async () => {
    const { user, key } = await userWithTotp();
    const pendings = await Promise.all(
      Array.from({ length: 4 }, () => signIn(user.email ?? "", TEST_PASSWORD)),
    );
    const code = codeAt(key, 1);
    const results = await Promise.allSettled(
      pendings.map(async (p) => (await callerFor(db.db, p.actor, null)).caller.auth.verifyTotp({ code })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("6.26 TOTP disable needs a fresh code, shares codes with the challenge once, and turns the challenge off", async () => {
    const { user, key, actor } = await userWithTotp();
    const { caller } = await callerFor(db.db, actor, null);
    await expect(caller.auth.totpDisable({ code: "000000" })).rejects.toThrow("invalid_code");
    // A code spent at sign-in cannot turn the factor off, even sent at the same moment.
    const pending = await signIn(user.email ?? "", TEST_PASSWORD);
    const code = codeAt(key, 1);
    const race = await Promise.allSettled([
      (await callerFor(db.db, pending.actor, null)).caller.auth.verifyTotp({ code }),
      caller.auth.totpDisable({ code }),
    ]);
    expect(race.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [still] = await db.owner
      .select()
      .from(schema.totpCredentials)
      .where(eq(schema.totpCredentials.userId, user.id));
    if (still) {
      // The sign-in won: the factor stays until a newer code turns it off.
      await expect(caller.auth.totpDisable({ code })).rejects.toThrow("invalid_code");
      // Half a minute later (the stored step moved back instead of waiting), a new code turns it off.
      const step = Math.floor(Date.now() / 30_000);
      await db.owner
        .update(schema.totpCredentials)
        .set({ lastUsedStep: step - 1 })
        .where(eq(schema.totpCredentials.userId, user.id));
      await caller.auth.totpDisable({ code: codeAt(key, 0) });
    }
    expect(
      await db.owner.select().from(schema.totpCredentials).where(eq(schema.totpCredentials.userId, user.id)),
    ).toEqual([]);
    expect((await signIn(user.email ?? "", TEST_PASSWORD)).status).toBe("SIGNED_IN");
  });

  it("6.10 TOTP secrets are encrypted at rest and older plaintext secrets are sealed at start", async () => {
    const { user, key } = await userWithTotp();
    const [row] = await db.owner
      .select()
      .from(schema.totpCredentials)
      .where(eq(schema.totpCredentials.userId, user.id));
    expect(row?.secretEncrypted).toBe(true);
    expect(Buffer.from(row?.secret ?? []).includes(Buffer.from(key))).toBe(false);
    expect(decryptSecret(TEST_CONFIG.secretsKey, row?.secret ?? Buffer.alloc(0), user.id)).toEqual(key);
    // Sealed for this user only: the same bytes under another user's id do not open.
    expect(() =>
      decryptSecret(TEST_CONFIG.secretsKey, row?.secret ?? Buffer.alloc(0), "someone-else"),
    ).toThrow();

    const legacy = await makeUser(db.owner);
    const legacyKey = new Uint8Array(20).fill(42);
    await asOwner(db.owner, (tx) =>
      tx
        .insert(schema.totpCredentials)
        .values({ userId: legacy.id, secret: Buffer.from(legacyKey), enabledAt: new Date() }),
    );
    // Read as it is until sealed ...
    const pending = await signIn(legacy.email ?? "", TEST_PASSWORD);
    expect(pending.status).toBe("MFA_REQUIRED");
    expect((await sealStoredTotpSecrets(db.db, TEST_CONFIG.secretsKey)) >= 1).toBe(true);
    const [sealed] = await db.owner
      .select()
      .from(schema.totpCredentials)
      .where(eq(schema.totpCredentials.userId, legacy.id));
    expect(sealed?.secretEncrypted).toBe(true);
    expect(Buffer.from(sealed?.secret ?? []).equals(Buffer.from(legacyKey))).toBe(false);
    // ... and still the same factor afterwards.
    const { caller } = await callerFor(db.db, pending.actor, null);
    expect((await caller.auth.verifyTotp({ code: codeAt(legacyKey, 0) })).status).toBe("SIGNED_IN");
  });
});

describe("sessions", () => {
  it("6.24 sign out everywhere ends the other sessions too", async () => {
    const user = await makeUser(db.owner);
    const here = await signIn(user.email ?? "", TEST_PASSWORD);
    const elsewhere = await signIn(user.email ?? "", TEST_PASSWORD);
    expect((await me(elsewhere.actor)).id).toBe(user.id);
    const { caller } = await callerFor(db.db, here.actor, null);
    await caller.auth.signOutEverywhere();
    await expect(me(here.actor)).rejects.toThrow("not_signed_in");
    await expect(me(elsewhere.actor)).rejects.toThrow("not_signed_in");
  });

  it("6.24 ends every session on password change and issues a new one that works", async () => {
    const user = await makeUser(db.owner);
    const a = await signIn(user.email ?? "", TEST_PASSWORD);
    const b = await signIn(user.email ?? "", TEST_PASSWORD);
    const { caller, cookies } = await callerFor(db.db, a.actor, null);
    await expect(
      caller.auth.changePassword({ oldPassword: "not it at all 123", newPassword: "x" }),
    ).rejects.toThrow("current_password_wrong");
    await caller.auth.changePassword({ oldPassword: TEST_PASSWORD, newPassword: "changed and strong 2026" });
    const issued = cookies.at(-1);
    expect(issued).toBeTruthy();
    expect((await me(cookieOf(issued))).id).toBe(user.id);
    for (const old of [a, b]) await expect(me(old.actor)).rejects.toThrow("not_signed_in");
  });

  it("6.26 a session expires, slides forward past half its life, and a pending one lives ten minutes", async () => {
    const user = await makeUser(db.owner);
    const setExpiry = (token: string, expiresAt: Date) =>
      db.owner
        .update(schema.sessions)
        .set({ expiresAt })
        .where(eq(schema.sessions.id, hashToken(token)));
    const expiryOf = async (token: string) =>
      (
        await db.owner
          .select()
          .from(schema.sessions)
          .where(eq(schema.sessions.id, hashToken(token)))
      )[0]?.expiresAt ?? null;

    const expired = await createSession(db.db, user.id, "active");
    await setExpiry(expired.token, new Date(Date.now() - 1000));
    await expect(me(cookieOf(expired.token))).rejects.toThrow("not_signed_in");
    expect(await expiryOf(expired.token)).toBeNull();

    const day = 24 * 60 * 60 * 1000;
    const old = await createSession(db.db, user.id, "active");
    await setExpiry(old.token, new Date(Date.now() + 10 * day));
    expect((await me(cookieOf(old.token))).id).toBe(user.id);
    expect((await expiryOf(old.token))?.getTime()).toBeGreaterThan(Date.now() + SESSION_LIFETIME_MS - day);

    const young = await createSession(db.db, user.id, "active");
    await setExpiry(young.token, new Date(Date.now() + 20 * day));
    await me(cookieOf(young.token));
    expect((await expiryOf(young.token))?.getTime()).toBeLessThan(Date.now() + 21 * day);

    const pending = await createSession(db.db, user.id, "mfa_pending");
    expect(pending.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + PENDING_SESSION_LIFETIME_MS);
    expect(pending.expiresAt.getTime()).toBeGreaterThan(Date.now() + PENDING_SESSION_LIFETIME_MS - 60_000);
    // A pending session never slides.
    const { caller } = await callerFor(db.db, cookieOf(pending.token), null);
    await expect(caller.auth.verifyTotp({ code: "000000" })).rejects.toThrow("invalid_code");
    expect((await expiryOf(pending.token))?.getTime()).toBe(pending.expiresAt.getTime());
    await setExpiry(pending.token, new Date(Date.now() - 1000));
    const late = await callerFor(db.db, cookieOf(pending.token), null);
    await expect(late.caller.auth.verifyTotp({ code: "000000" })).rejects.toThrow("not_signed_in");
  });

  it("6.3 a role change gives the user's open sessions a new token at their next request", async () => {
    const tenant = await makeTenant(db.owner);
    const admin = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
    const member = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_basic"] });
    const adminActor = await actorFor(db.db, "admin", admin.id);
    const memberActor = await actorFor(db.db, "member", member.id);
    const { caller: adminCaller } = await callerFor(db.db, adminActor, tenant.id);
    await adminCaller.tenant.addRole({ userId: member.id, role: "tenant_readonly" });

    // Through a tenant call: answered, with a new cookie; the old token is dead after it.
    const next = await callerFor(db.db, memberActor, tenant.id);
    expect((await next.caller.tenant.current()).id).toBe(tenant.id);
    const rotated = next.cookies.at(-1);
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(memberActor.cookie?.split("=")[1]);
    await expect(me(memberActor)).rejects.toThrow("not_signed_in");
    expect((await me(cookieOf(rotated))).id).toBe(member.id);

    // Through a platform admin's role change and a signed-in (non-tenant) call.
    const platform = await makeUser(db.owner, { systemRoles: ["admin"] });
    const { caller: platformCaller } = await callerFor(db.db, await actorFor(db.db, "p", platform.id), null);
    await platformCaller.admin.addUserRole({ id: member.id, role: "agent" });
    const again = await callerFor(db.db, cookieOf(rotated), null);
    expect((await again.caller.user.me()).id).toBe(member.id);
    const third = again.cookies.at(-1);
    expect(third).toBeTruthy();
    expect(third).not.toBe(rotated);
    await expect(me(cookieOf(rotated))).rejects.toThrow("not_signed_in");
    expect((await me(cookieOf(third))).id).toBe(member.id);

    // An admin changing their own roles keeps the session that acted; their other sessions rotate.
    const adminElsewhere = await actorFor(db.db, "admin elsewhere", admin.id);
    await adminCaller.tenant.addRole({ userId: admin.id, role: "tenant_basic" });
    expect((await adminCaller.tenant.current()).id).toBe(tenant.id);
    const elsewhere = await callerFor(db.db, adminElsewhere, null);
    await elsewhere.caller.user.me();
    expect(elsewhere.cookies.at(-1)).toBeTruthy();
    await expect(me(adminElsewhere)).rejects.toThrow("not_signed_in");
  });
});
