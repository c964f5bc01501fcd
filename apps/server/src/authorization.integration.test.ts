import { randomUUID } from "node:crypto";
import { appRouter } from "@kunto/api";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, actorFor, callerFor, connect, makeTenant, makeUser, startServer } from "./test/harness";

/**
 * Every procedure has a row here: who may call it and an input to call it with. A procedure
 * without a row fails the test, so nothing ships without its allow/deny decision. Inputs aim at
 * ids that do not exist, so an allowed call proves it got past authorization (answering
 * not_found or a validation error) without destroying fixtures.
 */
type Access =
  | "public" // anyone
  | "pending" // only a sign-in waiting for a TOTP code or a new password: nobody here
  | "authed" // any signed-in user
  | "admin" // platform admin
  | { tenant: ReadonlyArray<"tenant_admin" | "tenant_basic" | "tenant_readonly"> };

const ALL_TENANT = { tenant: ["tenant_admin", "tenant_basic", "tenant_readonly"] } as const;
const ADMIN_ONLY = { tenant: ["tenant_admin"] } as const;
const ADMIN_READONLY = { tenant: ["tenant_admin", "tenant_readonly"] } as const;
const missing = randomUUID();

const RULES: Record<string, { access: Access; input?: unknown }> = {
  "auth.signIn": {
    access: "public",
    input: { username: `nobody-${missing}@example.test`, password: "wrong password 123" },
  },
  "auth.verifyTotp": { access: "pending", input: { code: "000000" } },
  "auth.completeNewPassword": { access: "pending", input: { newPassword: "x" } },
  "auth.signUp": { access: "public", input: { email: "not-an-email", password: "x" } },
  "auth.resendConfirmation": { access: "public", input: { email: `nobody-${missing}@example.test` } },
  "auth.confirmEmail": { access: "public", input: { token: "invalid", password: "x" } },
  "auth.confirmationStatus": { access: "public", input: { token: "invalid" } },
  "auth.forgotPassword": { access: "public", input: { username: `nobody-${missing}@example.test` } },
  "auth.resetPassword": {
    access: "public",
    input: { username: `nobody-${missing}@example.test`, code: "1", newPassword: "x" },
  },
  "auth.signOut": { access: "public", input: {} },
  "auth.signOutEverywhere": { access: "authed", input: "skip-call" },
  "auth.changePassword": { access: "authed", input: { oldPassword: "wrong password 123", newPassword: "x" } },
  "auth.totpSetup": { access: "authed", input: {} },
  "auth.totpEnable": { access: "authed", input: { code: "000000" } },
  "auth.totpDisable": { access: "authed", input: { code: "000000" } },
  "user.me": { access: "authed" },
  "user.session": { access: "public" },
  "user.update": { access: "authed", input: { firstName: "Same", lastName: "Person", phone: null } },
  "user.uploadImage": { access: "authed", input: { data: "bm90IGFuIGltYWdl" } },
  "user.setLanguage": { access: "authed", input: { language: "en" } },
  "user.createTenant": { access: "authed", input: { name: "", country: "FI" } },
  "user.tenantUsers": { access: ADMIN_ONLY },
  "user.invitations": { access: "authed" },
  "user.acceptInvitation": { access: "authed", input: { id: missing } },
  "user.declineInvitation": { access: "authed", input: { id: missing } },
  "user.getShadow": { access: "authed" },
  "user.setShadow": { access: "authed", input: { state: { x: 1 } } },
  "user.emailSubscriptions": { access: ADMIN_ONLY },
  "user.saveEmailSubscriptions": { access: ADMIN_ONLY, input: { items: [] } },
  "tenant.current": { access: ALL_TENANT },
  "tenant.update": { access: ADMIN_ONLY, input: { name: "" } },
  "tenant.users": { access: ADMIN_ONLY },
  "tenant.addUser": { access: ADMIN_ONLY, input: { email: "bad" } },
  "tenant.removeUser": { access: ADMIN_ONLY, input: { id: missing } },
  "tenant.invitations": { access: ADMIN_ONLY },
  "tenant.resendInvitation": { access: ADMIN_ONLY, input: { id: missing } },
  "tenant.revokeInvitation": { access: ADMIN_ONLY, input: { id: missing } },
  "tenant.addRole": { access: ADMIN_ONLY, input: { userId: missing, role: "tenant_basic" } },
  "tenant.removeRole": { access: ADMIN_ONLY, input: { userId: missing, role: "tenant_basic" } },
  "tenant.values": { access: ALL_TENANT },
  "tenant.setValue": { access: ADMIN_ONLY, input: { key: "", value: "x" } },
  "tenant.deleteValue": { access: ADMIN_ONLY, input: { key: `missing-${missing}` } },
  "tenant.roles": { access: "authed" },
  "admin.users": { access: "admin", input: { user_type: "local" } },
  "admin.listCloudUsers": { access: "admin" },
  "admin.createUser": { access: "admin", input: { type: "CLOUD", roleSet: [] } },
  "admin.updateUser": { access: "admin", input: { id: missing, firstName: "X" } },
  "admin.enableUser": { access: "admin", input: { id: missing } },
  "admin.disableUser": { access: "admin", input: { id: missing } },
  "admin.addUserRole": { access: "admin", input: { id: missing, role: "basic" } },
  "admin.removeUserRole": { access: "admin", input: { id: missing, role: "basic" } },
  "admin.tenants": { access: "admin" },
  "admin.createTenant": { access: "admin", input: { name: "", country: "FI" } },
  "admin.updateTenant": {
    access: "admin",
    input: { id: missing, name: "X", streetAddress: "a", zipCode: "1", city: "c", country: "FI" },
  },
  "admin.setTenantPlan": { access: "admin", input: { id: missing, status: "PRO" } },
  "admin.deleteTenant": { access: "admin", input: { id: missing } },
  "admin.tenantUsers": { access: "admin", input: { id: missing } },
  "admin.addTenantUser": { access: "admin", input: { id: missing, userId: missing } },
  "admin.removeTenantUser": { access: "admin", input: { id: missing, userId: missing } },
  "admin.systemRoles": { access: "authed" },
  // Survey templates (issue 7): platform admins only; keys that do not exist, an invalid body.
  "surveyTemplate.list": { access: "admin" },
  "surveyTemplate.categories": { access: "admin", input: { type: "PERSONNEL" } },
  "surveyTemplate.get": { access: "admin", input: { key: `missing-${missing}` } },
  "surveyTemplate.create": { access: "admin", input: { type: "PERSONNEL", start: { en: "" } } },
  "surveyTemplate.update": {
    access: "admin",
    input: { key: `missing-${missing}`, type: "PERSONNEL", start: { en: "x" } },
  },
  "surveyTemplate.clone": { access: "admin", input: { key: `missing-${missing}` } },
  "surveyTemplate.activate": { access: "admin", input: { key: `missing-${missing}` } },
  "surveyTemplate.delete": { access: "admin", input: { key: `missing-${missing}` } },
  // Opens a demo sandbox (issue 6.6); every actor may, whoever they are signed in as.
  "demo.start": { access: "public", input: {} },
  "demo.sandbox": { access: "authed" },
};

