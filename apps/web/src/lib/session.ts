import type { AppRouter } from "@kunto/api";
import { isTenantRole, type Permission, PLANS, type Plan, permissionsOf, type TenantRole } from "@kunto/core";
import type { inferRouterOutputs } from "@trpc/server";

type Outputs = inferRouterOutputs<AppRouter>;
export type Me = Outputs["user"]["me"];
export type Tenant = Outputs["tenant"]["current"];
export type TenantUser = Outputs["tenant"]["users"][number];
export type AdminUser = Outputs["admin"]["users"][number];
/** A "Try the demo" visitor's sandbox (null for everyone else). */
export type DemoSandbox = NonNullable<Outputs["demo"]["sandbox"]>;

/** The account a route acts on, as the signed-in user sees it. */
export interface CurrentTenant {
  id: string;
  name: string;
  plan: Plan;
  active: boolean;
  roles: TenantRole[];
  permissions: Set<Permission>;
}

const toPlan = (value: string): Plan => PLANS.find((p) => p === value) ?? "FREE";

export function tenantOf(me: Me, tenantId: string | null | undefined): CurrentTenant | null {
  if (!tenantId) return null;
  const tenant = me.tenants.find((t) => t.id === tenantId);
  if (!tenant) return null;
  const roles = (me.tenantRoles.find((r) => r.id === tenantId)?.roleSet ?? []).filter(isTenantRole);
  return {
    id: tenant.id,
    name: tenant.name,
    plan: toPlan(tenant.plan),
    active: tenant.status !== "INACTIVE",
    roles,
    permissions: permissionsOf(roles),
  };
}

export const isPlatformAdmin = (me: Pick<Me, "roles">): boolean => me.roles.includes("admin");

/** What a person is called in lists: their name, else their e-mail or username. */
export function displayName(user: {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  username: string | null;
}): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return name || user.email || user.username || "";
}
