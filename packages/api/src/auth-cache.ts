import type { Plan } from "@kunto/core";
import type { SessionRow, UserRow } from "./context";

/**
 * A short-lived, per-process memory of validated sessions and memberships, so a burst of calls
 * from one signed-in user does not repeat the same two look-ups on every request. It only ever
 * shortcuts a check that just passed: entries live AUTH_CACHE_MS (default 1000 ms; 0 turns the
 * cache off). Forgetting is keyed, never global: a change forgets the checks of the users and
 * tenants it can affect (`forgetUser`, `forgetTenant`), so public traffic (sign-in attempts, demo
 * starts, respondents' submissions) and other tenants' writes leave the memory alone. Another
 * instance sees such a change within AUTH_CACHE_MS. Row-level security does not depend on it: the
 * transaction still names the tenant.
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
/** Tokens by key, so forgetting a user or a tenant touches only their entries. */
const entries = new Map<string, Entry>();
const tokensByUser = new Map<string, Set<string>>();
const tokensByTenant = new Map<string, Set<string>>();

/**
 * A check that read the database before a change committed must not be remembered after it: every
 * forget takes the next tick of this clock, and `remember` refuses a check whose read began at an
 * earlier tick than a forget of its user or tenant. Marks older than every check in flight could be
 * dropped; past MAX_MARKS they all go and `floor` refuses every check begun before that.
 */
let clock = 0;
let floor = 0;
const MAX_MARKS = 10_000;
const userMarks = new Map<string, number>();
const tenantMarks = new Map<string, number>();

function index(map: Map<string, Set<string>>, key: string, token: string) {
  const set = map.get(key);
  if (set) set.add(token);
  else map.set(key, new Set([token]));
}

function unindex(map: Map<string, Set<string>>, key: string, token: string) {
  const set = map.get(key);
  if (!set) return;
  set.delete(token);
  if (set.size === 0) map.delete(key);
}

function drop(token: string) {
  const entry = entries.get(token);
  if (!entry) return;
  entries.delete(token);
  unindex(tokensByUser, entry.user.id, token);
  for (const tenantId of entry.memberships.keys()) unindex(tokensByTenant, tenantId, token);
}

function fresh(token: string): Entry | null {
  const entry = entries.get(token);
  if (!entry) return null;
  if (Date.now() - entry.at > TTL_MS) {
    drop(token);
    return null;
  }
  return entry;
}

function mark(marks: Map<string, number>, key: string) {
  if (marks.size >= MAX_MARKS) {
    userMarks.clear();
    tenantMarks.clear();
    floor = clock + 1;
  }
  clock += 1;
  marks.set(key, clock);
}

function forgetUserNow(userId: string) {
  mark(userMarks, userId);
  for (const token of [...(tokensByUser.get(userId) ?? [])]) drop(token);
}

function forgetTenantNow(tenantId: string) {
  mark(tenantMarks, tenantId);
  for (const token of tokensByTenant.get(tenantId) ?? []) entries.get(token)?.memberships.delete(tenantId);
  tokensByTenant.delete(tenantId);
}

/**
 * The forgets a write asks for while its transaction is open, applied once it has committed
 * (the ladder opens every request transaction through `forgettingAfter`): forgetting before the
 * commit would let a concurrent call remember the old state again. Keyed by the transaction
 * object the services receive, so nothing is carried through async context (no per-promise
 * cost). Without a transaction, or with one the ladder did not open, they apply at once.
 */
interface Pending {
  users: string[];
  tenants: string[];
}
const pending = new WeakMap<object, Pending>();

export function forgetUser(userId: string, tx?: object) {
  const scope = tx ? pending.get(tx) : undefined;
  if (scope) scope.users.push(userId);
  else forgetUserNow(userId);
}

export function forgetTenant(tenantId: string, tx?: object) {
  const scope = tx ? pending.get(tx) : undefined;
  if (scope) scope.tenants.push(tenantId);
  else forgetTenantNow(tenantId);
}

/**
 * Runs a transaction; the forgets named with its handle apply when it is over, whether it
 * committed or rolled back. `open` is the database's `transaction`.
 */
export async function forgettingAfter<T, Tx extends object>(
  open: (body: (tx: Tx) => Promise<T>) => Promise<T>,
  body: (tx: Tx) => Promise<T>,
): Promise<T> {
  const scope: Pending = { users: [], tenants: [] };
  try {
    return await open((tx) => {
      pending.set(tx, scope);
      return body(tx);
    });
  } finally {
    for (const userId of scope.users) forgetUserNow(userId);
    for (const tenantId of scope.tenants) forgetTenantNow(tenantId);
  }
}

const stale = (since: number, userId: string, tenantId?: string) =>
  since < floor ||
  (userMarks.get(userId) ?? 0) > since ||
  (tenantId !== undefined && (tenantMarks.get(tenantId) ?? 0) > since);

export const authCache = {
  get(token: string) {
    return TTL_MS > 0 ? fresh(token) : null;
  },
  membership(token: string, tenantId: string) {
    return TTL_MS > 0 ? (fresh(token)?.memberships.get(tenantId) ?? null) : null;
  },
  /** Taken before a check reads the database; `remember` gets it back. */
  checkpoint() {
    return clock;
  },
  remember(
    since: number,
    token: string,
    session: SessionRow,
    user: UserRow,
    tenant?: { id: string; membership: CachedMembership },
  ) {
    if (TTL_MS <= 0 || session.state !== "active") return;
    if (stale(since, user.id, tenant?.id)) return;
    const existing = fresh(token);
    const entry = existing ?? { at: Date.now(), session, user, memberships: new Map() };
    if (tenant) {
      entry.memberships.set(tenant.id, tenant.membership);
      index(tokensByTenant, tenant.id, token);
    }
    if (!existing) {
      if (entries.size >= MAX_ENTRIES) drop(entries.keys().next().value ?? "");
      entries.set(token, entry);
      index(tokensByUser, user.id, token);
    }
  },
  /** How many sessions are remembered (tests). */
  size() {
    return entries.size;
  },
};
