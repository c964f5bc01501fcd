import { TENANT_ROLES, ZAddTenantUserInput, ZTenantDetailsInput, ZTenantRole } from "@kunto/core";
import { z } from "zod";
import { ok, ZOk, ZTenant, ZTenantInvitation, ZTenantUser } from "../dto";
import { authedProcedure, router, tenantProcedure, withPermission } from "../trpc";
import { brandingProcedures } from "./branding-router";
import * as invitations from "./invitations";
import { listMembers } from "./members";
import * as tenants from "./tenants";

/**
 * Issue 6.8: the organisation's users with their e-mails and roles are served at two paths
 * (`GET /api/tenant/user` and document 1's `GET /api/user/tenant-users`). Both are built here, so
 * they share one permission check and one service function; only the path differs.
 */
/** A tenant value as document 2 §3 names it: key, value and the organisation it belongs to. */
const ZTenantValue = z.object({
  key: z.string(),
  value: z.string(),
  tenant: z.uuid().meta({ description: "The organisation the value belongs to." }),
});

export const MEMBER_LIST_PERMISSION = "tenant.users.read" as const;
export const memberListProcedure = (path: `/${string}`, summary: string, tags: string[]) =>
  withPermission(MEMBER_LIST_PERMISSION)
    .meta({ openapi: { method: "GET", path, tags, summary } })
    .input(z.object({}).optional())
    .output(z.array(ZTenantUser))
    .query(({ ctx }) => listMembers(ctx.tx, ctx.tenant.id, ctx.user.email, ctx.config));

const ZInvitationId = z.object({ id: z.uuid() });

const ZValue = z.object({
  key: z.string().trim().min(1, "field_required").max(100),
  value: z.string().max(10_000),
});

export const tenantRouter = router({
  current: withPermission("tenant.read")
    .meta({ openapi: { method: "GET", path: "/tenant", tags: ["tenant"], summary: "Current account" } })
    .input(z.object({}).optional())
    .output(ZTenant)
    .query(async ({ ctx }) => tenants.toTenantDto(await tenants.getTenant(ctx.tx, ctx.tenant.id))),
  update: withPermission("tenant.update")
    .meta({
      openapi: { method: "POST", path: "/tenant", tags: ["tenant"], summary: "Update current account" },
    })
    .input(ZTenantDetailsInput.extend({ anonymityThreshold: z.number().int().min(3).max(10).optional() }))
    .output(ZTenant)
    .mutation(async ({ ctx, input }) =>
      tenants.toTenantDto(
        await tenants.updateTenantDetails(ctx.tx, ctx.tenant.id, input, { canChangeDuns: false }),
      ),
    ),
  users: memberListProcedure("/tenant/user", "Users of the account", ["tenant"]),
  addUser: withPermission("tenant.users.manage")
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/user",
        tags: ["tenant"],
        summary: "Invite a user by e-mail",
        description:
          "Sends an invitation to the address; the person becomes a member only by accepting it. The answer is the same whether or not the address has an account: the invitation, never a user.",
      },
    })
    .input(ZAddTenantUserInput)
    .output(ZTenantInvitation)
    .mutation(({ ctx, input }) =>
      invitations.inviteByEmail(ctx.tx, ctx.tenant.id, ctx.user, input, ctx.config),
    ),
  invitations: withPermission("tenant.users.manage")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/invitation",
        tags: ["tenant"],
        summary: "Open and declined invitations",
      },
    })
    .input(z.object({}).optional())
    .output(z.array(ZTenantInvitation))
    .query(({ ctx }) => invitations.listTenantInvitations(ctx.tx, ctx.tenant.id)),
  resendInvitation: withPermission("tenant.users.manage")
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/invitation/{id}/resend",
        tags: ["tenant"],
        summary: "Send an invitation again",
        description: "Mails the invitation again and makes it valid for another 14 days.",
      },
    })
    .input(ZInvitationId)
    .output(ZTenantInvitation)
    .mutation(({ ctx, input }) =>
      invitations.resendInvitation(ctx.tx, ctx.tenant.id, ctx.user, input.id, ctx.config),
    ),
  revokeInvitation: withPermission("tenant.users.manage")
    .meta({
      openapi: {
        method: "DELETE",
        path: "/tenant/invitation/{id}",
        tags: ["tenant"],
        summary: "Withdraw an invitation",
        description: "Withdraws an open invitation, or removes a declined one from the list.",
      },
    })
    .input(ZInvitationId)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await invitations.revokeInvitation(ctx.tx, ctx.tenant.id, ctx.user.id, input.id);
      return ok;
    }),
  removeUser: withPermission("tenant.users.manage")
    .meta({
      openapi: {
        method: "DELETE",
        path: "/tenant/user/{id}",
        tags: ["tenant"],
        summary: "Remove a user from the account",
      },
    })
    .input(z.object({ id: z.uuid() }))
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await tenants.removeMember(ctx.tx, ctx.tenant.id, input.id, ctx.user.id);
      return ok;
    }),
  addRole: tenantProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/user/{userId}/role/{role}",
        tags: ["tenant"],
        summary: "Give an account role",
      },
    })
    .input(z.object({ userId: z.uuid(), role: ZTenantRole }))
    .output(z.object({ roles: z.array(z.string()) }))
    .mutation(async ({ ctx, input }) => ({
      roles: await tenants.changeMemberRole(ctx.tx, ctx.tenant, ctx.user.id, { ...input, action: "add" }),
    })),
  removeRole: tenantProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/tenant/user/{userId}/role/{role}",
        tags: ["tenant"],
        summary: "Take an account role away",
      },
    })
    .input(z.object({ userId: z.uuid(), role: ZTenantRole }))
    .output(z.object({ roles: z.array(z.string()) }))
    .mutation(async ({ ctx, input }) => ({
      roles: await tenants.changeMemberRole(ctx.tx, ctx.tenant, ctx.user.id, { ...input, action: "remove" }),
    })),
  values: withPermission("tenant.values.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/values",
        tags: ["tenant"],
        summary: "Account key/value settings",
      },
    })
    .input(z.object({}).optional())
    .output(z.array(ZTenantValue))
    .query(({ ctx }) => tenants.listTenantValues(ctx.tx, ctx.tenant.id)),
  setValue: withPermission("tenant.values.write")
    .meta({
      openapi: { method: "POST", path: "/tenant/value", tags: ["tenant"], summary: "Save an account value" },
    })
    .input(ZValue)
    .output(ZTenantValue)
    .mutation(({ ctx, input }) => tenants.setTenantValue(ctx.tx, ctx.tenant.id, input.key, input.value)),
  deleteValue: withPermission("tenant.values.write")
    .meta({
      openapi: {
        method: "DELETE",
        path: "/tenant/value",
        tags: ["tenant"],
        summary: "Delete an account value (key as query parameter)",
      },
    })
    .input(z.object({ key: z.string().trim().min(1, "field_required").max(100) }))
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await tenants.deleteTenantValue(ctx.tx, ctx.tenant.id, input.key);
      return ok;
    }),
  roles: authedProcedure
    .meta({
      openapi: { method: "GET", path: "/admin/tenant/roles", tags: ["tenant"], summary: "Account roles" },
    })
    .input(z.object({}).optional())
    .output(z.array(z.string()))
    .query(() => [...TENANT_ROLES]),
  ...brandingProcedures,
});
