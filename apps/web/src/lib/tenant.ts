import type { QueryClient } from "@tanstack/react-query";
import { storage } from "./storage";

const STORAGE_KEY = "kunto.tenantId";

/**
 * The chosen account (document 1 §3 "Tenant selection is stored on the device"). The value
 * lives here for the tRPC link, which sends it as X-tenant-id on every request, and in
 * localStorage so the choice survives a reload. The `/t/$tenantId` route sets it from the URL.
 */
let currentTenantId: string | null = storage.get(STORAGE_KEY);

export const getTenantId = (): string | null => currentTenantId;

/** Queries that do not depend on the chosen account; everything else is account data. */
const ACCOUNT_INDEPENDENT = new Set([
  "user.me",
  "user.getShadow",
  "user.invitations",
  "tenant.roles",
  "admin.systemRoles",
]);

function isAccountScoped(queryKey: readonly unknown[]): boolean {
  const path = queryKey[0];
  if (!Array.isArray(path)) return false;
  if (path[0] === "admin") return false;
  return !ACCOUNT_INDEPENDENT.has(path.join("."));
}

/**
 * Changes the account that requests act on. Query keys do not carry the account, so cached
 * account data is dropped on a change rather than shown for the wrong account.
 */
export function setTenantId(tenantId: string | null, queryClient?: QueryClient): void {
  if (tenantId === currentTenantId) return;
  currentTenantId = tenantId;
  storage.set(STORAGE_KEY, tenantId);
  if (queryClient) {
    const predicate = (query: { queryKey: readonly unknown[] }) => isAccountScoped(query.queryKey);
    void queryClient.cancelQueries({ predicate });
    queryClient.removeQueries({ predicate });
  }
}

/**
 * Keeps the remembered account valid for the signed-in user (document 1 §4): when it is not
 * one of theirs, the first of their accounts is chosen, or the choice is cleared.
 */
export function reconcileTenant(tenantIds: readonly string[], queryClient?: QueryClient): string | null {
  if (currentTenantId && tenantIds.includes(currentTenantId)) return currentTenantId;
  setTenantId(tenantIds[0] ?? null, queryClient);
  return currentTenantId;
}
