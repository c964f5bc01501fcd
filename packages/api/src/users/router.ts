import { EMAIL_SUBSCRIPTION_TYPES, ZCreateTenantInput, ZJson, ZLanguage, ZUserInfoInput } from "@kunto/core";
import { withScope } from "@kunto/db";
import { z } from "zod";
import * as invitations from "../accounts/invitations";
import { memberListProcedure } from "../accounts/router";
import { createTenant } from "../accounts/tenants";
import { ok, ZInvitation, ZMe, ZOk } from "../dto";
import { getAuth } from "../session";
import { authedProcedure, publicProcedure, router, withPermission } from "../trpc";
import * as users from "./users";

const ZSubscription = z.object({ type: z.enum(EMAIL_SUBSCRIPTION_TYPES), data: z.unknown() });

export const userRouter = router({
  me: authedProcedure
    .meta({ openapi: { method: "GET", path: "/user", tags: ["user"], summary: "Current user" } })
    .input(z.object({}).optional())
    .output(ZMe)
    .query(({ ctx }) => users.getMe(ctx.tx, ctx.user)),
  /**
   * The signed-in user, or null: the web client's first question on every page load. Being
   * signed out is an answer, not an error (no 401 in the browser's console).
   */
  session: publicProcedure.output(ZMe.nullable()).query(async ({ ctx }) => {
    const auth = await getAuth(ctx);
    if (auth?.session.state !== "active" || !auth.user.enabled) return null;
    return withScope(ctx.db, { userId: auth.user.id, tenantId: null }, (tx) => users.getMe(tx, auth.user));
  }),
  update: authedProcedure
    .meta({ openapi: { method: "POST", path: "/user", tags: ["user"], summary: "Update own info" } })
    .input(ZUserInfoInput)
    .output(ZMe)
    .mutation(async ({ ctx, input }) =>
      users.getMe(ctx.tx, await users.updateUserInfo(ctx.tx, ctx.user, input)),
    ),
  uploadImage: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/user/image",
        tags: ["user"],
        summary: "Set profile picture",
        description: "Body: { data: base64 of a PNG, JPEG or WebP image up to 2 MB }",
      },
    })
    .input(z.object({ data: z.string().min(1).max(3_000_000), fileName: z.string().max(255).optional() }))
    .output(z.object({ imageKey: z.string() }))
    .mutation(async ({ ctx, input }) => ({
      imageKey: await users.setUserImage(ctx.tx, ctx.user, input.data, input.fileName),
    })),
  setLanguage: authedProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/user/set-language/{language}",
        tags: ["user"],
        summary: "Set interface language",
      },
    })
    .input(z.object({ language: ZLanguage }))
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await users.setLanguage(ctx.tx, ctx.user, input.language);
      return ok;
    }),
  createTenant: authedProcedure
    .meta({ openapi: { method: "POST", path: "/user/tenant", tags: ["user"], summary: "Create an account" } })
    .input(ZCreateTenantInput)
    .output(z.object({ id: z.string() }))
    .mutation(async ({ ctx, input }) => {
      // A demo visitor's new organisation belongs to their sandbox and goes with it.
      const sandbox = ctx.user.sandboxId ? { sandboxId: ctx.user.sandboxId, isDemo: true } : {};
      return { id: (await createTenant(ctx.tx, input, ctx.user.id, sandbox)).id };
    }),
  // Issue 6.8: the same rule and answer as GET /api/tenant/user (tenant.users.read).
  tenantUsers: memberListProcedure("/user/tenant-users", "Users of the current account", ["user"]),
  invitations: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/user/invitation",
        tags: ["user"],
        summary: "My open invitations",
        description: "Invitations to organisations addressed to the signed-in person's confirmed e-mail.",
      },
    })
    .input(z.object({}).optional())
    .output(z.array(ZInvitation))
    // The demo user is shared by every visitor: an invitation to it would be shown to all of them.
    .query(({ ctx }) =>
      ctx.user.isDemo ? [] : invitations.listOwnInvitations(ctx.tx, ctx.sessionToken ?? ""),
    ),
  acceptInvitation: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/user/invitation/{id}/accept",
        tags: ["user"],
        summary: "Accept an invitation",
        description: "Joins the organisation with the invited roles; answers its id.",
      },
    })
    .input(z.object({ id: z.uuid() }))
    .output(z.object({ tenantId: z.uuid() }))
    .mutation(({ ctx, input }) => {
      users.assertNotDemo(ctx.user);
      return invitations.answerInvitation(ctx.tx, ctx.sessionToken ?? "", input.id, true);
    }),
  declineInvitation: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/user/invitation/{id}/decline",
        tags: ["user"],
        summary: "Decline an invitation",
      },
    })
    .input(z.object({ id: z.uuid() }))
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      users.assertNotDemo(ctx.user);
      await invitations.answerInvitation(ctx.tx, ctx.sessionToken ?? "", input.id, false);
      return ok;
    }),
  getShadow: authedProcedure
    .meta({ openapi: { method: "GET", path: "/shadow", tags: ["user"], summary: "Saved client state" } })
    .input(z.object({}).optional())
    .output(z.object({ state: z.unknown() }))
    .query(async ({ ctx }) => ({ state: await users.getShadow(ctx.tx, ctx.user) })),
  setShadow: authedProcedure
    .meta({ openapi: { method: "POST", path: "/shadow", tags: ["user"], summary: "Save client state" } })
    .input(z.object({ state: ZJson }))
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await users.setShadow(ctx.tx, ctx.user, input.state ?? null);
      return ok;
    }),
  emailSubscriptions: withPermission("tenant.subscriptions.manage")
    .meta({
      openapi: {
        method: "GET",
        path: "/emailsubscription",
        tags: ["user"],
        summary: "Own e-mail subscriptions",
      },
    })
    .input(z.object({}).optional())
    .output(z.array(ZSubscription))
    .query(({ ctx }) => users.getEmailSubscriptions(ctx.tx, ctx.tenant.id, ctx.user.id)),
  saveEmailSubscriptions: withPermission("tenant.subscriptions.manage")
    .meta({
      openapi: {
        method: "POST",
        path: "/emailsubscription",
        tags: ["user"],
        summary: "Save e-mail subscriptions",
      },
    })
    .input(
      z.object({
        items: z
          .array(
            z.object({
              type: z.enum(EMAIL_SUBSCRIPTION_TYPES),
              data: ZJson.optional(),
              remove: z.boolean().optional(),
            }),
          )
          .max(10),
      }),
    )
    .output(z.array(ZSubscription))
    .mutation(({ ctx, input }) =>
      users.saveEmailSubscriptions(ctx.tx, ctx.tenant.id, ctx.user.id, input.items),
    ),
});
