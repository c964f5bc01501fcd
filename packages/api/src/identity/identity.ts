import {
  addressSubject,
  createSession,
  deviceFor,
  enforce,
  generateNumericCode,
  generateToken,
  hashPassword,
  hashToken,
  invalidateSession,
  invalidateUserSessions,
  issueDeviceCookie,
  matchTotp,
  promoteSession,
  RATE_RULES,
  type RateCheck,
  replaceSession,
  resetLimit,
  verifyPassword,
} from "@kunto/auth";
import { isLanguage, type Language } from "@kunto/core";
import { type Db, schema, type Tx, withCredentials } from "@kunto/db";
import { enqueueMail } from "@kunto/mail";
import { and, desc, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { audit } from "../audit";
import { forgetUser } from "../auth-cache";
import { afterAnswer } from "../background";
import type { Context, UserRow } from "../context";
import { fail } from "../errors";
import { getAuth } from "../session";
import { acceptNewPassword } from "./passwords";
import { claimTotpStep, readTotpSecret } from "./totp";

export type SignInStatus = "SIGNED_IN" | "MFA_REQUIRED" | "NEW_PASSWORD_REQUIRED";
const RESET_CODE_TTL_MS = 15 * 60 * 1000;
const CONFIRM_TTL_MS = 48 * 60 * 60 * 1000;
const MAX_CODE_ATTEMPTS = 5;

const languageOf = (user: UserRow): Language => (isLanguage(user.language) ? user.language : "en");
/** What a password must not be guessable from. */
const personalWords = (user: UserRow) => [user.email, user.username, user.firstName, user.lastName];
const normaliseLogin = (login: string) => login.trim().toLowerCase();

/**
 * The user of a login, with the password hash of its newest live sign-up link when the address is
 * not confirmed yet (until then no password is the account's: issue 6.1). Demo sandbox people never
 * sign in (and may share a real person's address): never found here.
 */
async function findByLogin(db: Db | Tx, login: string) {
  const [user] = await db
    .select()
    .from(schema.users)
    .where(
      and(
        isNull(schema.users.sandboxId),
        or(eq(schema.users.email, login), eq(schema.users.username, login)),
      ),
    )
    .limit(1);
  if (!user) return null;
  const pendingHash =
    user.type === "CLOUD" && !user.emailConfirmedAt ? await pendingPasswordHash(db, user.id) : null;
  return { user, pendingHash };
}

/** The password hash of the user's newest live sign-up link (its tokens are fenced: issue 17.10). */
async function pendingPasswordHash(db: Db | Tx, userId: string) {
  const [row] = await withCredentials(db, { userId }, (tx) =>
    tx
      .select({ passwordHash: schema.emailConfirmationTokens.passwordHash })
      .from(schema.emailConfirmationTokens)
      .where(
        and(
          eq(schema.emailConfirmationTokens.userId, userId),
          gt(schema.emailConfirmationTokens.expiresAt, sql`now()`),
          isNotNull(schema.emailConfirmationTokens.passwordHash),
        ),
      )
      .orderBy(desc(schema.emailConfirmationTokens.createdAt))
      .limit(1),
  );
  return row?.passwordHash ?? null;
}

async function startSession(
  ctx: Context,
  user: UserRow,
  state: "active" | "mfa_pending" | "new_password_required",
) {
  const { token, expiresAt } = await createSession(ctx.db, user.id, state);
  ctx.cookies.setSession(token, expiresAt);
}

/** A completed sign-in: this browser is now a known device of the account (issue 6.2). */
async function signedIn(ctx: Context, user: UserRow, details?: Record<string, unknown>) {
  ctx.cookies.setDevice(issueDeviceCookie(ctx.config.secretsKey, ctx.deviceCookie, user.id));
  await ctx.db.update(schema.users).set({ lastSignInAt: new Date() }).where(eq(schema.users.id, user.id));
  await audit(ctx.db, { actorUserId: user.id, action: "auth.sign_in", ...(details ? { details } : {}) });
}

/**
 * Rate limits run before any hashing (OWASP device cookies, issue 6.2): a browser holding a valid
 * device cookie for the account is counted per (account, device) and never by its address; any
 * other browser per (account, client address) and per client address. Unknown users are verified
 * against a dummy hash so both failures take the same time and answer the same key.
 */
export async function signIn(
  ctx: Context,
  input: { username: string; password: string },
): Promise<SignInStatus> {
  const login = normaliseLogin(input.username);
  const found = await findByLogin(ctx.db, login);
  const user = found?.user ?? null;
  const account = user?.id ?? `login:${login}`;
  const device = user ? deviceFor(ctx.config.secretsKey, ctx.deviceCookie, user.id) : null;
  const counter: RateCheck = device
    ? [RATE_RULES.signInDevice, `${account}:${device.nonce}`]
    : [RATE_RULES.signInAccountAddress, `${account}:${addressSubject(ctx.ip)}`];
  const checks: RateCheck[] = device
    ? [counter]
    : [counter, [RATE_RULES.signInAddress, addressSubject(ctx.ip)]];
  await enforce(ctx.db, checks);
  const confirmed = user?.type === "LOCAL" || Boolean(user?.emailConfirmedAt);
  // Unconfirmed: the newest sign-up's password, only to say "confirm your address" (it signs nobody in).
  const target = user ? (confirmed ? user.passwordHash : (found?.pendingHash ?? user.passwordHash)) : null;
  const { ok, rehash } = await verifyPassword(target ?? null, input.password);
  if (!user || !ok) {
    await audit(ctx.db, { actorUserId: user?.id ?? null, action: "auth.sign_in_failed", details: { login } });
    return fail("invalid_credentials");
  }
  if (!user.enabled) fail("user_disabled");
  if (!confirmed) fail("user_not_confirmed");
  if (rehash) {
    // A hash made before passwords were normalised (issue 6.5): replace it by the NFKC form's.
    await ctx.db
      .update(schema.users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(schema.users.id, user.id));
  }
  await resetLimit(ctx.db, counter[0], counter[1]);
  const [totp] = await ctx.db
    .select({ enabledAt: schema.totpCredentials.enabledAt })
    .from(schema.totpCredentials)
    .where(eq(schema.totpCredentials.userId, user.id));
  if (totp?.enabledAt) {
    await startSession(ctx, user, "mfa_pending");
    return "MFA_REQUIRED";
  }
  if (user.mustChangePassword) {
    await startSession(ctx, user, "new_password_required");
    return "NEW_PASSWORD_REQUIRED";
  }
  await startSession(ctx, user, "active");
  await signedIn(ctx, user);
  return "SIGNED_IN";
}

/**
 * The second factor. The code's time step is claimed in one statement (issue 6.3), so a code sent
 * twice at once signs in once; the pending session is replaced by a new one (new token).
 */
export async function verifyTotpChallenge(ctx: Context, code: string) {
  const session = (await getAuth(ctx))?.session;
  if (session?.state !== "mfa_pending") return fail("not_signed_in");
  await enforce(ctx.db, [[RATE_RULES.totpAccount, session.userId]]);
  const [totp] = await ctx.db
    .select()
    .from(schema.totpCredentials)
    .where(eq(schema.totpCredentials.userId, session.userId));
  const step = totp?.enabledAt
    ? matchTotp(readTotpSecret(ctx.config.secretsKey, totp), code, totp.lastUsedStep)
    : null;
  if (step === null || !(await claimTotpStep(ctx.db, session.userId, step))) return fail("invalid_code");
  const [user] = await ctx.db.select().from(schema.users).where(eq(schema.users.id, session.userId));
  if (!user) return fail("not_signed_in");
  const state = user.mustChangePassword ? "new_password_required" : "active";
  const { token, expiresAt } = await replaceSession(ctx.db, session.id, user.id, state);
  ctx.cookies.setSession(token, expiresAt);
  if (state === "new_password_required") return "NEW_PASSWORD_REQUIRED" as const;
  await signedIn(ctx, user, { mfa: true });
  return "SIGNED_IN" as const;
}

export async function completeNewPassword(ctx: Context, newPassword: string) {
  const session = (await getAuth(ctx))?.session;
  if (session?.state !== "new_password_required") return fail("not_signed_in");
  const [user] = await ctx.db.select().from(schema.users).where(eq(schema.users.id, session.userId));
  if (!user) return fail("not_signed_in");
  const passwordHash = await acceptNewPassword(newPassword, personalWords(user));
  await ctx.db
    .update(schema.users)
    .set({ passwordHash, mustChangePassword: false })
    .where(eq(schema.users.id, user.id));
  // Every other session ends. This one was issued after the password (and any second factor)
  // was proven, with its own fresh token, so it goes on as the signed-in session.
  await invalidateUserSessions(ctx.db, user.id, session.id);
  forgetUser(user.id);
  const expiresAt = await promoteSession(ctx.db, session.id);
  // The browser's cookie was set for the short pending step: it now lives as long as the session.
  if (ctx.sessionToken) ctx.cookies.setSession(ctx.sessionToken, expiresAt);
  await audit(ctx.db, { actorUserId: user.id, action: "auth.password_set" });
  await signedIn(ctx, user);
}

export async function signOut(ctx: Context) {
  const session = (await getAuth(ctx))?.session;
  if (session) {
    await invalidateSession(ctx.db, session.id);
    forgetUser(session.userId);
  }
  ctx.cookies.clearSession();
}

export async function signOutEverywhere(ctx: Context, user: UserRow) {
  // Every visitor of the demo shares its user: one must not sign out the others.
  if (user.isDemo) fail("demo_account_read_only");
  await invalidateUserSessions(ctx.db, user.id);
  forgetUser(user.id);
  ctx.cookies.clearSession();
  await audit(ctx.db, { actorUserId: user.id, action: "auth.sign_out_everywhere" });
}

/** What a sign-up chose; its link activates exactly this (issue 6.1). Null for a resent link. */
interface SignUpChoice {
  passwordHash: string;
  firstName: string | null;
  lastName: string | null;
  language: Language;
}

async function sendConfirmation(ctx: Context, user: UserRow, choice: SignUpChoice | null) {
  if (!user.email) return;
  const token = generateToken();
  await withCredentials(ctx.db, { userId: user.id }, async (tx) => {
    // Links of other sign-ups stay as they are; only dead ones are swept.
    await tx
      .delete(schema.emailConfirmationTokens)
      .where(
        and(
          eq(schema.emailConfirmationTokens.userId, user.id),
          lt(schema.emailConfirmationTokens.expiresAt, new Date()),
        ),
      );
    await tx.insert(schema.emailConfirmationTokens).values({
      id: hashToken(token),
      userId: user.id,
      passwordHash: choice?.passwordHash ?? null,
      firstName: choice?.firstName ?? null,
      lastName: choice?.lastName ?? null,
      language: choice?.language ?? null,
      expiresAt: new Date(Date.now() + CONFIRM_TTL_MS),
    });
  });
  await enqueueMail(ctx.db, {
    to: user.email,
    kind: "confirmEmail",
    language: choice?.language ?? languageOf(user),
    vars: { link: `${ctx.config.appUrl}/confirm-email?token=${token}` },
  });
}

/**
 * Answers the same whether or not the address is taken (no account enumeration). A sign-up for an
 * address nobody has confirmed yet gets its own link bound to its own password; it never changes
 * what an earlier sign-up chose (issue 6.1). The account holds no password until confirmed.
 */
export async function signUp(
  ctx: Context,
  input: {
    email: string;
    password: string;
    firstName: string | null;
    lastName: string | null;
    language: Language;
  },
) {
  const checks: RateCheck[] = [
    [RATE_RULES.signUpAddress, addressSubject(ctx.ip)],
    [RATE_RULES.confirmMailAccount, input.email],
  ];
  await enforce(ctx.db, checks);
  const passwordHash = await acceptNewPassword(input.password, [
    input.email,
    input.firstName,
    input.lastName,
  ]);
  const choice: SignUpChoice = {
    passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    language: input.language,
  };
  const [created] = await ctx.db
    .insert(schema.users)
    .values({
      type: "CLOUD",
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      language: input.language,
      passwordHash: null,
    })
    .onConflictDoNothing()
    .returning();
  // The same statements for a new and a taken address up to here; the link is made after the answer.
  afterAnswer(
    ctx.log,
    "sign-up",
    async () => {
      const user = created ?? (await findByLogin(ctx.db, input.email))?.user;
      if (user && user.type === "CLOUD" && !user.emailConfirmedAt) await sendConfirmation(ctx, user, choice);
    },
    ctx.whenAnswered,
  );
}

/** A new link for an unconfirmed address, bound to no password: whoever opens it chooses one. */
export async function resendConfirmation(ctx: Context, email: string) {
  const login = normaliseLogin(email);
  const checks: RateCheck[] = [
    [RATE_RULES.resetAddress, addressSubject(ctx.ip)],
    [RATE_RULES.confirmMailAccount, login],
  ];
  await enforce(ctx.db, checks);
  const found = await findByLogin(ctx.db, login);
  afterAnswer(
    ctx.log,
    "resend-confirmation",
    async () => {
      const user = found?.user;
      if (user && !user.emailConfirmedAt && user.type === "CLOUD") await sendConfirmation(ctx, user, null);
    },
    ctx.whenAnswered,
  );
}

async function liveConfirmation(db: Db, token: string) {
  const tokenHash = hashToken(token);
  const [row] = await withCredentials(db, { tokenHash }, (tx) =>
    tx
      .select({ token: schema.emailConfirmationTokens, user: schema.users })
      .from(schema.emailConfirmationTokens)
      .innerJoin(schema.users, eq(schema.users.id, schema.emailConfirmationTokens.userId))
      .where(
        and(
          eq(schema.emailConfirmationTokens.id, tokenHash),
          gt(schema.emailConfirmationTokens.expiresAt, new Date()),
        ),
      ),
  );
  return row && row.user.type === "CLOUD" && !row.user.emailConfirmedAt ? row : null;
}

/** What the confirmation page needs to show: the address, and whether its sign-up chose a password. */
export async function confirmationStatus(ctx: Context, token: string) {
  const row = await liveConfirmation(ctx.db, token);
  return row
    ? { valid: true, email: row.user.email, passwordChosen: row.token.passwordHash !== null }
    : { valid: false, email: null, passwordChosen: false };
}

/**
 * The address is the account's from now on: any factor or session that existed before (set up by
 * whoever registered the address first) goes, and so do the other sign-ups' links.
 */
async function confirmAccount(tx: Db | Tx, userId: string) {
  await withCredentials(tx, { userId }, (own) =>
    own.delete(schema.emailConfirmationTokens).where(eq(schema.emailConfirmationTokens.userId, userId)),
  );
  await tx.delete(schema.totpCredentials).where(eq(schema.totpCredentials.userId, userId));
  await invalidateUserSessions(tx, userId);
}

/**
 * Confirming activates only a password the confirmer chose (issue 6.1): the password of the
 * sign-up that sent this link (typed again), or a new one (the link proves the mailbox).
 */
export async function confirmEmail(
  ctx: Context,
  input: { token: string; password?: string; newPassword?: string },
) {
  await enforce(ctx.db, [[RATE_RULES.confirmAddress, addressSubject(ctx.ip)]]);
  const row = await liveConfirmation(ctx.db, input.token);
  if (!row) return fail("invalid_token");
  const { token, user } = row;
  let passwordHash: string;
  if (input.newPassword !== undefined) {
    passwordHash = await acceptNewPassword(input.newPassword, [
      user.email,
      token.firstName ?? user.firstName,
      token.lastName ?? user.lastName,
    ]);
  } else {
    const { ok } = await verifyPassword(token.passwordHash, input.password ?? "");
    if (!ok || !token.passwordHash) return fail("confirmation_password_wrong");
    passwordHash = token.passwordHash;
  }
  await ctx.db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(schema.users)
      .set({
        passwordHash,
        emailConfirmedAt: new Date(),
        mustChangePassword: false,
        ...(token.passwordHash !== null
          ? {
              firstName: token.firstName,
              lastName: token.lastName,
              language: token.language ?? user.language,
            }
          : {}),
      })
      .where(and(eq(schema.users.id, user.id), sql`${schema.users.emailConfirmedAt} is null`))
      .returning({ id: schema.users.id });
    // Another link of the same address was used a moment ago.
    if (!confirmed) fail("invalid_token");
    await confirmAccount(tx, user.id);
  });
  // After the commit: a check made meanwhile must not bring the ended sessions back.
  forgetUser(user.id);
  await audit(ctx.db, { actorUserId: user.id, action: "auth.email_confirmed" });
}

