import { hashToken, sessionQuery, settleSession, withActingSession } from "@kunto/auth";
import {
  AppError,
  findUnsafeValue,
  type Permission,
  type Plan,
  type PlanFeature,
  permissionsOf,
  planAllows,
} from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { initTRPC, TRPCError } from "@trpc/server";
import { eq, sql } from "drizzle-orm";
import type { OpenApiMeta } from "trpc-to-openapi";
import { ZodRealError } from "zod";
import { type ApiKeyActor, authenticateKey } from "./api-keys/key-access";
import { audit, withActingKey } from "./audit";
import { authCache, forgetTenant, forgettingAfter, forgetUser } from "./auth-cache";
import type { Context, SessionRow, UserRow } from "./context";
import { errorDetailsOf, errorKeyOf, fieldErrorsOf, toTRPCError, unavailableError } from "./errors";
import { OPERATION_ERROR_KEYS } from "./operation-errors";
import { parsedInputOf } from "./procedure-inputs";
import { auditDetails } from "./redact";
import { getAuth, rotatedInRequest, rotateIfDue } from "./session";
import { tenantIdOf } from "./tenant-header";

/**
 * Who may call a procedure, set by the ladder below (meta merges, so each rung overrides the one it
 * builds on). The OpenAPI document reads it for security, the X-tenant-id header and error statuses.
 */
export type AccessMeta = {
  access?: "public" | "authed" | "tenant" | "admin";
  permission?: Permission;
  feature?: PlanFeature;
  /**
   * Acts on or for the calling person (their notifications, their view of a survey's mails, the
   * organisation's API keys): never for an API key, whatever its permission (issue 20).
   */
  personal?: boolean;
  /** A signed-in call that may name an organisation in X-tenant-id (documented as optional). */
  tenantHeader?: "optional";
};

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta<AccessMeta>>()
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
          // What the refusal tells beside its key: plan feature, limit, existing id (issue 20.3).
          ...errorDetailsOf(error),
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Turns service errors (AppError) into tRPC errors with the right code and logs server-side
 * failures. An unexpected failure of a known operation answers that operation's key.
 */
const errorBoundary = t.middleware(async ({ ctx, next, path }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError) {
      if (cause.status >= 500) ctx.log.error({ err: cause, path }, "procedure failed");
      throw toTRPCError(cause);
    }
    if (result.error.code === "INTERNAL_SERVER_ERROR") {
      // The database is away: 503 with Retry-After, not the operation's failure (issue 17.3).
      const unavailable = unavailableError(result.error);
      if (unavailable) {
        ctx.log.warn({ path }, "database unavailable");
        throw unavailable;
      }
      ctx.log.error({ err: cause ?? result.error, path }, "procedure failed");
      const key = OPERATION_ERROR_KEYS[path];
      if (key) throw toTRPCError(new AppError(key));
    }
  }
  return result;
});

/**
 * Every input, before any schema or service sees it: no text PostgreSQL cannot store or that is not
 * valid Unicode, no nesting deeper than any screen sends (issue 6.11). Free JSON fields have their
 * own, lower caps in their schema (ZJson).
 */
const inputGuard = t.middleware(async ({ getRawInput, next }) => {
  const unsafe = findUnsafeValue(await getRawInput());
  if (unsafe) {
    // ZodRealError, not ZodError: only the former is an Error, which tRPC keeps as the cause (and
    // the error formatter reads `data.fields` from).
    const issue = { code: "custom" as const, path: unsafe.path, message: unsafe.key, input: undefined };
    throw new TRPCError({ code: "BAD_REQUEST", message: unsafe.key, cause: new ZodRealError([issue]) });
  }
  return next();
});

export const publicProcedure = t.procedure.meta({ access: "public" }).use(errorBoundary).use(inputGuard);

/**
 * The respondent page's calls (issue 7): public like the above, but a submission is no write that
 * changes who may do what, so it leaves the per-process check memory alone; these procedures never
 * read a session either.
 */
export const respondentProcedure = t.procedure.meta({ access: "public" }).use(errorBoundary).use(inputGuard);

/** Signals a rollback of the request transaction without losing the procedure's result. */
class Rollback extends Error {}

