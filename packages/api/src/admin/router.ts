import {
  SYSTEM_ROLES,
  ZAdminCreateUserInput,
  ZNewTenantDetailsInput,
  ZPlan,
  ZSystemRole,
  ZTenantDetailsInput,
  ZUserInfoInput,
} from "@kunto/core";
import { z } from "zod";
import { listMembers } from "../accounts/members";
import * as tenants from "../accounts/tenants";
import { adminAuditRouter } from "../audit-log/router";
import { ok, ZOk, ZTenant, ZTenantUser, ZUser } from "../dto";
import { adminProcedure, authedProcedure, router } from "../trpc";
import * as admin from "./admin";

const ZId = z.object({ id: z.uuid() });

/** Platform administration: every call runs on the audited cross-tenant path. */
export const adminRouter = router({
  users: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/user", tags: ["admin"], summary: "All users" } })
    .input(z.object({ user_type: z.enum(["local", "cloud"]).optional() }).optional())
    .output(z.array(ZUser))
    .query(({ ctx, input }) => admin.listUsers(ctx.tx, input?.user_type)),
  listCloudUsers: adminProcedure
    .meta({
      openapi: { method: "GET", path: "/user/list-cloud", tags: ["admin"], summary: "All e-mail users" },
    })
    .input(z.object({}).optional())
    .output(z.array(ZUser))
    .query(({ ctx }) => admin.listUsers(ctx.tx, "cloud")),
  createUser: adminProcedure
    .meta({ openapi: { method: "POST", path: "/admin/user", tags: ["admin"], summary: "Create a user" } })
    .input(ZAdminCreateUserInput)
    .output(ZUser)
    .mutation(async ({ ctx, input }) => admin.userDto(ctx.tx, (await admin.createUser(ctx.tx, input)).id)),
  updateUser: adminProcedure
    .meta({
      openapi: { method: "POST", path: "/admin/user/{id}", tags: ["admin"], summary: "Update a user" },
    })
    .input(ZUserInfoInput.extend({ id: z.uuid() }))
    .output(ZUser)
    .mutation(async ({ ctx, input: { id, ...info } }) =>
      admin.userDto(ctx.tx, (await admin.updateUser(ctx.tx, id, info)).id),
    ),
  enableUser: adminProcedure
    .meta({
      openapi: { method: "POST", path: "/admin/user/{id}/enable", tags: ["admin"], summary: "Enable a user" },
    })
    .input(ZId)
    .output(z.object({ result: z.boolean() }))
    .mutation(async ({ ctx, input }) => ({
      result: (await admin.setUserEnabled(ctx.tx, ctx.user, input.id, true)).enabled,
    })),
  disableUser: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/user/{id}/disable",
        tags: ["admin"],
        summary: "Disable a user",
      },
    })
    .input(ZId)
    .output(z.object({ result: z.boolean() }))
    .mutation(async ({ ctx, input }) => ({
      result: !(await admin.setUserEnabled(ctx.tx, ctx.user, input.id, false)).enabled,
    })),
  addUserRole: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/user/{id}/role/{role}",
        tags: ["admin"],
        summary: "Give a system role",
      },
    })
    .input(z.object({ id: z.uuid(), role: ZSystemRole }))
    .output(ZUser)
    .mutation(async ({ ctx, input }) =>
      admin.userDto(ctx.tx, (await admin.setSystemRole(ctx.tx, ctx.user, input.id, input.role, "add")).id),
    ),
  removeUserRole: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/admin/user/{id}/role/{role}",
        tags: ["admin"],
        summary: "Take a system role away",
      },
    })
    .input(z.object({ id: z.uuid(), role: ZSystemRole }))
    .output(ZUser)
    .mutation(async ({ ctx, input }) =>
      admin.userDto(ctx.tx, (await admin.setSystemRole(ctx.tx, ctx.user, input.id, input.role, "remove")).id),
    ),
  tenants: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/tenant", tags: ["admin"], summary: "All accounts" } })
    .input(z.object({}).optional())
    .output(z.array(ZTenant))
    .query(async ({ ctx }) => (await admin.listTenants(ctx.tx)).map(tenants.toTenantDto)),
  createTenant: adminProcedure
    .meta({
      openapi: { method: "POST", path: "/admin/tenant", tags: ["admin"], summary: "Create an account" },
    })
    // A new organisation starts with a name and a country (issue 19.12); the address comes later.
    .input(ZNewTenantDetailsInput.extend({ plan: ZPlan.optional() }))
    .output(ZTenant)
    .mutation(async ({ ctx, input: { plan, ...details } }) =>
      tenants.toTenantDto(await tenants.createTenant(ctx.tx, details, null, plan ? { plan } : {})),
    ),
  updateTenant: adminProcedure
    .meta({
      openapi: { method: "POST", path: "/admin/tenant/{id}", tags: ["admin"], summary: "Update an account" },
    })
    .input(ZTenantDetailsInput.extend({ id: z.uuid() }))
    .output(ZTenant)
    .mutation(async ({ ctx, input: { id, ...details } }) =>
      tenants.toTenantDto(await tenants.updateTenantDetails(ctx.tx, id, details, { canChangeDuns: true })),
    ),
  setTenantPlan: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/tenant/{id}/plan",
        tags: ["admin"],
        summary: "Set plan or active state",
      },
    })
    .input(z.object({ id: z.uuid(), status: z.enum(["FREE", "PRO", "TOTAL", "ACTIVE", "INACTIVE"]) }))
    .output(ZTenant)
    .mutation(async ({ ctx, input }) =>
      tenants.toTenantDto(await admin.setTenantPlan(ctx.tx, ctx.user, input.id, input.status)),
    ),
  deleteTenant: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/admin/tenant/{id}",
        tags: ["admin"],
        summary: "Delete an account",
      },
    })
    .input(ZId)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await admin.deleteTenant(ctx.tx, input.id);
      return ok;
    }),
  tenantUsers: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/tenant/{id}/user",
        tags: ["admin"],
        summary: "Users of an account",
      },
    })
    .input(ZId)
    .output(z.array(ZTenantUser))
    .query(async ({ ctx, input }) => {
      await tenants.getTenant(ctx.tx, input.id);
      return listMembers(ctx.tx, input.id, ctx.user.email, ctx.config);
    }),
  addTenantUser: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/tenant/{id}/user",
        tags: ["admin"],
        summary: "Add a user to an account",
      },
    })
    .input(z.object({ id: z.uuid(), userId: z.uuid() }))
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await tenants.getTenant(ctx.tx, input.id);
      await admin.addUserToTenant(ctx.tx, input.id, input.userId);
      return ok;
    }),
  removeTenantUser: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/admin/tenant/{id}/user/{userId}",
        tags: ["admin"],
        summary: "Remove a user from an account",
      },
    })
    .input(z.object({ id: z.uuid(), userId: z.uuid() }))
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await tenants.removeMember(ctx.tx, input.id, input.userId);
      return ok;
    }),
  // Issue 20.5: every organisation's audit log (admin.audit.list, .filters, .export).
  audit: adminAuditRouter,
  systemRoles: authedProcedure
    .meta({ openapi: { method: "GET", path: "/system/roles", tags: ["admin"], summary: "System roles" } })
    .input(z.object({}).optional())
    .output(z.array(z.string()))
    .query(() => [...SYSTEM_ROLES]),
});
