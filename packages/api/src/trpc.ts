import {
  AppError,
  type Permission,
  type Plan,
  type PlanFeature,
  permissionsOf,
  planAllows,
} from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { initTRPC, TRPCError } from "@trpc/server";
import { and, eq, sql } from "drizzle-orm";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { Context, UserRow } from "./context";
import { errorKeyOf, fieldErrorsOf, toTRPCError } from "./errors";

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    isDev: false,
    // One error shape for tRPC and REST: error_key (translated by the client), never a stack.
    errorFormatter({ shape, error }) {
      const errorKey = errorKeyOf(error);
      const fields = fieldErrorsOf(error);
      return {
        message: errorKey,
        code: shape.code,
        error_key: errorKey,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          error_key: errorKey,
          fields,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Turns service errors (AppError) into tRPC errors with the right code; logs the unexpected. */
const errorBoundary = t.middleware(async ({ ctx, next, path }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError) throw toTRPCError(cause);
    if (result.error.code === "INTERNAL_SERVER_ERROR")
      ctx.log.error({ err: cause ?? result.error, path }, "procedure failed");
  }
  return result;
});

export const publicProcedure = t.procedure.use(errorBoundary);

/** Signals a rollback of the request transaction without losing the procedure's result. */
class Rollback extends Error {}

/**
 * Runs the rest of the call in one transaction whose row-level-security settings name the
 * user and tenant. A failed call rolls back everything it wrote.
 */
async function inTransaction<R extends { ok: boolean }>(
  ctx: Context,
  settings: { userId: string; tenantId: string; platformAdmin: boolean },
  body: (tx: Tx) => Promise<R>,
): Promise<R> {
  let result: R | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('app.user_id', ${settings.userId}, true), set_config('app.tenant_id', ${settings.tenantId}, true), set_config('app.platform_admin', ${settings.platformAdmin ? "on" : ""}, true)`,
      );
      result = await body(tx);
      if (!result.ok) throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  if (!result) throw new TRPCError({ code: "INTERNAL_SERVER_ERROR" });
  return result;
}

const requireUser = t.middleware(({ ctx, next }) => {
  if (!ctx.user || !ctx.session || ctx.session.state !== "active" || !ctx.user.enabled) {
    throw toTRPCError(new AppError("not_signed_in"));
  }
  return next({ ctx: { user: ctx.user as UserRow, session: ctx.session } });
});

/** Signed in; the transaction knows the user but no tenant. */
export const authedProcedure = publicProcedure
  .use(requireUser)
  .use(({ ctx, next }) =>
    inTransaction(ctx, { userId: ctx.user.id, tenantId: "", platformAdmin: false }, (tx) =>
      next({ ctx: { tx } }),
    ),
  );

export interface TenantContext {
  id: string;
  plan: Plan;
  roles: string[];
  permissions: Set<Permission>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Signed in and a member of the account named by X-tenant-id. The tenant is resolved once,
 * here, and is non-null for everything after.
 */
export const tenantProcedure = publicProcedure.use(requireUser).use(({ ctx, next }) => {
  const tenantId = ctx.tenantHeader?.trim() ?? "";
  if (!UUID.test(tenantId)) throw toTRPCError(new AppError("access_denied"));
  return inTransaction(ctx, { userId: ctx.user.id, tenantId, platformAdmin: false }, async (tx) => {
    const [row] = await tx
      .select({ roles: schema.memberships.roles, plan: schema.tenants.plan, active: schema.tenants.active })
      .from(schema.memberships)
      .innerJoin(schema.tenants, eq(schema.tenants.id, schema.memberships.tenantId))
      .where(and(eq(schema.memberships.tenantId, tenantId), eq(schema.memberships.userId, ctx.user.id)))
      .limit(1);
    if (!row?.active) throw toTRPCError(new AppError("access_denied"));
    const tenant: TenantContext = {
      id: tenantId,
      plan: row.plan,
      roles: row.roles,
      permissions: permissionsOf(row.roles),
    };
    return next({ ctx: { tx, tenant } });
  });
});

export const withPermission = (permission: Permission) =>
  tenantProcedure.use(({ ctx, next }) => {
    if (!ctx.tenant.permissions.has(permission)) throw toTRPCError(new AppError("access_denied"));
    return next();
  });

export const withPlan = (permission: Permission, feature: PlanFeature) =>
  withPermission(permission).use(({ ctx, next }) => {
    if (!planAllows(ctx.tenant.plan, feature)) throw toTRPCError(new AppError("plan_required", { feature }));
    return next();
  });

/**
 * Platform administrators, across tenants: the explicit, audited path. Every mutation leaves a
 * row in audit_log with the procedure's path and input.
 */
export const adminProcedure = publicProcedure
  .use(requireUser)
  .use(async ({ ctx, next, path, type, getRawInput }) => {
    if (!ctx.user.systemRoles.includes("admin")) throw toTRPCError(new AppError("access_denied"));
    return inTransaction(ctx, { userId: ctx.user.id, tenantId: "", platformAdmin: true }, async (tx) => {
      const result = await next({ ctx: { tx } });
      if (result.ok && type === "mutation") {
        const input = await getRawInput().catch(() => null);
        await tx.insert(schema.auditLog).values({
          actorUserId: ctx.user.id,
          action: `admin.${path}`,
          details: redact(input),
        });
      }
      return result;
    });
  });

/** Never write secrets into the audit trail. */
function redact(input: unknown): Record<string, unknown> | null {
  if (!input || typeof input !== "object") return null;
  const copy: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const key of Object.keys(copy)) if (/password|secret|token|code/i.test(key)) copy[key] = "[redacted]";
  return copy;
}
