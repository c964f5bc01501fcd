import { ZChangePasswordInput, ZEmail, ZPassword, ZSignInInput, ZSignUpInput } from "@kunto/core";
import { z } from "zod";
import { ok, ZOk } from "../dto";
import { authedProcedure, publicProcedure, router } from "../trpc";
import * as identity from "./identity";
import * as totp from "./totp";

const ZToken = z.string().min(1).max(100);
const ZSignInResult = z.object({ status: z.enum(["SIGNED_IN", "MFA_REQUIRED", "NEW_PASSWORD_REQUIRED"]) });
/** REST paths of the sign-in steps for cookie clients (issue 20.3); every other client goes on with the cookie. */
const rest = (path: `/${string}`, summary: string, description: string) => ({
  openapi: { method: "POST" as const, path, summary, description },
});
const LIMITED =
  "Counted before any password work: too many attempts answer 429 `too_many_requests` with `Retry-After`.";

/** The product's own identity (DECISIONS.md "Identity"): sessions in PostgreSQL, argon2id. */
export const authRouter = router({
  signIn: publicProcedure
    .meta(
      rest(
        "/public/signin",
        "Sign in with a password",
        `Username or e-mail and password. \`SIGNED_IN\`: the answer's cookie is a session. \`MFA_REQUIRED\` or \`NEW_PASSWORD_REQUIRED\`: the cookie is a pending sign-in for \`/public/signin/totp\` or \`/public/signin/new-password\`. Wrong credentials (and an unknown person alike) answer 401 \`invalid_credentials\`; a disabled account 403 \`user_disabled\`, an unconfirmed address 403 \`user_not_confirmed\`. ${LIMITED}`,
      ),
    )
    .input(ZSignInInput)
    .output(ZSignInResult)
    .mutation(async ({ ctx, input }) => ({ status: await identity.signIn(ctx, input) })),
  verifyTotp: publicProcedure
    .meta(
      rest(
        "/public/signin/totp",
        "Second step: the authenticator code",
        `Send the cookie of a sign-in that answered \`MFA_REQUIRED\`. A right code replaces that pending session by a new one (new cookie): \`SIGNED_IN\`, or \`NEW_PASSWORD_REQUIRED\` when a new password is still due. A wrong or used code answers 400 \`invalid_code\`; no pending sign-in 401 \`not_signed_in\`. ${LIMITED}`,
      ),
    )
    .input(z.object({ code: z.string().trim().max(10) }))
    .output(ZSignInResult)
    .mutation(async ({ ctx, input }) => ({
      status: await identity.verifyTotpChallenge(ctx, input.code),
    })),
  completeNewPassword: publicProcedure
    .meta(
      rest(
        "/public/signin/new-password",
        "Last step: the new password an administrator asked for",
        "Send the cookie of a sign-in that answered `NEW_PASSWORD_REQUIRED`. The pending session becomes the signed-in one (same cookie) and every other session of the person ends. A password the rules refuse answers 400 with its key (`password_too_short`, `password_too_weak`, …); no pending sign-in 401 `not_signed_in`.",
      ),
    )
    .input(z.object({ newPassword: ZPassword }))
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await identity.completeNewPassword(ctx, input.newPassword);
      return ok;
    }),
  signUp: publicProcedure
    .input(ZSignUpInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await identity.signUp(ctx, input);
      return ok;
    }),
  resendConfirmation: publicProcedure
    .meta(
      rest(
        "/public/confirmation/resend",
        "Send the confirmation link again",
        `A new confirmation link for an unconfirmed address, mailed after the answer; the answer is the same whether the address has an account or not. ${LIMITED}`,
      ),
    )
    .input(z.object({ email: ZEmail }))
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await identity.resendConfirmation(ctx, input.email);
      return ok;
    }),
  /** What the confirmation page shows for a link: its address and whether a password was chosen. */
  confirmationStatus: publicProcedure
    .input(z.object({ token: ZToken }))
    .output(z.object({ valid: z.boolean(), email: z.string().nullable(), passwordChosen: z.boolean() }))
    .query(({ ctx, input }) => identity.confirmationStatus(ctx, input.token)),
  /**
   * Confirms with the password the sign-up chose (`password`) or a new one (`newPassword`): an
   * address is never activated with a password its owner did not choose (issue 6.1).
   */
  confirmEmail: publicProcedure
    .input(
      z.union([
        z.object({ token: ZToken, password: ZPassword }),
        z.object({ token: ZToken, newPassword: ZPassword }),
      ]),
    )
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await identity.confirmEmail(ctx, input);
      return ok;
    }),
  forgotPassword: publicProcedure
    .meta(
      rest(
        "/public/password/forgot",
        "Mail a password reset code",
        `Mails a code to the account's address after the answer; the answer is the same (and as fast) whether the account exists or not. The demo account answers 403 \`demo_account_password_reset\`. ${LIMITED}`,
      ),
    )
    .input(z.object({ username: z.string().trim().min(1, "field_required").max(254) }))
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await identity.forgotPassword(ctx, input.username);
      return ok;
    }),
  resetPassword: publicProcedure
    .meta(
      rest(
        "/public/password/reset",
        "Set a new password with the mailed code",
        `The code ends every session of the person; sign in again with the new password. A wrong code answers 400 \`invalid_code\` (a few tries per code), an old one 400 \`code_expired\`; a password the rules refuse 400 with its key. ${LIMITED}`,
      ),
    )
    .input(
      z.object({
        username: z.string().trim().min(1, "field_required").max(254),
        code: z.string().trim().min(1, "field_required").max(20),
        newPassword: ZPassword,
      }),
    )
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await identity.resetPassword(ctx, input);
      return ok;
    }),
  signOut: publicProcedure
    .meta(
      rest(
        "/public/logout",
        "Sign out",
        "Ends the session the cookie names (if any) and clears the cookie. Answers `ok` with or without a session.",
      ),
    )
    .input(z.object({}).optional())
    .output(ZOk)
    .mutation(async ({ ctx }) => {
      await identity.signOut(ctx);
      return ok;
    }),
  signOutEverywhere: authedProcedure
    .input(z.object({}).optional())
    .output(ZOk)
    .mutation(async ({ ctx }) => {
      await identity.signOutEverywhere(ctx, ctx.user);
      return ok;
    }),
  changePassword: authedProcedure
    .input(ZChangePasswordInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await identity.changePassword(ctx, ctx.user, input);
      return ok;
    }),
  totpSetup: authedProcedure
    .input(z.object({}).optional())
    .output(z.object({ uri: z.string(), secret: z.string() }))
    .mutation(({ ctx }) => totp.beginSetup(ctx.tx, ctx.config.secretsKey, ctx.user)),
  totpEnable: authedProcedure
    .input(z.object({ code: z.string().trim().max(10) }))
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await totp.enable(ctx.db, ctx.tx, ctx.config.secretsKey, ctx.user, input.code);
      return ok;
    }),
  totpDisable: authedProcedure
    .input(z.object({ code: z.string().trim().max(10) }))
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await totp.disable(ctx.db, ctx.tx, ctx.config.secretsKey, ctx.user, input.code);
      return ok;
    }),
});
