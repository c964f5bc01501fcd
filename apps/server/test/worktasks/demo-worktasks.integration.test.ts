import { seed } from "@kunto/api";
import { hashPassword } from "@kunto/auth";
import { createSystemDb, schema, withSystem } from "@kunto/db";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seedDemoItems } from "../../../../packages/api/src/demo/seed-items";
import { seedDemoWorkTasks } from "../../../../packages/api/src/demo/seed-worktasks";
import { asOwner, connect } from "../support/harness";

/** Issue 22: the demo organisation gets a few work tasks, notes and items, once. */
const db = connect();
const { system, close } = createSystemDb(inject("ownerUrl"), { max: 1 });
beforeAll(() => seed({ system, hashPassword, adminEmail: "admin@kunto.local" }));
afterAll(async () => {
  await close();
  await db.close();
});

describe("demo work tasks and items", () => {
  it("are added to the demo organisation once, assigned to its members", async () => {
    await withSystem(system, async (tx) => {
      await seedDemoWorkTasks(tx);
      await seedDemoItems(tx);
    });
    // A second run adds nothing.
    const again = await withSystem(system, async (tx) => [
      await seedDemoWorkTasks(tx),
      await seedDemoItems(tx),
    ]);
    expect(again).toEqual([0, 0]);
    await asOwner(db.owner, async (tx) => {
      const [tenant] = await tx
        .select()
        .from(schema.tenants)
        .where(and(eq(schema.tenants.name, "Aurora Components Oy"), isNull(schema.tenants.sandboxId)));
      if (!tenant) throw new Error("no demo organisation");
      const tasks = await tx.select().from(schema.workTasks).where(eq(schema.workTasks.tenantId, tenant.id));
      expect(tasks.length).toBeGreaterThanOrEqual(5);
      expect(new Set(tasks.map((t) => t.status))).toEqual(
        new Set(["RECEIVED", "WAITING", "INPROGRESS", "DONE"]),
      );
      const members = await tx
        .select({ id: schema.memberships.userId })
        .from(schema.memberships)
        .where(eq(schema.memberships.tenantId, tenant.id));
      const ids = new Set(members.map((m) => m.id));
      expect(tasks.every((t) => t.assignedUserId !== null && ids.has(t.assignedUserId))).toBe(true);
      const notes = await tx
        .select()
        .from(schema.workTaskHellos)
        .where(eq(schema.workTaskHellos.tenantId, tenant.id));
      expect(notes.length).toBeGreaterThanOrEqual(2);
      const items = await tx.select().from(schema.items).where(eq(schema.items.tenantId, tenant.id));
      expect(items.map((i) => i.type)).toEqual(items.map(() => "testityyppi"));
      expect(items.length).toBeGreaterThanOrEqual(3);
    });
  });
});
