import type { Plan } from "@kunto/core";
import type { SessionRow, UserRow } from "./context";

/**
 * A short-lived, per-process memory of validated sessions and memberships, so a burst of calls
 * from one signed-in user does not repeat the same two look-ups on every request. It only ever
 * shortcuts a check that just passed: entries live AUTH_CACHE_MS (default 1000 ms; 0 turns the
 * cache off), changes made through this process (sign-out, password change, disable, role and
 * membership changes) clear it at once, and another instance sees such a change within that time.
 * Row-level security does not depend on it: the transaction still names the tenant.
 */
export interface CachedMembership {
  roles: string[];
  plan: Plan;
  active: boolean;
}

interface Entry {
  at: number;
  session: SessionRow;
  user: UserRow;
  memberships: Map<string, CachedMembership>;
}

const TTL_MS = Number(process.env.AUTH_CACHE_MS ?? 1000);
const MAX_ENTRIES = 10_000;
const entries = new Map<string, Entry>();

function fresh(token: string): Entry | null {
  const entry = entries.get(token);
  if (!entry) return null;
  if (Date.now() - entry.at > TTL_MS) {
    entries.delete(token);
    return null;
  }
  return entry;
}

export const authCache = {
  get(token: string) {
    return TTL_MS > 0 ? fresh(token) : null;
  },
  membership(token: string, tenantId: string) {
    return TTL_MS > 0 ? (fresh(token)?.memberships.get(tenantId) ?? null) : null;
  },
  remember(
    token: string,
    session: SessionRow,
    user: UserRow,
    tenant?: { id: string; membership: CachedMembership },
  ) {
    if (TTL_MS <= 0 || session.state !== "active") return;
    const existing = fresh(token);
    const entry = existing ?? { at: Date.now(), session, user, memberships: new Map() };
    if (tenant) entry.memberships.set(tenant.id, tenant.membership);
    if (!existing) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value ?? "");
      entries.set(token, entry);
    }
  },
  /** Called by every change to sessions, users, roles or memberships made in this process. */
  clear() {
    entries.clear();
  },
};
