import { randomUUID } from "node:crypto";
import { markSessionsForRotation } from "@kunto/auth";
import {
  effectivePlan,
  type Permission,
  type TCreateTenantInput,
  type TenantRole,
  type TTenantDetailsInput,
} from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { and, eq, sql } from "drizzle-orm";
import { audit } from "../audit";
import { forgetTenant, forgetUser } from "../auth-cache";
import type { TTenant } from "../dto";
import { fail } from "../errors";

export type TenantRow = typeof schema.tenants.$inferSelect;

export function toTenantDto(t: TenantRow): TTenant {
  return {
    id: t.id,
    name: t.name,
    registrationNumber: t.registrationNumber,
    streetAddress: t.streetAddress,
    streetAddressLine2: t.streetAddressLine2,
    city: t.city,
    zipCode: t.zipCode,
    country: t.country,
    addressCounty: t.addressCounty,
    dunsNumber: t.dunsNumber,
    status: t.active ? "ACTIVE" : "INACTIVE",
    plan: effectivePlan(t.plan, t.subscriptionStatus, t.paymentGraceUntil),
    subscribedPlan: t.plan,
    subscriptionStatus: t.subscriptionStatus,
    currentSubscriptionPeriodEnd: t.currentSubscriptionPeriodEnd?.toISOString() ?? null,
    business: t.business,
    headcount: t.headcount,
    turnover: t.turnover,
    anonymityThreshold: t.anonymityThreshold,
    isDemo: t.isDemo,
  };
}

export async function getTenant(tx: Tx, tenantId: string): Promise<TenantRow> {
  const [row] = await tx.select().from(schema.tenants).where(eq(schema.tenants.id, tenantId));
  return row ?? fail("not_found");
}

/** The D-U-N-S number is locked once set (document 1 §5): only support (platform admin) changes it. */
export async function updateTenantDetails(
  tx: Tx,
  tenantId: string,
  input: TTenantDetailsInput & { anonymityThreshold?: number },
  options: { canChangeDuns: boolean },
) {
  const current = await getTenant(tx, tenantId);
  if (
    current.dunsNumber &&
    input.dunsNumber !== undefined &&
    input.dunsNumber !== current.dunsNumber &&
    !options.canChangeDuns
  ) {
    fail("duns_locked");
  }
  const [row] = await tx
    .update(schema.tenants)
    .set({
      name: input.name,
      streetAddress: input.streetAddress,
      streetAddressLine2: input.streetAddressLine2,
      city: input.city,
      zipCode: input.zipCode,
      country: input.country,
      registrationNumber: input.registrationNumber,
      addressCounty: input.addressCounty,
      dunsNumber: input.dunsNumber === undefined ? current.dunsNumber : input.dunsNumber,
      anonymityThreshold: input.anonymityThreshold ?? current.anonymityThreshold,
    })
    .where(eq(schema.tenants.id, tenantId))
    .returning();
  return row ?? fail("tenant_update_failed");
}

/**
 * Creates an account and makes `ownerId` its tenant_admin. Row-level security admits the insert
 * only for the transaction's tenant, so the new id is made here and set first.
 */
export async function createTenant(
  tx: Tx,
  input: TCreateTenantInput & { dunsNumber?: string | null },
  ownerId: string | null,
  extra: Partial<Pick<TenantRow, "plan" | "isDemo" | "active" | "sandboxId">> = {},
) {
  const id = randomUUID();
  const previous = await tx.execute<{ tenant: string }>(
    sql`select current_setting('app.tenant_id', true) as tenant`,
  );
  await tx.execute(sql`select set_config('app.tenant_id', ${id}, true)`);
  const [row] = await tx
    .insert(schema.tenants)
    .values({ id, ...input, ...extra })
    .returning();
  if (ownerId)
    await tx.insert(schema.memberships).values({ tenantId: id, userId: ownerId, roles: ["tenant_admin"] });
  await tx.execute(sql`select set_config('app.tenant_id', ${previous[0]?.tenant ?? ""}, true)`);
  return row ?? fail("tenant_creation_failed");
}

export async function getMembership(tx: Tx, tenantId: string, userId: string) {
  const [row] = await tx
    .select()
    .from(schema.memberships)
    .where(and(eq(schema.memberships.tenantId, tenantId), eq(schema.memberships.userId, userId)));
  return row ?? null;
}