/**
 * Advances to the code step whether or not the account exists (the demo account is refused). Before
 * the answer every address runs the same two statements with answers of the same shape: the rate
 * limits, and one `exists` that is true only for the demo account (issue 6.4, 17.7). Everything that
 * depends on whether the account exists (its look-up, the code, its row and its mail) is one
 * function started after the answer has left the server (`afterAnswer` with `ctx.whenAnswered`),
 * for a known and an unknown address alike, so the answer's timing does not tell them apart.
 */
export async function forgotPassword(ctx: Context, login: string) {
  const normalised = normaliseLogin(login);
  const checks: RateCheck[] = [
    [RATE_RULES.resetAccount, normalised],
    [RATE_RULES.resetAddress, addressSubject(ctx.ip)],
  ];
  await enforce(ctx.db, checks);
  if (await isDemoLogin(ctx.db, normalised)) fail("demo_account_password_reset");
  afterAnswer(ctx.log, "forgot-password", () => mailResetCode(ctx.db, normalised), ctx.whenAnswered);
}

/** One row of one boolean for every login: whether it names the demo account (sandbox people never). */
async function isDemoLogin(db: Db, login: string): Promise<boolean> {
  const [row] = await db.execute<{ demo: boolean }>(sql`select exists(
    select 1 from ${schema.users}
    where ${schema.users.sandboxId} is null and ${schema.users.isDemo}
      and (${schema.users.email} = ${login} or ${schema.users.username} = ${login})) as demo`);
  return row?.demo === true;
}

