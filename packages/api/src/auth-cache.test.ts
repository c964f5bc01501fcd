import { describe, expect, it } from "vitest";
import { authCache, forgetTenant, forgettingAfter, forgetUser } from "./auth-cache";
import type { SessionRow, UserRow } from "./context";

let n = 0;
const person = () => {
  n += 1;
  const user = { id: `user-${n}`, enabled: true } as UserRow;
  const session = { id: `session-${n}`, userId: user.id, state: "active" } as SessionRow;
  return { user, session, token: `token-${n}` };
};
const member = { roles: ["tenant_admin"], plan: "PRO" as const, active: true };

describe("the per-process check memory", () => {
  it("forgets one user's sessions and leaves everyone else's", () => {
    const a = person();
    const a2 = { ...person(), user: a.user };
    const b = person();
    for (const p of [a, a2, b]) authCache.remember(authCache.checkpoint(), p.token, p.session, p.user);
    forgetUser(a.user.id);
    expect(authCache.get(a.token)).toBeNull();
    expect(authCache.get(a2.token)).toBeNull();
    expect(authCache.get(b.token)?.user.id).toBe(b.user.id);
  });

  it("forgets one tenant's memberships and keeps the sessions and other tenants", () => {
    const a = person();
    const b = person();
    authCache.remember(authCache.checkpoint(), a.token, a.session, a.user, {
      id: "tenant-a",
      membership: member,
    });
    authCache.remember(authCache.checkpoint(), a.token, a.session, a.user, {
      id: "tenant-b",
      membership: member,
    });
    authCache.remember(authCache.checkpoint(), b.token, b.session, b.user, {
      id: "tenant-b",
      membership: member,
    });
    forgetTenant("tenant-a");
    expect(authCache.membership(a.token, "tenant-a")).toBeNull();
    expect(authCache.membership(a.token, "tenant-b")).toEqual(member);
    expect(authCache.membership(b.token, "tenant-b")).toEqual(member);
    expect(authCache.get(a.token)).not.toBeNull();
  });

  it("inside a write, forgets what it names with its transaction only when it is over, even when it failed", async () => {
    const a = person();
    const b = person();
    const open = <T>(body: (tx: object) => Promise<T>) => body({});
    authCache.remember(authCache.checkpoint(), a.token, a.session, a.user);
    authCache.remember(authCache.checkpoint(), b.token, b.session, b.user);
    await forgettingAfter(open, async (tx) => {
      forgetUser(a.user.id, tx);
      expect(authCache.get(a.token)).not.toBeNull();
      // Named without the transaction (a public call after its own commit): at once.
      forgetUser(b.user.id);
      expect(authCache.get(b.token)).toBeNull();
    });
    expect(authCache.get(a.token)).toBeNull();

    authCache.remember(authCache.checkpoint(), a.token, a.session, a.user);
    await expect(
      forgettingAfter(open, async (tx) => {
        forgetUser(a.user.id, tx);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(authCache.get(a.token)).toBeNull();
  });

  it("does not remember a check that read the database before a change of its user or tenant was forgotten", () => {
    const a = person();
    const since = authCache.checkpoint();
    forgetUser(a.user.id); // a role change committed while the check was reading
    authCache.remember(since, a.token, a.session, a.user);
    expect(authCache.get(a.token)).toBeNull();
    const later = authCache.checkpoint();
    authCache.remember(later, a.token, a.session, a.user);
    expect(authCache.get(a.token)).not.toBeNull();

    const b = person();
    const before = authCache.checkpoint();
    forgetTenant("tenant-c");
    authCache.remember(before, b.token, b.session, b.user, { id: "tenant-c", membership: member });
    expect(authCache.membership(b.token, "tenant-c")).toBeNull();
  });

  it("never remembers a session that is not active", () => {
    const a = person();
    authCache.remember(authCache.checkpoint(), a.token, { ...a.session, state: "mfa_pending" }, a.user);
    expect(authCache.get(a.token)).toBeNull();
  });
});
