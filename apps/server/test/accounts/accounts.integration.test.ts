import { schema } from "@kunto/db";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  actorFor,
  callerFor,
  connect,
  makeTenant,
  makeUser,
  startServer,
  TEST_CONFIG,
  TEST_PASSWORD,
} from "../support/harness";
import { startSmtp } from "../support/smtp";

const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  server = await startServer(db.db);
  smtp = await startSmtp(db.system);
});
afterAll(async () => {
  await smtp.close();
  await server.close();
  await db.close();
});

/** Signs in over HTTP as the web client does: the status (or error key) and the session cookie set. */
async function signInOverHttp(username: string, password: string) {
  const response = await server.fetch("/trpc/auth.signIn", {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.base },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as {
    result?: { data: { status: string } };
    error?: { error_key: string };
  };
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return { outcome: body.result?.data.status ?? body.error?.error_key, cookie };
}

/** GET /api/user with a session cookie: 200 while the session lives, 401 once it is dead. */
const meStatus = async (cookie: string) => (await server.fetch("/api/user", { headers: { cookie } })).status;

async function adminOf(plan: "FREE" | "PRO" = "PRO") {
  const tenant = await makeTenant(db.owner, { plan });
  const admin = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
  const { caller } = await callerFor(db.db, await actorFor(db.db, "admin", admin.id), tenant.id);
  return { tenant, admin, caller };
}

describe("account users", () => {
  // Issue 6.7: adding is an invitation; invitations.integration.test.ts reads its mails over SMTP.
  it("invites a new and an existing address alike, without creating or attaching anyone", async () => {
    const { tenant, caller } = await adminOf();
    const email = `new-${Date.now()}@example.test`;
    const invitation = await caller.tenant.addUser({
      email: ` ${email.toUpperCase()} `,
      firstName: "Uusi",
      lastName: null,
    });
    expect(invitation).toMatchObject({ email, roles: ["tenant_basic"], state: "invited" });
    expect(await db.owner.select().from(schema.users).where(eq(schema.users.email, email))).toEqual([]);
    const mails = await db.owner.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(tenant.name);
    await expect(caller.tenant.addUser({ email, firstName: null, lastName: null })).rejects.toThrow(
      "invitation_exists",
    );
    await expect(
      caller.tenant.addUser({ email: "not valid", firstName: null, lastName: null }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    const existing = await makeUser(db.owner);
    const second = await caller.tenant.addUser({
      email: existing.email ?? "",
      firstName: null,
      lastName: null,
    });
    expect(second.id).not.toBe(existing.id);
    const users = await caller.tenant.users();
    expect(users.map((u) => u.email)).not.toContain(existing.email);
    expect((await caller.tenant.invitations()).map((i) => i.email).sort()).toEqual(
      [email, existing.email].sort(),
    );
  });

  it("keeps the last tenant admin and at least one role", async () => {
    const { tenant, admin, caller } = await adminOf();
    await expect(caller.tenant.removeRole({ userId: admin.id, role: "tenant_admin" })).rejects.toThrow(
      "at_least_one_role_required",
    );
    await caller.tenant.addRole({ userId: admin.id, role: "tenant_basic" });
    await expect(caller.tenant.removeRole({ userId: admin.id, role: "tenant_admin" })).rejects.toThrow(
      "disallow_tenant_admin_removal_if_last_memberships",
    );
    await expect(caller.tenant.removeUser({ id: admin.id })).rejects.toThrow(
      "disallow_tenant_admin_removal_if_last_memberships",
    );
    const second = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_basic"] });
    expect((await caller.tenant.addRole({ userId: second.id, role: "tenant_admin" })).roles).toEqual([
      "tenant_basic",
      "tenant_admin",
    ]);
    expect((await caller.tenant.removeRole({ userId: admin.id, role: "tenant_admin" })).roles).toEqual([
      "tenant_basic",
    ]);
    // The acting user is no longer an admin: the next role change is refused.
    const again = await callerFor(db.db, await actorFor(db.db, "former", admin.id), tenant.id);
    await expect(again.caller.tenant.addRole({ userId: admin.id, role: "tenant_admin" })).rejects.toThrow(
      "user_no_longer_admin",
    );
    const audit = await db.owner
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.tenantId, tenant.id), eq(schema.auditLog.action, "tenant.role_removed")));
    expect(audit).toHaveLength(1);
  });

  it("turns a removed member away on their very next call", async () => {
    const { tenant, caller } = await adminOf();
    const member = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_basic"] });
    const memberCaller = (await callerFor(db.db, await actorFor(db.db, "m", member.id), tenant.id)).caller;
    expect((await memberCaller.tenant.current()).id).toBe(tenant.id);
    expect((await memberCaller.tenant.current()).id).toBe(tenant.id);
    await caller.tenant.removeUser({ id: member.id });
    await expect(memberCaller.tenant.current()).rejects.toThrow("access_denied");
  });

  it("hides users of internal domains from outsiders", async () => {
    const { tenant, admin } = await adminOf();
    await makeUser(db.owner, { tenantId: tenant.id, email: `support-${Date.now()}@kunto.fi` });
    const config = { ...TEST_CONFIG, internalEmailDomains: ["kunto.fi"] };
    const server = await startServer(db.db, config);
    try {
      const actor = await actorFor(db.db, "admin", admin.id);
      const response = await server.fetch("/api/tenant/user", {
        headers: { cookie: actor.cookie ?? "", "x-tenant-id": tenant.id },
      });
      const users = (await response.json()) as Array<{ email: string }>;
      expect(users.map((u) => u.email)).toEqual([admin.email]);
    } finally {
      await server.close();
    }
  });

  it("creates an account for a signed-in user who becomes its admin", async () => {
    const user = await makeUser(db.owner);
    const { caller } = await callerFor(db.db, await actorFor(db.db, "u", user.id), null);
    await expect(caller.user.createTenant({ name: " ", country: "FI" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    const { id } = await caller.user.createTenant({ name: "Fresh Start Oy", country: "FI", city: "Oulu" });
    const me = await caller.user.me();
    expect(me.tenantRoles).toEqual([{ id, name: "Fresh Start Oy", roleSet: ["tenant_admin"] }]);
    const scoped = await callerFor(db.db, await actorFor(db.db, "u", user.id), id);
    expect((await scoped.caller.tenant.current()).plan).toBe("FREE");
  });

  it("locks the D-U-N-S number once set", async () => {
    const { caller } = await adminOf();
    const details = {
      name: "Locked Oy",
      streetAddress: "Katu 1",
      zipCode: "00100",
      city: "Helsinki",
      country: "FI",
    };
    await caller.tenant.update({ ...details, dunsNumber: "123456789" });
    await expect(caller.tenant.update({ ...details, dunsNumber: "987654321" })).rejects.toThrow(
      "duns_locked",
    );
    await expect(caller.tenant.update({ ...details, dunsNumber: "12345" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});

describe("platform administration", () => {
  it("creates local and e-mail users with the policy and role rules", async () => {
    const admin = await makeUser(db.owner, { systemRoles: ["admin"] });
    const { caller } = await callerFor(db.db, await actorFor(db.db, "a", admin.id), null);
    const username = `kiosk-${Date.now()}`;
    await expect(
      caller.admin.createUser({ type: "LOCAL", username, roleSet: ["agent"] }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    const local = await caller.admin.createUser({
      type: "LOCAL",
      username,
      password: "lobby kiosk shared 2026",
      roleSet: ["agent"],
    });
    expect(local).toMatchObject({ username, email: null, agentUser: true, type: "LOCAL" });
    await expect(
      caller.admin.createUser({
        type: "LOCAL",
        username,
        password: "lobby kiosk shared 2026",
        roleSet: ["agent"],
      }),
    ).rejects.toThrow("user_exists");
    const locals = await caller.admin.users({ user_type: "local" });
    expect(locals.every((u) => u.email === null)).toBe(true);
    expect(locals.map((u) => u.username)).toContain(username);
    // An e-mail user: the address is the login (normalised), no username, roles as chosen.
    const email = `mail-user-${Date.now()}@example.test`;
    await expect(caller.admin.createUser({ type: "CLOUD", roleSet: ["basic"] })).rejects.toThrow(
      "username_or_email_required",
    );
    const cloud = await caller.admin.createUser({
      type: "CLOUD",
      email: ` ${email.toUpperCase()} `,
      firstName: "Posti",
      roleSet: ["basic"],
    });
    expect(cloud).toMatchObject({ email, username: null, type: "CLOUD", firstName: "Posti" });
    const [stored] = await db.owner.select().from(schema.users).where(eq(schema.users.id, cloud.id));
    expect(stored).toMatchObject({
      type: "CLOUD",
      email,
      username: null,
      systemRoles: ["basic"],
      enabled: true,
    });
    expect(stored?.emailConfirmedAt).toBeInstanceOf(Date);
    const clouds = await caller.admin.users({ user_type: "cloud" });
    expect(clouds.map((u) => u.email)).toContain(email);
    expect(clouds.map((u) => u.email)).not.toContain(null);
    await expect(caller.admin.createUser({ type: "CLOUD", email, roleSet: ["basic"] })).rejects.toThrow(
      "user_exists",
    );
    await expect(caller.admin.disableUser({ id: admin.id })).rejects.toThrow("you_cannot_disable_yourself");
    expect(await caller.admin.disableUser({ id: local.id })).toEqual({ result: true });
    await expect(caller.admin.removeUserRole({ id: local.id, role: "agent" })).rejects.toThrow(
      "at_least_one_role_required",
    );
  });

  it("disabling a user refuses their sign-in and ends their sessions; enabling lets them back", async () => {
    const admin = await makeUser(db.owner, { systemRoles: ["admin"] });
    const adminCookie = (await actorFor(db.db, "a", admin.id)).cookie ?? "";
    const user = await makeUser(db.owner);
    const email = user.email ?? "";
    const before = await signInOverHttp(email, TEST_PASSWORD);
    expect(before.outcome).toBe("SIGNED_IN");
    const other = await actorFor(db.db, "second device", user.id);
    expect(await meStatus(before.cookie)).toBe(200);
    expect(await meStatus(other.cookie ?? "")).toBe(200);
    const post = (path: string) =>
      server.fetch(path, { method: "POST", headers: { cookie: adminCookie, origin: server.base } });
    const disabled = await post(`/api/admin/user/${user.id}/disable`);
    expect(disabled.status).toBe(200);
    // Both sessions are dead at once, and the right password no longer signs in.
    expect(await meStatus(before.cookie)).toBe(401);
    expect(await meStatus(other.cookie ?? "")).toBe(401);
    expect(await signInOverHttp(email, TEST_PASSWORD)).toMatchObject({ outcome: "user_disabled" });
    const [stored] = await db.owner.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(stored?.enabled).toBe(false);
    expect((await post(`/api/admin/user/${user.id}/enable`)).status).toBe(200);
    const after = await signInOverHttp(email, TEST_PASSWORD);
    expect(after.outcome).toBe("SIGNED_IN");
    expect(await meStatus(after.cookie)).toBe(200);
  });

  it("the audit trail of admin calls keeps no password: the stored row shows [redacted] instead", async () => {
    const admin = await makeUser(db.owner, { systemRoles: ["admin"] });
    const adminCookie = (await actorFor(db.db, "a", admin.id)).cookie ?? "";
    const secrets = ["audited device passphrase 31", "audited mailbox passphrase 32"];
    const calls = [
      { type: "LOCAL", username: `audited-${Date.now()}`, password: secrets[0], roleSet: ["agent"] },
      {
        type: "CLOUD",
        email: `audited-${Date.now()}@example.test`,
        password: secrets[1],
        roleSet: ["basic"],
      },
    ];
    for (const body of calls) {
      const response = await server.fetch("/api/admin/user", {
        method: "POST",
        headers: { cookie: adminCookie, origin: server.base, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
    }
    const rows = await db.owner
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.actorUserId, admin.id), eq(schema.auditLog.action, "admin.admin.createUser")),
      )
      .orderBy(desc(schema.auditLog.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.details).toMatchObject({ password: "[redacted]" });
      const stored = JSON.stringify(row);
      for (const secret of secrets) expect(stored).not.toContain(secret);
    }
    // Every row this admin caused, the services' own included, is free of the secrets.
    const all = await db.owner
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.actorUserId, admin.id));
    for (const secret of secrets) expect(JSON.stringify(all)).not.toContain(secret);
  });

  it("changes a plan on the audited path", async () => {
    const admin = await makeUser(db.owner, { systemRoles: ["admin"] });
    const tenant = await makeTenant(db.owner, { plan: "FREE" });
    const { caller } = await callerFor(db.db, await actorFor(db.db, "a", admin.id), null);
    expect((await caller.admin.setTenantPlan({ id: tenant.id, status: "TOTAL" })).plan).toBe("TOTAL");
    expect((await caller.admin.setTenantPlan({ id: tenant.id, status: "INACTIVE" })).status).toBe("INACTIVE");
    const rows = await db.owner
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.actorUserId, admin.id));
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(["tenant.plan_changed", "admin.admin.setTenantPlan"]),
    );
    // Members of an inactive account are turned away.
    const member = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
    const m = await callerFor(db.db, await actorFor(db.db, "m", member.id), tenant.id);
    await expect(m.caller.tenant.current()).rejects.toThrow("access_denied");
  });
});