/**
 * How a request transaction names who it acts for, in its first statement: the user and tenant
 * (`tenantId` empty for calls outside an account; a tenant only after a membership check), or a
 * platform admin's session token, which `kunto_enter_admin` checks in the database (migration
 * 0006): setting `app.*` by hand opens no other tenant.
 */
type Entry = { userId: string; tenantId: string } | { adminToken: string };

/**
 * Runs the rest of the call in one transaction whose row-level-security settings name the
 * user and tenant. A failed call rolls back everything it wrote.
 */
async function inTransaction<R extends { ok: boolean }>(
  ctx: Context,
  /** null when the body sets them itself (tenant procedures, through kunto_enter_tenant). */
  entry: Entry | null,
  body: (tx: Tx) => Promise<R>,
): Promise<R> {
  let result: R | undefined;
  try {
    // Forgets of remembered checks named with this transaction apply once it is over.
    await forgettingAfter(ctx.db.transaction.bind(ctx.db), async (tx: Tx) => {
      if (entry && "adminToken" in entry) {
        const [row] = await tx.execute<{ ok: boolean }>(
          sql`select kunto_enter_admin(${entry.adminToken}) as ok`,
        );
        if (!row?.ok) throw toTRPCError(new AppError("access_denied"));
      } else if (entry) {
        await tx.execute(
          sql`select set_config('app.user_id', ${entry.userId}, true), set_config('app.tenant_id', ${entry.tenantId}, true)`,
        );
      }
      result = await body(tx);
      if (!result.ok) throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  if (!result) throw new TRPCError({ code: "INTERNAL_SERVER_ERROR" });
  return result;
}

const requireUser = t.middleware(async ({ ctx, next }) => {
  // Only a person signs in: an API key never reaches what needs a session (issue 20).
  if (ctx.bearer) throw toTRPCError(new AppError("api_key_not_allowed"));
  const cached = ctx.sessionToken ? authCache.get(ctx.sessionToken) : null;
  const since = authCache.checkpoint();
  const auth = cached ?? (await getAuth(ctx));
  if (auth?.session.state !== "active" || !auth.user.enabled)
    throw toTRPCError(new AppError("not_signed_in"));
  // A rotated session's old token is dead: never remember it as valid.
  if (!cached && ctx.sessionToken && !("rotated" in auth && auth.rotated))
    authCache.remember(since, ctx.sessionToken, auth.session, auth.user);
  return withActingSession(auth.session.id, () => next({ ctx: { user: auth.user, session: auth.session } }));
});

/**
 * A write forgets the remembered checks it can affect once its transaction has committed: the
 * acting user's and tenant's (here) and those its services name with the transaction (another
 * user whose roles, membership or sessions it changed). Public writes name nobody by themselves,
 * so sign-in attempts, demo starts and respondents' submissions leave the memory alone.
 */
const forgetActingOnWrite = (type: string, tx: Tx, userId: string, tenantId?: string) => {
  if (type !== "mutation") return;
  forgetUser(userId, tx);
  if (tenantId) forgetTenant(tenantId, tx);
};

/** Signed in; the transaction knows the user but no tenant. */
export const authedProcedure = publicProcedure
  .meta({ access: "authed" })
  .use(requireUser)
  .use(({ ctx, next, type }) =>
    inTransaction(ctx, { userId: ctx.user.id, tenantId: "" }, (tx) => {
      forgetActingOnWrite(type, tx, ctx.user.id);
      return next({ ctx: { tx } });
    }),
  );

export interface TenantContext {
  id: string;
  plan: Plan;
  roles: string[];
  permissions: Set<Permission>;
}

/** What every tenant procedure knows; `session` is null and `apiKey` set for an API key's call. */
interface TenantCall {
  tx: Tx;
  tenant: TenantContext;
  user: UserRow;
  session: SessionRow | null;
  apiKey: ApiKeyActor | null;
}
const tenantCall = (call: TenantCall) => call;

/**
 * Signed in and a member of the account named by X-tenant-id. The tenant is resolved once,
 * here, and is non-null for everything after. The session lookup and `kunto_enter_tenant` (which
 * validates the session again in the database, sets the row-level-security settings and answers
 * the membership) go out together on the transaction's connection: one round trip.
 */
export const tenantProcedure = publicProcedure.meta({ access: "tenant" }).use((opts) => {
  const { ctx, next, type } = opts;
  // An API key's call (issue 20): the key names the organisation and acts with its scope's
  // permissions, credited to the person who made it; no session is read, so none is rotated.
  // Every write it makes leaves an audit row `api.<procedure>` that names the key.
  if (ctx.bearer)
    return authenticateKey(ctx, opts.meta ?? {}, type).then((entry) =>
      inTransaction(ctx, { userId: "", tenantId: entry.tenantId }, async (tx) => {
        const [user] = await tx.select().from(schema.users).where(eq(schema.users.id, entry.createdBy));
        if (!user) throw toTRPCError(new AppError("api_key_invalid"));
        if (type === "mutation") forgetTenant(entry.tenantId, tx);
        const tenant: TenantContext = {
          id: entry.tenantId,
          plan: entry.plan,
          roles: [],
          permissions: entry.permissions,
        };
        const call = tenantCall({ tx, tenant, user, session: null, apiKey: entry.key });
        return withActingKey(entry.key.name, async () => {
          const result = await next({ ctx: call });
          if (result.ok && type === "mutation")
            await audit(tx, {
              actorUserId: user.id,
              tenantId: entry.tenantId,
              action: `api.${opts.path}`,
              targetType: "api_key",
              targetId: entry.key.publicKey,
              details: auditDetails(await parsedInputOf(opts.path, await opts.getRawInput())) ?? {},
            });
          return result;
        });
      }),
    );
  const token = ctx.sessionToken;
  if (!token) throw toTRPCError(new AppError("not_signed_in"));
  const tenantId = tenantIdOf(ctx.tenantHeader);
  const cached = authCache.get(token);
  const cachedMembership = authCache.membership(token, tenantId);
  if (cached && cachedMembership?.active) {
    const tenant: TenantContext = {
      id: tenantId,
      plan: cachedMembership.plan,
      roles: cachedMembership.roles,
      permissions: permissionsOf(cachedMembership.roles),
    };
    return inTransaction(ctx, { userId: cached.user.id, tenantId }, (tx) => {
      // A write in this tenant may change what its members may do.
      forgetActingOnWrite(type, tx, cached.user.id, tenantId);
      return withActingSession(cached.session.id, () =>
        next({ ctx: tenantCall({ tx, tenant, user: cached.user, session: cached.session, apiKey: null }) }),
      );
    });
  }
  const since = authCache.checkpoint();
  return inTransaction(ctx, null, async (tx) => {
    const [sessionRows, membership] = await Promise.all([
      sessionQuery(tx, token),
      tx.execute<{ roles: string[]; plan: Plan; active: boolean }>(
        sql`select roles, plan, active from kunto_enter_tenant(${hashToken(token)}, ${tenantId}::uuid)`,
      ),
    ]);
    const settled = await settleSession(tx, sessionRows[0]);
    // Another call of this batch may have rotated the session first (issue 6.3): take its result.
    const auth = settled ? await rotateIfDue(ctx, settled) : (await rotatedInRequest(ctx))?.auth;
    if (auth?.session.state !== "active") {
      if (!settled) ctx.cookies.clearSession();
      throw toTRPCError(new AppError("not_signed_in"));
    }
    // A rotated session is named by its new token: enter the tenant again with it.
    const rotation = auth.rotated ? await rotatedInRequest(ctx) : null;
    const entered = rotation
      ? await tx.execute<{ roles: string[]; plan: Plan; active: boolean }>(
          sql`select roles, plan, active from kunto_enter_tenant(${hashToken(rotation.token)}, ${tenantId}::uuid)`,
        )
      : membership;
    const row = entered[0];
    if (!row?.active) throw toTRPCError(new AppError("access_denied"));
    const tenant: TenantContext = {
      id: tenantId,
      plan: row.plan,
      roles: row.roles,
      permissions: permissionsOf(row.roles),
    };
    if (!auth.rotated)
      authCache.remember(since, token, auth.session, auth.user, { id: tenantId, membership: row });
    forgetActingOnWrite(type, tx, auth.user.id, tenantId);
    return withActingSession(auth.session.id, () =>
      next({ ctx: tenantCall({ tx, tenant, user: auth.user, session: auth.session, apiKey: null }) }),
    );
  });
});

export const withPermission = (permission: Permission) =>
  tenantProcedure.meta({ permission }).use(({ ctx, next }) => {
    if (!ctx.tenant.permissions.has(permission)) throw toTRPCError(new AppError("access_denied"));
    return next();
  });

export const withPlan = (permission: Permission, feature: PlanFeature) =>
  withPermission(permission)
    .meta({ feature })
    .use(({ ctx, next }) => {
      if (!planAllows(ctx.tenant.plan, feature))
        throw toTRPCError(new AppError("plan_required", { feature }));
      return next();
    });

/**
 * An organisation's settings that platform admins manage for every organisation (API keys, issue
 * 20): a member with the permission on a plan with the feature, as `withPlan`, or a platform admin
 * on any plan, who enters through `kunto_enter_admin` as `adminProcedure` does (the organisation
 * named by X-tenant-id must exist). A person's session only, never an API key.
 */
export const withPlanOrPlatformAdmin = (permission: Permission, feature: PlanFeature) =>
  publicProcedure
    .meta({ access: "tenant", permission, feature, personal: true })
    .use(requireUser)
    .use(async ({ ctx, next, type }) => {
      const tenantId = tenantIdOf(ctx.tenantHeader);
      // A session rotated by this request is named by its new token.
      const token = (await rotatedInRequest(ctx))?.token ?? ctx.sessionToken;
      if (!token) throw toTRPCError(new AppError("not_signed_in"));
      return inTransaction(ctx, null, async (tx) => {
        const [row] = await tx.execute<{ roles: string[]; plan: Plan; active: boolean }>(
          sql`select roles, plan, active from kunto_enter_tenant(${hashToken(token)}, ${tenantId}::uuid)`,
        );
        const permissions = permissionsOf(row?.roles ?? []);
        const member = row?.active === true && permissions.has(permission);
        let tenant: TenantContext;
        if (row && member && planAllows(row.plan, feature)) {
          tenant = { id: tenantId, plan: row.plan, roles: row.roles, permissions };
        } else {
          if (!ctx.user.systemRoles.includes("admin"))
            throw toTRPCError(
              member ? new AppError("plan_required", { feature }) : new AppError("access_denied"),
            );
          const [admin] = await tx.execute<{ ok: boolean }>(sql`select kunto_enter_admin(${token}) as ok`);
          if (!admin?.ok) throw toTRPCError(new AppError("access_denied"));
          const [account] = await tx.execute<{ plan: Plan }>(
            sql`select kunto_effective_plan(plan, subscription_status, payment_grace_until) as plan from tenants where id = ${tenantId}::uuid`,
          );
          if (!account) throw toTRPCError(new AppError("not_found"));
          tenant = {
            id: tenantId,
            plan: account.plan,
            roles: row?.roles ?? [],
            permissions: new Set([permission]),
          };
        }
        forgetActingOnWrite(type, tx, ctx.user.id, tenantId);
        return next({ ctx: { tx, tenant } });
      });
    });

/**
 * Platform administrators, across tenants: the explicit, audited path. Every mutation leaves a
 * row in audit_log with the procedure's path and input. Row-level security opens other tenants
 * only because `kunto_enter_admin` found the session of an enabled admin.
 */
export const adminProcedure = publicProcedure
  .meta({ access: "admin" })
  .use(requireUser)
  .use(async ({ ctx, next, path, type, getRawInput }) => {
    const token = ctx.sessionToken;
    if (!token || !ctx.user.systemRoles.includes("admin")) throw toTRPCError(new AppError("access_denied"));
    // The database checks the admin again (the process may remember a role taken away this second).
    return inTransaction(ctx, { adminToken: token }, async (tx) => {
      forgetActingOnWrite(type, tx, ctx.user.id);
      const result = await next({ ctx: { tx } });
      if (result.ok && type === "mutation") {
        // What the procedure accepted, not what was sent: unknown keys dropped, secrets redacted.
        const input = await parsedInputOf(path, await getRawInput());
        await tx.insert(schema.auditLog).values({
          actorUserId: ctx.user.id,
          action: `admin.${path}`,
          details: auditDetails(input),
        });
      }
      return result;
    });
  });
