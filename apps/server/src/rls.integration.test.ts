import { APP_ROLE, schema, withScope } from "@kunto/db";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { connect, makeTenant, makeUser } from "./test/harness";

const db = connect();
afterAll(() => db.close());

describe("row-level security", () => {
  it("fences every table with a tenant_id column, and the request role cannot bypass it", async () => {
    const unfenced = await db.ownerSql<{ table: string }[]>`
      select c.relname as table
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
      where n.nspname = 'public' and c.relkind = 'r'
        and (not c.relrowsecurity or not exists (select 1 from pg_policy p where p.polrelid = c.oid))`;
    expect(unfenced.map((r) => r.table)).toEqual([]);

    const tenantTables = await db.ownerSql<{ table: string; owner: string }[]>`
      select c.relname as table, pg_get_userbyid(c.relowner) as owner
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id'
      where n.nspname = 'public' and c.relkind = 'r'`;
    expect(tenantTables.length).toBeGreaterThanOrEqual(4);
    expect(tenantTables.filter((t) => t.owner === APP_ROLE)).toEqual([]);

    const [role] = await db.ownerSql<{ rolsuper: boolean; rolbypassrls: boolean }[]>`
      select rolsuper, rolbypassrls from pg_roles where rolname = ${APP_ROLE}`;
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
  });

  it("shows a transaction only its own tenant's rows, and nothing without a tenant", async () => {
    const a = await makeTenant(db.owner);
    const b = await makeTenant(db.owner);
    const userA = await makeUser(db.owner, { tenantId: a.id, tenantRoles: ["tenant_admin"] });
    await makeUser(db.owner, { tenantId: b.id, tenantRoles: ["tenant_admin"] });

    const seenFromA = await withScope(db.db, { userId: userA.id, tenantId: a.id }, (tx) =>
      tx.select().from(schema.memberships),
    );
    expect(new Set(seenFromA.map((m) => m.tenantId))).toEqual(new Set([a.id]));

    const tenantsFromA = await withScope(db.db, { userId: userA.id, tenantId: a.id }, (tx) =>
      tx.select().from(schema.tenants),
    );
    expect(tenantsFromA.map((t) => t.id)).toEqual([a.id]);

    const nothing = await withScope(db.db, { userId: null, tenantId: null }, (tx) =>
      tx.select().from(schema.tenantValues),
    );
    expect(nothing).toEqual([]);

    // Writing into another tenant is refused by the policy's WITH CHECK.
    await expect(
      withScope(db.db, { userId: userA.id, tenantId: a.id }, (tx) =>
        tx.insert(schema.tenantValues).values({ tenantId: b.id, key: "x", value: "y" }),
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/row-level security/) } });

    // An update aimed at the other tenant's rows finds none.
    const updated = await withScope(db.db, { userId: userA.id, tenantId: a.id }, (tx) =>
      tx.update(schema.tenants).set({ name: "hijacked" }).where(eq(schema.tenants.id, b.id)).returning(),
    );
    expect(updated).toEqual([]);
  });

  it("does not leak the tenant setting to the next transaction on a pooled connection", async () => {
    const a = await makeTenant(db.owner);
    const userA = await makeUser(db.owner, { tenantId: a.id, tenantRoles: ["tenant_admin"] });
    for (let i = 0; i < 8; i++) {
      await withScope(db.db, { userId: userA.id, tenantId: a.id }, (tx) =>
        tx.select().from(schema.memberships),
      );
    }
    const leaked = await db.db.transaction((tx) => tx.select().from(schema.memberships));
    expect(leaked).toEqual([]);
  });
});
