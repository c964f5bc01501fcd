import { schema } from "@kunto/db";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { actorFor, callerFor, connect, makeTenant, makeUser, startServer, TEST_CONFIG } from "./test/harness";

const db = connect();
afterAll(() => db.close());

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
    await expect(caller.admin.disableUser({ id: admin.id })).rejects.toThrow("you_cannot_disable_yourself");
    expect(await caller.admin.disableUser({ id: local.id })).toEqual({ result: true });
    await expect(caller.admin.removeUserRole({ id: local.id, role: "agent" })).rejects.toThrow(
      "at_least_one_role_required",
    );
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