/** After the answer: a new code for an enabled account with an address, and its mail. */
async function mailResetCode(db: Db, login: string): Promise<void> {
  const user = (await findByLogin(db, login))?.user;
  if (!user?.email || !user.enabled || user.isDemo) return;
  const code = generateNumericCode(8);
  const values = {
    codeHash: hashToken(code),
    attempts: 0,
    expiresAt: new Date(Date.now() + RESET_CODE_TTL_MS),
  };
  await withCredentials(db, { userId: user.id }, async (tx) => {
    await tx
      .insert(schema.passwordResetCodes)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: schema.passwordResetCodes.userId, set: values });
    await enqueueMail(tx, {
      to: user.email ?? "",
      kind: "resetCode",
      language: languageOf(user),
      vars: { code },
    });
  });
}

/**
 * A try at the code is counted and checked in one statement (issue 6.3): parallel guesses get at
 * most MAX_CODE_ATTEMPTS tries between them, and a right code is used once.
 */
export async function resetPassword(
  ctx: Context,
  input: { username: string; code: string; newPassword: string },
) {
  const login = normaliseLogin(input.username);
  const checks: RateCheck[] = [
    [RATE_RULES.resetCodeAccount, login],
    [RATE_RULES.resetCodeAddress, addressSubject(ctx.ip)],
  ];
  await enforce(ctx.db, checks);
  const user = (await findByLogin(ctx.db, login))?.user;
  if (user?.isDemo) fail("demo_account_password_reset");
  if (!user) return fail("invalid_code");
  const codeHash = hashToken(input.code.trim());
  const { attempt, stale } = await withCredentials(ctx.db, { userId: user.id }, async (tx) => {
    const [attempt] = await tx
      .update(schema.passwordResetCodes)
      .set({ attempts: sql`${schema.passwordResetCodes.attempts} + 1` })
      .where(
        and(
          eq(schema.passwordResetCodes.userId, user.id),
          lt(schema.passwordResetCodes.attempts, MAX_CODE_ATTEMPTS),
          gt(schema.passwordResetCodes.expiresAt, sql`now()`),
        ),
      )
      .returning({ codeHash: schema.passwordResetCodes.codeHash });
    if (attempt) return { attempt, stale: undefined };
    const [stale] = await tx
      .select({ expiresAt: schema.passwordResetCodes.expiresAt })
      .from(schema.passwordResetCodes)
      .where(eq(schema.passwordResetCodes.userId, user.id));
    return { attempt, stale };
  });
  if (!attempt) {
    return fail(stale && stale.expiresAt.getTime() <= Date.now() ? "code_expired" : "invalid_code");
  }
  if (attempt.codeHash !== codeHash) return fail("invalid_code");
  const passwordHash = await acceptNewPassword(input.newPassword, personalWords(user));
  await ctx.db.transaction(async (tx) => {
    const [used] = await withCredentials(tx, { userId: user.id }, (own) =>
      own
        .delete(schema.passwordResetCodes)
        .where(
          and(
            eq(schema.passwordResetCodes.userId, user.id),
            eq(schema.passwordResetCodes.codeHash, codeHash),
          ),
        )
        .returning({ userId: schema.passwordResetCodes.userId }),
    );
    if (!used) fail("invalid_code");
    await tx
      .update(schema.users)
      .set({ passwordHash, mustChangePassword: false, emailConfirmedAt: user.emailConfirmedAt ?? new Date() })
      .where(eq(schema.users.id, user.id));
    // The code proved the mailbox: an address confirmed by it drops what came before (issue 6.1).
    if (!user.emailConfirmedAt && user.type === "CLOUD") await confirmAccount(tx, user.id);
    await invalidateUserSessions(tx, user.id);
  });
  forgetUser(user.id);
  await audit(ctx.db, { actorUserId: user.id, action: "auth.password_reset" });
}

export async function changePassword(
  ctx: Context,
  user: UserRow,
  input: { oldPassword: string; newPassword: string },
) {
  if (user.isDemo) fail("demo_account_read_only");
  await enforce(ctx.db, [[RATE_RULES.changePassword, user.id]]);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword)).ok) fail("current_password_wrong");
  const passwordHash = await acceptNewPassword(input.newPassword, personalWords(user));
  await ctx.db
    .update(schema.users)
    .set({ passwordHash, mustChangePassword: false })
    .where(eq(schema.users.id, user.id));
  await invalidateUserSessions(ctx.db, user.id);
  forgetUser(user.id);
  await startSession(ctx, user, "active");
  await audit(ctx.db, { actorUserId: user.id, action: "auth.password_changed" });
}
