import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFor, callerFor, connect, makeTenant, makeUser, startServer } from "../support/harness";
import { errorOf, outputOf, rest } from "../support/rest";

/** Issue 22, document 3 §3–§7 "Items": tenant admins only, soft delete, type fixed once created. */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer(db.db);
});
afterAll(async () => {
  await server.close();
  await db.close();
});

async function account() {
  const tenant = await makeTenant(db.owner, { plan: "FREE" });
  const member = async (roles: string[]) => {
    const user = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: roles });
    const actor = await actorFor(db.db, roles.join(","), user.id);
    return { actor, caller: (await callerFor(db.db, actor, tenant.id)).caller };
  };
  return { tenant, member, admin: await member(["tenant_admin"]) };
}

const keyOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return "ok";
  } catch (error) {
    return (error as { message: string }).message;
  }
};

describe("items (document 3 §3–§7)", () => {
  it("creates, lists by type, renames and deletes softly; a deleted item is hidden", async () => {
    const { admin, tenant } = await account();
    const drill = await admin.caller.item.create({ name: "Drill", type: "testityyppi" });
    expect(drill).toMatchObject({ name: "Drill", type: "testityyppi", active: true });
    const saw = await admin.caller.item.create({ name: "  Saw ", type: "testityyppi" });
    expect(saw.name).toBe("Saw");
    expect((await admin.caller.item.byTypes({ types: ["testityyppi"] })).map((i) => i.name)).toEqual([
      "Drill",
      "Saw",
    ]);
    expect((await admin.caller.item.update({ id: drill.id, name: "Hammer drill" })).name).toBe(
      "Hammer drill",
    );
    const deleted = await admin.caller.item.update({ id: saw.id, active: false });
    expect(deleted.active).toBe(false);
    expect((await admin.caller.item.list()).map((i) => i.id)).toEqual([drill.id]);
    expect(await keyOf(admin.caller.item.get({ id: saw.id }))).toBe("not_found");
    expect(await keyOf(admin.caller.item.update({ id: saw.id, active: true }))).toBe("not_found");
    // The row stays, inactive.
    const [row] = await db.owner.execute<{ active: boolean }>(
      `select active from items where id = '${saw.id}'`,
    );
    expect(row?.active).toBe(false);
    // Another organisation's item is not found.
    const other = await account();
    expect(await keyOf(other.admin.caller.item.get({ id: drill.id }))).toBe("not_found");
    expect(await other.admin.caller.item.list()).toEqual([]);
    // REST at the documented paths (the trailing slash too).
    const listed = await rest(server, {
      actor: admin.actor,
      tenantId: tenant.id,
      method: "GET",
      path: "/api/tenant/item/",
    });
    expect(listed.status).toBe(200);
    expect((listed.body as { name: string }[]).map((i) => i.name)).toEqual(["Hammer drill"]);
    const byTypes = await rest(server, {
      actor: admin.actor,
      tenantId: tenant.id,
      method: "POST",
      path: "/api/tenant/item/types",
      body: { types: ["testityyppi"] },
    });
    expect(outputOf("item.byTypes", byTypes)).toHaveLength(1);
    const created = await rest(server, {
      actor: admin.actor,
      tenantId: tenant.id,
      method: "POST",
      path: "/api/tenant/item/",
      body: { name: "Ladder", type: "testityyppi" },
    });
    expect(created.status).toBe(200);
    expect((created.body as { name: string }).name).toBe("Ladder");
    const missing = await rest(server, {
      actor: admin.actor,
      tenantId: tenant.id,
      method: "GET",
      path: `/api/tenant/item/${randomUUID()}`,
    });
    expect(missing.status).toBe(404);
  });

  it("requires a name, and a type when creating; the type cannot change", async () => {
    const { admin, tenant } = await account();
    expect(await keyOf(admin.caller.item.create({ name: "", type: "testityyppi" }))).toBe("required_fields");
    expect(await keyOf(admin.caller.item.create({ name: "Drill" }))).toBe("required_fields");
    const drill = await admin.caller.item.create({ name: "Drill", type: "testityyppi" });
    expect(await keyOf(admin.caller.item.update({ id: drill.id, name: " " }))).toBe("required_fields");
    // Its own type again is accepted; another is refused with an error key.
    expect((await admin.caller.item.update({ id: drill.id, type: "testityyppi", name: "D" })).name).toBe("D");
    const answer = await rest(server, {
      actor: admin.actor,
      tenantId: tenant.id,
      method: "PUT",
      path: `/api/tenant/item/${drill.id}`,
      body: { type: "tool", name: "D2" },
    });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).error_key).toBe("item_type_fixed");
    expect((await admin.caller.item.get({ id: drill.id })).name).toBe("D");
    const unknownType = await rest(server, {
      actor: admin.actor,
      tenantId: tenant.id,
      method: "POST",
      path: "/api/tenant/item/",
      body: { name: "x", type: "tool" },
    });
    expect(unknownType.status).toBe(400);
    expect(errorOf(unknownType).error_key).toBe("validation_failed");
  });

  it("is for tenant admins only", async () => {
    const { admin, member } = await account();
    const drill = await admin.caller.item.create({ name: "Drill", type: "testityyppi" });
    for (const roles of [["tenant_basic"], ["tenant_readonly"]]) {
      const { caller } = await member(roles);
      expect(await keyOf(caller.item.list())).toBe("access_denied");
      expect(await keyOf(caller.item.get({ id: drill.id }))).toBe("access_denied");
      expect(await keyOf(caller.item.byTypes({ types: ["testityyppi"] }))).toBe("access_denied");
      expect(await keyOf(caller.item.create({ name: "x", type: "testityyppi" }))).toBe("access_denied");
      expect(await keyOf(caller.item.update({ id: drill.id, active: false }))).toBe("access_denied");
    }
    expect((await admin.caller.item.get({ id: drill.id })).active).toBe(true);
  });
});
