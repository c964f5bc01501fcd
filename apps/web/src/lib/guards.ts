import type { Permission, SystemRole } from "@kunto/core";
import { redirect } from "@tanstack/react-router";
import type { CurrentTenant, Me } from "./session";

/**
 * Route guards for `beforeLoad`. They read what the `_authed` and `/t/$tenantId` layouts put
 * in the router context, so they only work below those layouts:
 *
 *   beforeLoad: requireSystemRole("admin")
 *   beforeLoad: requireTenantPermission("tenant.users.manage")
 */
export function requireSystemRole(role: SystemRole) {
  return ({ context }: { context: { me?: Me } }): void => {
    if (!context.me?.roles.includes(role)) throw redirect({ to: "/access_denied", replace: true });
  };
}

export function requireTenantPermission(permission: Permission) {
  return ({ context }: { context: { tenant?: CurrentTenant } }): void => {
    if (!context.tenant?.permissions.has(permission)) throw redirect({ to: "/access_denied", replace: true });
  };
}
