import {
  createSession,
  generateNumericCode,
  generateToken,
  hashToken,
  hit,
  invalidateSession,
  invalidateUserSessions,
  matchTotp,
  promoteSession,
  RATE_RULES,
  resetLimit,
  verifyPassword,
} from "@kunto/auth";
import { isLanguage, type Language } from "@kunto/core";
import { schema } from "@kunto/db";
import { enqueueMail } from "@kunto/mail";
import { and, eq, isNull, or } from "drizzle-orm";
import type { Context, UserRow } from "../context";
import { fail } from "../errors";
import { getAuth } from "../session";
import { audit } from "./audit";
import { acceptNewPassword } from "./passwords";

export type SignInStatus = "SIGNED_IN" | "MFA_REQUIRED" | "NEW_PASSWORD_REQUIRED";
const RESET_CODE_TTL_MS = 15 * 60 * 1000;
const CONFIRM_TTL_MS = 48 * 60 * 60 * 1000;
const MAX_CODE_ATTEMPTS = 5;

const languageOf = (user: UserRow): Language => (isLanguage(user.language) ? user.language : "en");
/** What a password must not be guessable from. */
const personalWords = (user: UserRow) => [user.email, user.username, user.firstName, user.lastName];

/** Demo sandbox people never sign in (and may share a real person's address): never found here. */
async function findByLogin(ctx: Context, login: string) {
  const [user] = await ctx.db
    .select()
    .from(schema.users)
    .where(
      and(
        isNull(schema.users.sandboxId),
        or(eq(schema.users.email, login), eq(schema.users.username, login)),
      ),
    )
    .limit(1);
  return user ?? null;
}

async function startSession(
  ctx: Context,
  user: UserRow,
  state: "active" | "mfa_pending" | "new_password_required",
) {
  const { token, expiresAt } = await createSession(ctx.db, user.id, state);
  ctx.cookies.setSession(token, expiresAt);
}

/**
 * Rate limits run before any hashing; unknown users are verified against a dummy hash so both
 * failures take the same time and answer the same key.
 */
export async function signIn(
  ctx: Context,
  input: { username: string; password: string },
): Promise<SignInStatus> {
  const login = input.username.trim().toLowerCase();
  const withinAccount = await hit(ctx.db, RATE_RULES.signInAccount, login);
  const withinAddress = await hit(ctx.db, RATE_RULES.signInAddress, ctx.ip);
  if (!withinAccount || !withinAddress) fail("too_many_requests");
  const user = await findByLogin(ctx, login);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) {
    await audit(ctx.db, { actorUserId: user?.id ?? null, action: "auth.sign_in_failed", details: { login } });
    return fail("invalid_credentials");
  }
  if (!user.enabled) fail("user_disabled");
  if (user.type === "CLOUD" && !user.emailConfirmedAt) fail("user_not_confirmed");
  await resetLimit(ctx.db, RATE_RULES.signInAccount, login);
  const [totp] = await ctx.db
    .select()
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
  await ctx.db.update(schema.users).set({ lastSignInAt: new Date() }).where(eq(schema.users.id, user.id));
  await audit(ctx.db, { actorUserId: user.id, action: "auth.sign_in" });
  return "SIGNED_IN";
}

export async function verifyTotpChallenge(ctx: Context, code: string) {
  const session = (await getAuth(ctx))?.session;
  if (session?.state !== "mfa_pending") return fail("not_signed_in");
  if (!(await hit(ctx.db, RATE_RULES.totpAccount, session.userId))) fail("too_many_requests");
  const [totp] = await ctx.db
    .select()
    .from(schema.totpCredentials)
    .where(eq(schema.totpCredentials.userId, session.userId));
  const step = totp?.enabledAt ? matchTotp(totp.secret, code, totp.lastUsedStep) : null;
  if (step === null) return fail("invalid_code");
  await ctx.db
    .update(schema.totpCredentials)
    .set({ lastUsedStep: step })
    .where(eq(schema.totpCredentials.userId, session.userId));
  const [user] = await ctx.db.select().from(schema.users).where(eq(schema.users.id, session.userId));
  if (!user) return fail("not_signed_in");
  if (user.mustChangePassword) {
    await ctx.db
      .update(schema.sessions)
      .set({ state: "new_password_required" })
      .where(eq(schema.sessions.id, session.id));
    return "NEW_PASSWORD_REQUIRED" as const;
  }
  await promoteSession(ctx.db, session.id);
  await audit(ctx.db, { actorUserId: user.id, action: "auth.sign_in", details: { mfa: true } });
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
    .set({ passwordHash, mustChangePassword: false, lastSignInAt: new Date() })
    .where(eq(schema.users.id, user.id));
  await invalidateUserSessions(ctx.db, user.id, session.id);
  await promoteSession(ctx.db, session.id);
  await audit(ctx.db, { actorUserId: user.id, action: "auth.password_set" });
}

export async function signOut(ctx: Context) {
  const session = (await getAuth(ctx))?.session;
  if (session) await invalidateSession(ctx.db, session.id);
  ctx.cookies.clearSession();
}

export async function signOutEverywhere(ctx: Context, user: UserRow) {
  // Every visitor of the demo shares its user: one must not sign out the others.
  if (user.isDemo) fail("demo_account_read_only");
  await invalidateUserSessions(ctx.db, user.id);
  ctx.cookies.clearSession();
  await audit(ctx.db, { actorUserId: user.id, action: "auth.sign_out_everywhere" });
}

