import { schema } from "@kunto/db";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { actorFor, asOwner, callerFor, connect, makeTenant, makeUser } from "../support/harness";

// A memory long enough that nothing here passes by expiry: what is forgotten is forgotten by a write.
vi.hoisted(() => {
  process.env.AUTH_CACHE_MS = "600000";
});

/**
 * Issue 7: the per-process check memory survives traffic. Public writes forget nothing; other
 * writes forget the acting user's and tenant's checks and those of the people they change. Roles
 * are changed behind the server's back (on the owner connection) to see whether a check was
 * remembered or made again.
 */
const db = connect();
afterAll(() => db.close());

const setRolesBehindTheServer = (tenantId: string, userId: string, roles: string[]) =>
  asOwner(db.owner, (tx) =>
    tx
      .update(schema.memberships)
      .set({ roles })
      .where(and(eq(schema.memberships.tenantId, tenantId), eq(schema.memberships.userId, userId))),
  );

async function memberOf(tenantId: string, roles: string[]) {
  const user = await makeUser(db.owner, { tenantId, tenantRoles: roles });
  const actor = await actorFor(db.db, user.email ?? "", user.id);
  return { user, call: async () => (await callerFor(db.db, actor, tenantId)).caller };
}

describe("the per-process check memory (issue 7)", () => {
  it("a public write keeps another user's remembered check", async () => {
    const tenant = await makeTenant(db.owner);
    const b = await memberOf(tenant.id, ["tenant_admin"]);
    expect(await (await b.call()).tenant.users()).toHaveLength(1);
    await setRolesBehindTheServer(tenant.id, b.user.id, ["tenant_readonly"]);

    // Public writes: a failed sign-in and a demo start (none on this database: 404).
    const { caller: anonymous } = await callerFor(db.db, { name: "anon", cookie: null, userId: null }, null);
    await expect(
      anonymous.auth.signIn({ username: "nobody@example.test", password: "not the password 1234" }),
    ).rejects.toThrow("invalid_credentials");

    // Still remembered: the admin check passed a moment ago is used again.
    expect(await (await b.call()).tenant.users()).toHaveLength(1);
  });

  it("the profile answer is the stored row, not the remembered user: a change made elsewhere shows at once", async () => {
    const tenant = await makeTenant(db.owner);
    const b = await memberOf(tenant.id, ["tenant_basic"]);
    const before = await (await b.call()).user.me();
    // Another server process saved a new name: this process still remembers the old row.
    await asOwner(db.owner, (tx) =>
      tx.update(schema.users).set({ lastName: "Changed elsewhere" }).where(eq(schema.users.id, b.user.id)),
    );
    expect(before.lastName).not.toBe("Changed elsewhere");
    expect((await (await b.call()).user.me()).lastName).toBe("Changed elsewhere");
    expect((await (await b.call()).user.session())?.lastName).toBe("Changed elsewhere");
  });

  it("a role change of user B by an admin reaches B's next call at once", async () => {
    const tenant = await makeTenant(db.owner);
    const a = await memberOf(tenant.id, ["tenant_admin"]);
    const b = await memberOf(tenant.id, ["tenant_admin", "tenant_basic"]);
    expect(await (await b.call()).tenant.users()).toHaveLength(2);
    await (await a.call()).tenant.removeRole({ userId: b.user.id, role: "tenant_admin" });
    await expect((await b.call()).tenant.users()).rejects.toThrow("access_denied");
  });

  it("disabling a user ends their access at once", async () => {
    const tenant = await makeTenant(db.owner);
    const b = await memberOf(tenant.id, ["tenant_admin"]);
    expect(await (await b.call()).tenant.current()).toMatchObject({ id: tenant.id });
    const platformAdmin = await makeUser(db.owner, { systemRoles: ["admin"] });
    const { caller: asAdmin } = await callerFor(
      db.db,
      await actorFor(db.db, "admin", platformAdmin.id),
      null,
    );
    expect(await asAdmin.admin.disableUser({ id: b.user.id })).toEqual({ result: true });
    await expect((await b.call()).tenant.current()).rejects.toThrow("not_signed_in");
  });

  it("a write in tenant A keeps tenant B's remembered checks, and a write in B forgets them", async () => {
    const tenantA = await makeTenant(db.owner);
    const tenantB = await makeTenant(db.owner);
    const writerA = await memberOf(tenantA.id, ["tenant_admin"]);
    const x = await memberOf(tenantB.id, ["tenant_admin"]);
    const writerB = await memberOf(tenantB.id, ["tenant_admin"]);
    expect(await (await x.call()).tenant.users()).toHaveLength(2);
    await setRolesBehindTheServer(tenantB.id, x.user.id, ["tenant_readonly"]);

    await (await writerA.call()).tenant.setValue({ key: "onboarding", value: "3" });
    expect(await (await x.call()).tenant.users()).toHaveLength(2);

    await (await writerB.call()).tenant.setValue({ key: "onboarding", value: "3" });
    await expect((await x.call()).tenant.users()).rejects.toThrow("access_denied");
  });
});