// `read-only` sees surveys: the permission table gives it what basic has plus survey reads.
void ADMIN_READONLY;

type ActorName =
  | "anonymous"
  | "tenant_admin"
  | "tenant_basic"
  | "tenant_readonly"
  | "other_tenant_admin"
  | "platform_admin";
const ACTORS: ActorName[] = [
  "anonymous",
  "tenant_admin",
  "tenant_basic",
  "tenant_readonly",
  "other_tenant_admin",
  "platform_admin",
];

function allowed(access: Access, actor: ActorName): boolean {
  if (access === "public") return true;
  if (access === "pending") return false;
  if (actor === "anonymous") return false;
  if (access === "authed") return true;
  if (access === "admin") return actor === "platform_admin";
  return (access.tenant as readonly string[]).includes(actor);
}

const DENIED_KEYS = new Set(["not_signed_in", "access_denied", "user_no_longer_admin"]);

const procedures = appRouter._def.procedures as unknown as Record<
  string,
  { _def: { type: string; meta?: { openapi?: { method: string; path: string } } } }
>;

const db = connect();
let ids: Record<ActorName, string | null>;
/** Fresh sessions for every test: sign-out calls end the session they were made with. */
const freshActors = async () =>
  Object.fromEntries(
    await Promise.all(ACTORS.map(async (name) => [name, await actorFor(db.db, name, ids[name])] as const)),
  ) as Record<ActorName, Actor>;
let tenantId: string;
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  const tenant = await makeTenant(db.owner);
  const other = await makeTenant(db.owner);
  tenantId = tenant.id;
  ids = {
    anonymous: null,
    tenant_admin: (await makeUser(db.owner, { tenantId, tenantRoles: ["tenant_admin"] })).id,
    tenant_basic: (await makeUser(db.owner, { tenantId, tenantRoles: ["tenant_basic"] })).id,
    tenant_readonly: (await makeUser(db.owner, { tenantId, tenantRoles: ["tenant_readonly"] })).id,
    other_tenant_admin: (await makeUser(db.owner, { tenantId: other.id, tenantRoles: ["tenant_admin"] })).id,
    platform_admin: (await makeUser(db.owner, { systemRoles: ["admin"] })).id,
  };
  server = await startServer(db.db);
});

afterAll(async () => {
  await server.close();
  await db.close();
});

