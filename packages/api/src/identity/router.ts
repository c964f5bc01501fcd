import { ZChangePasswordInput, ZEmail, ZPassword, ZSignInInput, ZSignUpInput } from "@kunto/core";
import { z } from "zod";
import { ok, ZOk } from "../dto";
import { authedProcedure, publicProcedure, router } from "../trpc";
import * as identity from "./identity";
import * as totp from "./totp";

const ZToken = z.string().min(1).max(100);
const ZSignInResult = z.object({ status: z.enum(["SIGNED_IN", "MFA_REQUIRED", "NEW_PASSWORD_REQUIRED"]) });

/** The product's own identity (DECISIONS.md "Identity"): sessions in PostgreSQL, argon2id. */
export const authRouter = router({
  signIn: publicProcedure
    .input(ZSignInInput)
    .output(ZSignInResult)
    .mutation(async ({ ctx, input }) => ({ status: await identity.signIn(ctx, input) })),
  verifyTotp: publicProcedure
    .input(z.object({ code: z.string().trim().max(10) }))
    .output(ZSignInResult)
    .mutation(async ({ ctx, input }) => ({
      status: await identity.verifyTotpChallenge(ctx, input.code),
    })),
  completeNewPassword: publicProcedure
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
    .input(z.object({ username: z.string().trim().min(1, "field_required").max(254) }))
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await identity.forgotPassword(ctx, input.username);
      return ok;
    }),
  resetPassword: publicProcedure
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
    .meta({ openapi: { method: "POST", path: "/public/logout", tags: ["auth"], summary: "Sign out" } })
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