async function adminCount(tx: Tx, tenantId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.memberships)
    .where(
      and(eq(schema.memberships.tenantId, tenantId), sql`'tenant_admin' = any(${schema.memberships.roles})`),
    );
  return row?.n ?? 0;
}

/** The last tenant_admin of an account can neither lose that role nor leave. */
async function assertNotLastAdmin(tx: Tx, tenantId: string, roles: string[]) {
  if (roles.includes("tenant_admin") && (await adminCount(tx, tenantId)) <= 1) {
    fail("disallow_tenant_admin_removal_if_last_memberships");
  }
}

export async function setMembershipRole(
  tx: Tx,
  tenantId: string,
  userId: string,
  role: TenantRole,
  action: "add" | "remove",
) {
  const membership = (await getMembership(tx, tenantId, userId)) ?? fail("not_found");
  let roles = membership.roles;
  if (action === "add") {
    if (!roles.includes(role)) roles = [...roles, role];
  } else {
    if (!roles.includes(role)) return membership;
    if (roles.length <= 1) fail("at_least_one_role_required");
    if (role === "tenant_admin") await assertNotLastAdmin(tx, tenantId, roles);
    roles = roles.filter((r) => r !== role);
  }
  const [row] = await tx
    .update(schema.memberships)
    .set({ roles })
    .where(and(eq(schema.memberships.tenantId, tenantId), eq(schema.memberships.userId, userId)))
    .returning();
  await markSessionsForRotation(tx, userId); // issue 6.3: new session token after a role change
  forgetUser(userId, tx);
  forgetTenant(tenantId, tx);
  return row ?? fail("user_roles_update_failed");
}

/** Removes a member; `actorUserId` is audited (null for the platform-admin path, audited there). */
export async function removeMember(
  tx: Tx,
  tenantId: string,
  userId: string,
  actorUserId: string | null = null,
) {
  const membership = (await getMembership(tx, tenantId, userId)) ?? fail("not_found");
  await assertNotLastAdmin(tx, tenantId, membership.roles);
  await tx
    .delete(schema.memberships)
    .where(and(eq(schema.memberships.tenantId, tenantId), eq(schema.memberships.userId, userId)));
  forgetUser(userId, tx);
  forgetTenant(tenantId, tx);
  if (actorUserId) {
    await audit(tx, {
      actorUserId,
      tenantId,
      action: "tenant.user_removed",
      targetType: "user",
      targetId: userId,
    });
  }
}

/**
 * A tenant admin gives or takes an account role. The acting user must still be an admin at this
 * moment (document 1 §4): otherwise `user_no_longer_admin`.
 */
export async function changeMemberRole(
  tx: Tx,
  tenant: { id: string; permissions: Set<Permission> },
  actorUserId: string,
  change: { userId: string; role: TenantRole; action: "add" | "remove" },
) {
  if (!tenant.permissions.has("tenant.users.manage")) fail("user_no_longer_admin");
  const membership = await setMembershipRole(tx, tenant.id, change.userId, change.role, change.action);
  await audit(tx, {
    actorUserId,
    tenantId: tenant.id,
    action: change.action === "add" ? "tenant.role_added" : "tenant.role_removed",
    targetType: "user",
    targetId: change.userId,
    details: { role: change.role },
  });
  return membership.roles;
}

export const listTenantValues = (tx: Tx, tenantId: string) =>
  tx
    .select({
      key: schema.tenantValues.key,
      value: schema.tenantValues.value,
      tenant: schema.tenantValues.tenantId,
    })
    .from(schema.tenantValues)
    .where(eq(schema.tenantValues.tenantId, tenantId));

export async function setTenantValue(tx: Tx, tenantId: string, key: string, value: string) {
  await tx
    .insert(schema.tenantValues)
    .values({ tenantId, key, value })
    .onConflictDoUpdate({ target: [schema.tenantValues.tenantId, schema.tenantValues.key], set: { value } });
  return { key, value, tenant: tenantId };
}

export async function deleteTenantValue(tx: Tx, tenantId: string, key: string) {
  await tx
    .delete(schema.tenantValues)
    .where(and(eq(schema.tenantValues.tenantId, tenantId), eq(schema.tenantValues.key, key)));
}