async function sendConfirmation(ctx: Context, user: UserRow) {
  if (!user.email) return;
  const token = generateToken();
  await ctx.db
    .delete(schema.emailConfirmationTokens)
    .where(eq(schema.emailConfirmationTokens.userId, user.id));
  await ctx.db
    .insert(schema.emailConfirmationTokens)
    .values({ id: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + CONFIRM_TTL_MS) });
  const link = `${ctx.config.appUrl}/confirm-email?token=${token}`;
  await enqueueMail(ctx.db, {
    to: user.email,
    kind: "confirmEmail",
    language: languageOf(user),
    vars: { link },
  });
}

/** Answers the same whether or not the address is taken (no account enumeration). */
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
  if (!(await hit(ctx.db, RATE_RULES.signUpAddress, ctx.ip))) fail("too_many_requests");
  const passwordHash = await acceptNewPassword(input.password, [
    input.email,
    input.firstName,
    input.lastName,
  ]);
  const existing = await findByLogin(ctx, input.email);
  if (existing) {
    if (!existing.emailConfirmedAt) await sendConfirmation(ctx, existing);
    return;
  }
  const [user] = await ctx.db
    .insert(schema.users)
    .values({
      type: "CLOUD",
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      language: input.language,
      passwordHash,
    })
    .onConflictDoNothing()
    .returning();
  if (user) await sendConfirmation(ctx, user);
}

export async function resendConfirmation(ctx: Context, email: string) {
  if (!(await hit(ctx.db, RATE_RULES.resetAddress, ctx.ip))) fail("too_many_requests");
  const user = await findByLogin(ctx, email.trim().toLowerCase());
  if (user && !user.emailConfirmedAt && user.type === "CLOUD") await sendConfirmation(ctx, user);
}

export async function confirmEmail(ctx: Context, token: string) {
  const id = hashToken(token);
  const [row] = await ctx.db
    .select()
    .from(schema.emailConfirmationTokens)
    .where(eq(schema.emailConfirmationTokens.id, id));
  if (!row || row.expiresAt.getTime() < Date.now()) return fail("invalid_token");
  await ctx.db
    .update(schema.users)
    .set({ emailConfirmedAt: new Date() })
    .where(eq(schema.users.id, row.userId));
  await ctx.db
    .delete(schema.emailConfirmationTokens)
    .where(eq(schema.emailConfirmationTokens.userId, row.userId));
}

/** Advances to the code step whether or not the account exists; the demo account is refused. */
export async function forgotPassword(ctx: Context, login: string) {
  const normalised = login.trim().toLowerCase();
  const withinAccount = await hit(ctx.db, RATE_RULES.resetAccount, normalised);
  const withinAddress = await hit(ctx.db, RATE_RULES.resetAddress, ctx.ip);
  if (!withinAccount || !withinAddress) fail("too_many_requests");
  const user = await findByLogin(ctx, normalised);
  if (user?.isDemo) fail("demo_account_password_reset");
  if (!user?.email || !user.enabled) return;
  const code = generateNumericCode(8);
  await ctx.db
    .insert(schema.passwordResetCodes)
    .values({
      userId: user.id,
      codeHash: hashToken(code),
      attempts: 0,
      expiresAt: new Date(Date.now() + RESET_CODE_TTL_MS),
    })
    .onConflictDoUpdate({
      target: schema.passwordResetCodes.userId,
      set: { codeHash: hashToken(code), attempts: 0, expiresAt: new Date(Date.now() + RESET_CODE_TTL_MS) },
    });
  await enqueueMail(ctx.db, {
    to: user.email,
    kind: "resetCode",
    language: languageOf(user),
    vars: { code },
  });
}

export async function resetPassword(
  ctx: Context,
  input: { username: string; code: string; newPassword: string },
) {
  const user = await findByLogin(ctx, input.username.trim().toLowerCase());
  if (user?.isDemo) fail("demo_account_password_reset");
  const [row] = user
    ? await ctx.db
        .select()
        .from(schema.passwordResetCodes)
        .where(eq(schema.passwordResetCodes.userId, user.id))
    : [];
  if (!user || !row || row.attempts >= MAX_CODE_ATTEMPTS) return fail("invalid_code");
  if (row.expiresAt.getTime() < Date.now()) fail("code_expired");
  if (row.codeHash !== hashToken(input.code.trim())) {
    await ctx.db
      .update(schema.passwordResetCodes)
      .set({ attempts: row.attempts + 1 })
      .where(eq(schema.passwordResetCodes.userId, user.id));
    fail("invalid_code");
  }
  const passwordHash = await acceptNewPassword(input.newPassword, personalWords(user));
  await ctx.db
    .update(schema.users)
    .set({ passwordHash, mustChangePassword: false, emailConfirmedAt: user.emailConfirmedAt ?? new Date() })
    .where(eq(schema.users.id, user.id));
  await ctx.db.delete(schema.passwordResetCodes).where(eq(schema.passwordResetCodes.userId, user.id));
  await invalidateUserSessions(ctx.db, user.id);
  await audit(ctx.db, { actorUserId: user.id, action: "auth.password_reset" });
}

export async function changePassword(
  ctx: Context,
  user: UserRow,
  input: { oldPassword: string; newPassword: string },
) {
  if (user.isDemo) fail("demo_account_read_only");
  if (!(await hit(ctx.db, RATE_RULES.signInAccount, `change:${user.id}`))) fail("too_many_requests");
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) fail("current_password_wrong");
  const passwordHash = await acceptNewPassword(input.newPassword, personalWords(user));
  await ctx.db
    .update(schema.users)
    .set({ passwordHash, mustChangePassword: false })
    .where(eq(schema.users.id, user.id));
  await invalidateUserSessions(ctx.db, user.id);
  await startSession(ctx, user, "active");
  await audit(ctx.db, { actorUserId: user.id, action: "auth.password_changed" });
}
