/** Platform-wide roles (document 1 §3). `agent` marks a device or shared user. */
export const SYSTEM_ROLES = ["admin", "basic", "agent"] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];

/** Roles a user holds inside one account (tenant). */
export const TENANT_ROLES = ["tenant_admin", "tenant_basic", "tenant_readonly"] as const;
export type TenantRole = (typeof TENANT_ROLES)[number];

export const isTenantRole = (role: string): role is TenantRole =>
  (TENANT_ROLES as readonly string[]).includes(role);
export const isSystemRole = (role: string): role is SystemRole =>
  (SYSTEM_ROLES as readonly string[]).includes(role);
