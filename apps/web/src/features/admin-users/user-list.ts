import { isSystemRole, SYSTEM_ROLES, type SystemRole } from "@kunto/core";
import { matchesTerms } from "../../lib/search";
import type { AdminUser } from "../../lib/session";

/**
 * Pure list logic of the platform user table (document 1 §5, §9): search, filter chips,
 * sorting (paging: lib/pagination.ts). Kept free of React so it is unit-tested (user-list.test.ts).
 */

/** The filter chips; document 1 §5 numbers them 0 to 3 in this order. All on by default. */
export const USER_FILTERS = ["cloud", "local", "active", "inactive"] as const;
export type UserFilter = (typeof USER_FILTERS)[number];
export const DEFAULT_USER_FILTERS: UserFilter[] = [...USER_FILTERS];

export const isUserFilter = (value: string): value is UserFilter =>
  (USER_FILTERS as readonly string[]).includes(value);

/**
 * Every term must occur in one of the user's fields: e-mail, username, subject, names, system
 * roles (as stored and as shown), and the account names and role names of the memberships.
 */
export function matchesSearch(
  user: AdminUser,
  terms: readonly string[],
  roleText: (role: string) => string = (role) => role,
): boolean {
  if (terms.length === 0) return true;
  return matchesTerms(terms, [
    user.email,
    user.username,
    user.subject,
    user.firstName,
    user.lastName,
    ...user.roles.flatMap((role) => [role, roleText(role)]),
    ...user.tenantRoles.flatMap((m) => [m.name, ...m.roleSet.flatMap((role) => [role, roleText(role)])]),
  ]);
}

/**
 * The chips: `cloud` and `local` keep e-mail and shared users, `active` keeps enabled users and
 * `inactive` disabled ones. A cleared chip hides its users, so with both `active` and
 * `inactive` cleared nothing is shown.
 */
export function passesFilters(user: AdminUser, filters: readonly UserFilter[]): boolean {
  const typeOk = user.type === "LOCAL" ? filters.includes("local") : filters.includes("cloud");
  const stateOk = user.enabled ? filters.includes("active") : filters.includes("inactive");
  return typeOk && stateOk;
}

export type SortColumn = "user" | "memberships";
export type SortDirection = "asc" | "desc";
export interface UserSort {
  column: SortColumn;
  direction: SortDirection;
}
export const DEFAULT_USER_SORT: UserSort = { column: "user", direction: "asc" };

/** Clicking a header sorts by it ascending, clicking it again turns the direction. */
export function nextSort(current: UserSort, column: SortColumn): UserSort {
  if (current.column !== column) return { column, direction: "asc" };
  return { column, direction: current.direction === "asc" ? "desc" : "asc" };
}

/** What the user column shows and sorts by: the e-mail, else the username. */
export const loginOf = (user: Pick<AdminUser, "email" | "username" | "subject">): string =>
  user.email ?? user.username ?? user.subject;

/** Account names of the memberships in alphabetical order. */
export function membershipNames(user: AdminUser, collator: Intl.Collator): string[] {
  return user.tenantRoles.map((m) => m.name).sort(collator.compare);
}

/**
 * Sorted copy. Users by login, then name; memberships by their first account name, users
 * without memberships last in either direction.
 */
export function sortUsers(users: readonly AdminUser[], sort: UserSort, locale?: string): AdminUser[] {
  const collator = new Intl.Collator(locale, { sensitivity: "base", numeric: true });
  const sign = sort.direction === "asc" ? 1 : -1;
  const byLogin = (a: AdminUser, b: AdminUser) =>
    collator.compare(loginOf(a), loginOf(b)) ||
    collator.compare(`${a.firstName ?? ""} ${a.lastName ?? ""}`, `${b.firstName ?? ""} ${b.lastName ?? ""}`);
  if (sort.column === "user") return [...users].sort((a, b) => sign * byLogin(a, b));
  const keys = new Map(users.map((user) => [user.id, membershipNames(user, collator).join("\n")]));
  return [...users].sort((a, b) => {
    const ka = keys.get(a.id) ?? "";
    const kb = keys.get(b.id) ?? "";
    if (!ka !== !kb) return ka ? -1 : 1;
    return sign * collator.compare(ka, kb) || byLogin(a, b);
  });
}

/** The user's platform roles in the usual order (admin, basic, agent). */
export function systemRolesOf(user: Pick<AdminUser, "roles">): SystemRole[] {
  return SYSTEM_ROLES.filter((role) => user.roles.includes(role));
}

/** Roles that can still be given: assignable ones without the `tenant_` prefix. */
export function missingRoles(user: Pick<AdminUser, "roles">, assignable: readonly string[]): SystemRole[] {
  return assignable.filter(isSystemRole).filter((role) => !user.roles.includes(role));
}

/** Enabled platform admins; the server refuses to take the role from the last one. */
export const enabledAdminCount = (users: readonly AdminUser[]): number =>
  users.filter((user) => user.enabled && user.roles.includes("admin")).length;

/**
 * Whether a role chip may show its remove button: a user keeps at least one role, and the last
 * enabled admin keeps the admin role.
 */
export function canRemoveRole(user: AdminUser, role: string, admins: number): boolean {
  if (user.roles.length <= 1) return false;
  if (role === "admin" && user.enabled && admins <= 1) return false;
  return true;
}
