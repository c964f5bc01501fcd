import { schema, type Tx } from "@kunto/db";
import { asc, eq } from "drizzle-orm";
import type { ApiConfig } from "../context";

const domainOf = (email: string | null) => email?.split("@")[1]?.toLowerCase() ?? "";

/**
 * Users of internal company domains are hidden from everyone not from such a domain
 * (document 1 §2, DECISIONS.md "Tenancy").
 */
export function visibleTo(viewerEmail: string | null, config: ApiConfig) {
  const internal = new Set(config.internalEmailDomains.map((d) => d.toLowerCase()));
  if (internal.size === 0 || internal.has(domainOf(viewerEmail))) return () => true;
  return (user: { email: string | null }) => !internal.has(domainOf(user.email));
}

export async function listMembers(tx: Tx, tenantId: string, viewerEmail: string | null, config: ApiConfig) {
  const rows = await tx
    .select({ user: schema.users, roles: schema.memberships.roles })
    .from(schema.memberships)
    .innerJoin(schema.users, eq(schema.users.id, schema.memberships.userId))
    .where(eq(schema.memberships.tenantId, tenantId))
    .orderBy(asc(schema.users.email), asc(schema.users.username));
  const visible = visibleTo(viewerEmail, config);
  return rows
    .filter((r) => visible(r.user))
    .map(({ user, roles }) => ({
      id: user.id,
      subject: user.id,
      email: user.email,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      imageKey: user.imageKey,
      agentUser: user.systemRoles.includes("agent"),
      roles,
    }));
}
