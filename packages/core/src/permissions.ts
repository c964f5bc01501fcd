import type { TenantRole } from "./roles";

/**
 * What a member of an account may do. Middleware checks permissions, never role names;
 * anything not listed is denied.
 */
export const PERMISSIONS = [
  "tenant.read",
  "tenant.update",
  "tenant.users.read",
  "tenant.users.manage",
  "tenant.values.read",
  "tenant.values.write",
  "tenant.subscriptions.manage",
  "survey.read",
  "survey.write",
  "report.read",
  "task.read",
  "task.write",
  "billing.manage",
  "financials.read",
  "financials.write",
  /** The organisation's API keys (issue 20); on paid plans only (`withPlan(..., "apiKeys")`). */
  "tenant.apikeys.manage",
  /** The organisation's webhook endpoints and their deliveries (issue 20.4); paid plans only. */
  "tenant.webhooks.manage",
  /** Parties and persons of the organisation's CRM (document 3 §6: tenant_admin only; issue 22). */
  "party.read",
  "party.write",
  "person.read",
  "person.write",
  /** Work tasks (issue 22): read; change one's own (assigned to or made by oneself); every task. */
  "worktask.read",
  "worktask.write",
  "worktask.manage",
  /** Items (issue 22, document 3 §6: tenant admins only). */
  "item.manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<TenantRole, readonly Permission[]> = {
  tenant_admin: PERMISSIONS,
  tenant_readonly: [
    "tenant.read",
    "tenant.values.read",
    "survey.read",
    "report.read",
    "task.read",
    "financials.read",
    "worktask.read",
  ],
  tenant_basic: [
    "tenant.read",
    "tenant.values.read",
    "report.read",
    "task.read",
    "financials.read",
    "worktask.read",
    "worktask.write",
  ],
};

export function permissionsOf(roles: readonly string[]): Set<Permission> {
  const granted = new Set<Permission>();
  for (const role of roles) {
    const perms = ROLE_PERMISSIONS[role as TenantRole];
    if (!perms) continue;
    for (const p of perms) granted.add(p);
  }
  return granted;
}

export const hasPermission = (roles: readonly string[], permission: Permission): boolean =>
  permissionsOf(roles).has(permission);
