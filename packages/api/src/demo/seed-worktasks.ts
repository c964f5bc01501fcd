import { schema, type Tx } from "@kunto/db";
import { DEMO_TENANT } from "@kunto/db/seed";
import { and, asc, eq, isNull, sql } from "drizzle-orm";

/**
 * The demo organisation's work tasks and notes (issue 22): a small office ticket list in every
 * status, spread over the organisation's members, assigned by its first admin. Added once: nothing
 * is written when the organisation has a work task already.
 */
const DEMO_WORK_TASKS: {
  title: string;
  message: string;
  status: "RECEIVED" | "WAITING" | "INPROGRESS" | "DONE";
}[] = [
  {
    title: "Replace the meeting room projector bulb",
    message: "The projector in room 2 flickers and switches off after ten minutes.",
    status: "RECEIVED",
  },
  {
    title: "Order safety shoes for the new warehouse staff",
    message: "Three pairs, sizes 41, 43 and 45. Supplier quote is in the shared folder.",
    status: "WAITING",
  },
  {
    title: "Update the shift plan for December",
    message: "Holiday requests are in; publish the plan by the 1st.",
    status: "INPROGRESS",
  },
  {
    title: "Renew the forklift inspection",
    message: "The yearly inspection expires at the end of the month. Book the inspector.",
    status: "RECEIVED",
  },
  {
    title: "Answer the customer's delivery-time question",
    message: "Nordic Parts asked when order 4471 ships; check with logistics and reply.",
    status: "INPROGRESS",
  },
  {
    title: "Clean up the shared drive",
    message: "Move last year's project folders to the archive.",
    status: "DONE",
  },
];
const DEMO_NOTES = [
  "The coffee machine is fixed. Thanks, everyone, for your patience!",
  "Remember to mark tasks done when they are finished, so the list stays short.",
];

export async function seedDemoWorkTasks(tx: Tx): Promise<number> {
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
    .select({ id: schema.workTasks.id })
    .from(schema.workTasks)
    .where(eq(schema.workTasks.tenantId, tenant.id))
    .limit(1);
  if (existing) return 0;
  const members = await tx
    .select({ id: schema.memberships.userId, roles: schema.memberships.roles })
    .from(schema.memberships)
    .where(eq(schema.memberships.tenantId, tenant.id))
    .orderBy(asc(schema.memberships.createdAt));
  const assigner = members.find((m) => m.roles.includes("tenant_admin"))?.id ?? null;
  const people = members.map((m) => m.id);
  await tx.insert(schema.workTasks).values(
    DEMO_WORK_TASKS.map((task, i) => ({
      tenantId: tenant.id,
      ...task,
      assignedUserId: people.length ? (people[i % people.length] ?? null) : null,
      assignerUserId: assigner,
      // Newest first on the screen: spread over the last days.
      createdAt: sql`now() - ${`${i * 26} hours`}::interval`,
    })),
  );
  await tx.insert(schema.workTaskHellos).values(
    DEMO_NOTES.map((msg, i) => ({
      tenantId: tenant.id,
      msg,
      authorUserId: assigner,
      createdAt: sql`now() - ${`${i * 3} days`}::interval`,
    })),
  );
  return DEMO_WORK_TASKS.length;
}
