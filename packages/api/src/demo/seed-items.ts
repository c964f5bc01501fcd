import { schema, type Tx } from "@kunto/db";
import { DEMO_TENANT } from "@kunto/db/seed";
import { and, eq, isNull } from "drizzle-orm";

/** The demo organisation's items (issue 22), added once: nothing when it has an item already. */
const DEMO_ITEMS = ["Hand truck", "Label printer", "Safety vest", "Tool kit"];

export async function seedDemoItems(tx: Tx): Promise<number> {
  const [tenant] = await tx
    .select({ id: schema.tenants.id })
    .from(schema.tenants)
    .where(
      and(
        eq(schema.tenants.name, DEMO_TENANT.name),
        eq(schema.tenants.isDemo, true),
        isNull(schema.tenants.sandboxId),
      ),
    );
  if (!tenant) return 0;
  const [existing] = await tx
    .select({ id: schema.items.id })
    .from(schema.items)
    .where(eq(schema.items.tenantId, tenant.id))
    .limit(1);
  if (existing) return 0;
  await tx
    .insert(schema.items)
    .values(DEMO_ITEMS.map((name) => ({ tenantId: tenant.id, name, type: "testityyppi" })));
  return DEMO_ITEMS.length;
}
