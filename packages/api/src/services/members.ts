import { generateToken, hashPassword } from "@kunto/auth";
import { isLanguage, type TAddTenantUserInput } from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { enqueueMail } from "@kunto/mail";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { ApiConfig } from "../context";
import { fail } from "../errors";
import { getMembership, getTenant } from "./tenants";

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

/**
 * Adds a person by e-mail. An existing user gets the membership and a notice; a new one is
 * created with a temporary password they must replace at first sign-in. The mail is queued in
 * the same transaction, so a failure loses neither.
 */
export async function addMember(tx: Tx, tenantId: string, input: TAddTenantUserInput, config: ApiConfig) {
  const tenant = await getTenant(tx, tenantId);
  // A demo sandbox's organisation knows only the sandbox's people: an address added there is a new
  // sandbox person even if a real account has it (issue 6.6).
  const sameWorld = tenant.sandboxId
    ? eq(schema.users.sandboxId, tenant.sandboxId)
    : isNull(schema.users.sandboxId);
  const [existing] = await tx
    .select()
    .from(schema.users)
    .where(and(eq(schema.users.email, input.email), sameWorld));
  let user = existing;
  if (user && (await getMembership(tx, tenantId, user.id))) fail("user_exists");
  if (!user) {
    const temporary = generateToken().slice(0, 16);
    const [created] = await tx
      .insert(schema.users)
      .values({
        type: "CLOUD",
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash: await hashPassword(temporary),
        mustChangePassword: true,
        emailConfirmedAt: new Date(),
        sandboxId: tenant.sandboxId,
      })
      .returning();
    user = created ?? fail("user_add_fail");
    await enqueueMail(tx, {
      to: input.email,
      kind: "accountCreated",
      language: "en",
      vars: { link: `${config.appUrl}/login`, account: tenant.name, password: temporary },
    });
  } else {
    await enqueueMail(tx, {
      to: input.email,
      kind: "addedToAccount",
      language: isLanguage(user.language) ? user.language : "en",
      vars: { link: `${config.appUrl}/login`, account: tenant.name },
    });
  }
  await tx.insert(schema.memberships).values({ tenantId, userId: user.id, roles: ["tenant_basic"] });
  return user;
}
