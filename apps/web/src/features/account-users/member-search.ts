import { TENANT_ROLES, type TenantRole } from "@kunto/core";
import { roleLabel } from "../../lib/labels";
import { matchesTerms, searchTerms } from "../../lib/search";
import type { TenantUser } from "../../lib/session";

/** The account roles a member does not have yet, in the canonical order. */
export const missingRoles = (user: TenantUser): TenantRole[] =>
  TENANT_ROLES.filter((role) => !user.roles.includes(role));

/** Account roles of a member in the canonical order (admin, basic, read-only). */
export const orderedRoles = (user: TenantUser): TenantRole[] =>
  TENANT_ROLES.filter((role) => user.roles.includes(role));

/** What the list calls a member: e-mail, else username (device users). */
export const memberName = (user: TenantUser): string => user.email ?? user.username ?? user.id;

/**
 * Document 1 §5: the search is split on spaces and every term must match the e-mail, username,
 * names or roles (role keys and their translated texts), case-insensitively.
 */
export function matchesSearch(user: TenantUser, search: string): boolean {
  return matchesTerms(searchTerms(search), [
    user.email,
    user.username,
    user.firstName,
    user.lastName,
    ...user.roles,
    ...user.roles.map(roleLabel),
  ]);
}