describe("authorization", () => {
  it("has a rule for every procedure and no rule for a procedure that does not exist", () => {
    const names = Object.keys(procedures).sort();
    expect(names.filter((n) => !RULES[n])).toEqual([]);
    expect(Object.keys(RULES).filter((n) => !procedures[n])).toEqual([]);
  });

  for (const name of Object.keys(RULES)) {
    const rule = RULES[name];
    if (!rule || rule.input === "skip-call") continue;
    it(`tRPC ${name}`, async () => {
      const procedure = procedures[name];
      expect(procedure).toBeDefined();
      const actors = await freshActors();
      for (const actorName of ACTORS) {
        const { caller } = await callerFor(db.db, actors[actorName], tenantId);
        const path = name.split(".");
        let target: unknown = caller;
        for (const part of path) target = (target as Record<string, unknown>)[part];
        let errorKey: string | null = null;
        try {
          await (target as (input: unknown) => Promise<unknown>)(rule.input);
        } catch (error) {
          if (!(error instanceof TRPCError)) throw error;
          errorKey = error.message;
        }
        const denied = errorKey !== null && DENIED_KEYS.has(errorKey);
        expect({ actor: actorName, denied }).toEqual({
          actor: actorName,
          denied: !allowed(rule.access, actorName),
        });
      }
    });
  }

  it("sign-out-everywhere is refused anonymously and works for a member", async () => {
    const anon = await callerFor(db.db, (await freshActors()).anonymous, null);
    await expect(anon.caller.auth.signOutEverywhere()).rejects.toThrow("not_signed_in");
    const user = await makeUser(db.owner, { tenantId, tenantRoles: ["tenant_basic"] });
    const actor = await actorFor(db.db, "someone", user.id);
    const elsewhere = await actorFor(db.db, "someone elsewhere", user.id);
    const { caller } = await callerFor(db.db, actor, null);
    await caller.auth.signOutEverywhere();
    for (const session of [actor, elsewhere]) {
      const after = await callerFor(db.db, session, null);
      await expect(after.caller.user.me()).rejects.toThrow("not_signed_in");
    }
  });

  const restOperations = Object.entries(procedures).filter(([, p]) => p._def.meta?.openapi);
  it("serves every call of document 1 §7 at its documented path and method", () => {
    const served = new Set(
      restOperations.map(([, p]) => `${p._def.meta?.openapi?.method} ${p._def.meta?.openapi?.path}`),
    );
    const documented = [
      "GET /user",
      "POST /user",
      "POST /user/image",
      "PUT /user/set-language/{language}",
      "POST /user/tenant",
      "POST /public/logout",
      "GET /user/list-cloud",
      "GET /user/tenant-users",
      "GET /emailsubscription",
      "POST /emailsubscription",
      "GET /tenant",
      "POST /tenant",
      "GET /tenant/user",
      "POST /tenant/user",
      "DELETE /tenant/user/{id}",
      "POST /tenant/user/{userId}/role/{role}",
      "DELETE /tenant/user/{userId}/role/{role}",
      "GET /tenant/values",
      "POST /tenant/value",
      "DELETE /tenant/value",
      "GET /admin/tenant/roles",
      "GET /admin/tenant",
      "POST /admin/tenant",
      "POST /admin/tenant/{id}",
      "POST /admin/tenant/{id}/plan",
      "DELETE /admin/tenant/{id}",
      "GET /admin/tenant/{id}/user",
      "POST /admin/tenant/{id}/user",
      "DELETE /admin/tenant/{id}/user/{userId}",
      "POST /admin/user/{id}/enable",
      "POST /admin/user/{id}/disable",
      "POST /admin/user/{id}",
      "POST /admin/user/{id}/role/{role}",
      "DELETE /admin/user/{id}/role/{role}",
      "POST /admin/user",
      "GET /admin/user",
      "GET /system/roles",
      "POST /shadow",
      "GET /shadow",
    ];
    expect(documented.filter((op) => !served.has(op))).toEqual([]);
  });

  for (const [name, procedure] of restOperations) {
    const rule = RULES[name];
    const openapi = procedure._def.meta?.openapi;
    if (!rule || !openapi || rule.input === "skip-call") continue;
    it(`REST ${openapi.method} ${openapi.path}`, async () => {
      const input = { ...((rule.input as Record<string, unknown>) ?? {}) };
      const path = openapi.path.replace(/\{(\w+)\}/g, (_m, key: string) => {
        const value = String(input[key] ?? "");
        delete input[key];
        return encodeURIComponent(value);
      });
      const actors = await freshActors();
      for (const actorName of ACTORS) {
        const actor = actors[actorName];
        const headers: Record<string, string> = { "x-tenant-id": tenantId, origin: server.base };
        if (actor.cookie) headers.cookie = actor.cookie;
        const hasBody = openapi.method !== "GET" && openapi.method !== "DELETE";
        const query =
          !hasBody && Object.keys(input).length
            ? `?${new URLSearchParams(input as Record<string, string>)}`
            : "";
        if (hasBody) headers["content-type"] = "application/json";
        const response = await server.fetch(`/api${path}${query}`, {
          method: openapi.method,
          headers,
          body: hasBody ? JSON.stringify(input) : undefined,
        });
        const body = (await response.json()) as { error_key?: string };
        if (response.status >= 400) expect(body.error_key).toBeTypeOf("string");
        const denied = response.status === 401 || response.status === 403;
        expect({ actor: actorName, denied, key: denied ? body.error_key : null }).toEqual({
          actor: actorName,
          denied: !allowed(rule.access, actorName),
          key: allowed(rule.access, actorName) ? null : denied ? body.error_key : "(allowed)",
        });
        expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
      }
    });
  }
});
