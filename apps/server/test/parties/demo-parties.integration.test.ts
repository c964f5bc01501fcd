import { seed } from "@kunto/api";
import { hashPassword } from "@kunto/auth";
import { createSystemDb, schema, withSystem } from "@kunto/db";
import { DEMO_TENANT } from "@kunto/db/seed";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { seedDemoParties } from "../../../../packages/api/src/demo/seed-parties";
import { asOwner, connect } from "../support/harness";

/** Issue 22: the demo organisation gets a few parties and persons, once, and never an ssn or tax number. */
const db = connect();
afterAll(() => db.close());

describe("demo parties and persons", () => {
  it("are seeded once at start-up, linked to their employers, without sealed identifiers", async () => {
    const { system, close } = createSystemDb(inject("ownerUrl"), { max: 1 });
    try {
      await seed({ system, hashPassword, adminEmail: "admin@kunto.local" });
      // The start-up seed gave them (packages/api/src/demo/seed.ts); a second run adds none.
      expect(await withSystem(system, (tx) => seedDemoParties(tx))).toBe(0);
    } finally {
      await close();
    }
    await asOwner(db.owner, async (tx) => {
      const [tenant] = await tx
        .select({ id: schema.tenants.id })
        .from(schema.tenants)
        .where(and(eq(schema.tenants.name, DEMO_TENANT.name), isNull(schema.tenants.sandboxId)));
      if (!tenant) throw new Error("demo tenant");
      const parties = await tx.select().from(schema.parties).where(eq(schema.parties.tenantId, tenant.id));
      expect(new Set(parties.map((p) => p.type))).toEqual(
        new Set(["customer", "supplier", "employer", "contractor"]),
      );
      const persons = await tx.select().from(schema.persons).where(eq(schema.persons.tenantId, tenant.id));
      expect(persons.filter((p) => p.employerId !== null).length).toBeGreaterThan(3);
      expect(persons.some((p) => p.employerId === null)).toBe(true);
      expect(persons.every((p) => p.ssnSealed === null && p.taxNumberSealed === null)).toBe(true);
    });
  });
});
