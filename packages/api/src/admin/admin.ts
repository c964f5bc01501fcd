import { hashPassword, invalidateUserSessions, markSessionsForRotation } from "@kunto/auth";
import {
  defaultSystemRoles,
  type Plan,
  type SystemRole,
  type TAdminCreateUserInput,
  type TUserInfoInput,
} from "@kunto/core";
import { checkPassword } from "@kunto/core/password";
import { schema, type Tx } from "@kunto/db";
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { getMembership } from "../accounts/tenants";
import { audit } from "../audit";
import { forgetTenant, forgetUser } from "../auth-cache";
import type { UserRow } from "../context";
import { fail } from "../errors";
import { applyUserInfo, membershipsOf, toUserDto } from "../users/users";

export async function listUsers(tx: Tx, userType?: "local" | "cloud") {
  const where =
    userType === "local"
      ? isNull(schema.users.email)
      : userType === "cloud"
        ? isNotNull(schema.users.email)
        : undefined;
  // Demo sandboxes are visitors' private, temporary copies: not part of the platform's users.
  const users = await tx
    .select()
    .from(schema.users)
    .where(and(isNull(schema.users.sandboxId), where))
    .orderBy(asc(schema.users.email), asc(schema.users.username));
  const memberships = await membershipsOf(
    tx,
    users.map((u) => u.id),
  );
  return users.map((u) => toUserDto(u, memberships.get(u.id) ?? []));
}

export async function getUser(tx: Tx, id: string): Promise<UserRow> {
  const [user] = await tx.select().from(schema.users).where(eq(schema.users.id, id));
  return user ?? fail("not_found");
}

export async function userDto(tx: Tx, id: string) {
  const user = await getUser(tx, id);
  return toUserDto(user, (await membershipsOf(tx, [id])).get(id) ?? []);
}

/** Platform add-user: local (shared / device) users get a username and password, others an e-mail. */
export async function createUser(tx: Tx, input: TAdminCreateUserInput) {
  const login = input.type === "LOCAL" ? input.username : input.email;
  if (!login) return fail("username_or_email_required");
  if (input.type === "LOCAL" && !input.password) fail("password_required_for_shared_user");
  const [taken] = await tx
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(
      and(
        isNull(schema.users.sandboxId),
        input.type === "LOCAL" ? eq(schema.users.username, login) : eq(schema.users.email, login),
      ),
    );
  if (taken) fail("user_exists");
  let passwordHash: string | null = null;
  if (input.password) {
    const { error } = checkPassword(input.password, [login]);
    if (error) fail(error);
    passwordHash = await hashPassword(input.password);
  }
  const [user] = await tx
    .insert(schema.users)
    .values({
      type: input.type,
      username: input.type === "LOCAL" ? login : null,
      email: input.type === "CLOUD" ? login : null,
      firstName: input.firstName,
      lastName: input.lastName,
      systemRoles: input.roleSet ?? defaultSystemRoles(input.type),
      passwordHash,
      // A password set by an admin is temporary: the user, shared-device users included, chooses
      // their own at first sign-in (docs/decisions.md).
      mustChangePassword: passwordHash !== null,
      emailConfirmedAt: input.type === "CLOUD" ? new Date() : null,
    })
    .onConflictDoNothing()
    .returning();
  return user ?? fail("user_exists");
}

export async function updateUser(tx: Tx, id: string, input: TUserInfoInput) {
  forgetUser(id, tx);
  return applyUserInfo(tx, await getUser(tx, id), input);
}

export async function setUserEnabled(tx: Tx, actor: UserRow, id: string, enabled: boolean) {
  if (actor.id === id) fail(enabled ? "you_cannot_enable_yourself" : "you_cannot_disable_yourself");
  const [user] = await tx.update(schema.users).set({ enabled }).where(eq(schema.users.id, id)).returning();
  if (!user) return fail("not_found");
  if (!enabled) await invalidateUserSessions(tx, id);
  forgetUser(id, tx);
  await audit(tx, {
    actorUserId: actor.id,
    action: enabled ? "user.enabled" : "user.disabled",
    targetType: "user",
    targetId: id,
  });
  return user;
}

async function adminCount(tx: Tx) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.users)
    .where(and(eq(schema.users.enabled, true), sql`'admin' = any(${schema.users.systemRoles})`));
  return row?.n ?? 0;
}

/** A user always keeps one role; the last platform admin keeps theirs. */
export async function setSystemRole(
  tx: Tx,
  actor: UserRow,
  id: string,
  role: SystemRole,
  action: "add" | "remove",
) {
  const user = await getUser(tx, id);
  let roles = user.systemRoles;
  if (action === "add") {
    if (!roles.includes(role)) roles = [...roles, role];
  } else if (roles.includes(role)) {
    if (roles.length <= 1) fail("at_least_one_role_required");
    if (role === "admin" && (await adminCount(tx)) <= 1) fail("last_admin_role");
    roles = roles.filter((r) => r !== role);
  }
  const [updated] = await tx
    .update(schema.users)
    .set({ systemRoles: roles })
    .where(eq(schema.users.id, id))
    .returning();
  await markSessionsForRotation(tx, id); // issue 6.3: new session token after a role change
  forgetUser(id, tx);
  await audit(tx, {
    actorUserId: actor.id,
    action: `user.role_${action}`,
    targetType: "user",
    targetId: id,
    details: { role },
  });
  return updated ?? fail("user_roles_update_failed");
}

export async function listTenants(tx: Tx) {
  return tx
    .select()
    .from(schema.tenants)
    .where(isNull(schema.tenants.sandboxId))
    .orderBy(asc(schema.tenants.name));
}

export async function setTenantPlan(
  tx: Tx,
  actor: UserRow,
  tenantId: string,
  status: Plan | "ACTIVE" | "INACTIVE",
) {
  // A plan set by hand holds as given (issue 21): no subscription status or grace period of an ended
  // or failing Stripe subscription turns it into FREE. A live subscription's next event sets it again.
  const change =
    status === "ACTIVE" || status === "INACTIVE"
      ? { active: status === "ACTIVE" }
      : { plan: status, subscriptionStatus: null, paymentGraceUntil: null };
  const [row] = await tx
    .update(schema.tenants)
    .set(change)
    .where(eq(schema.tenants.id, tenantId))
    .returning();
  if (!row) return fail("not_found");
  forgetTenant(tenantId, tx);
  await audit(tx, {
    actorUserId: actor.id,
    tenantId,
    action: "tenant.plan_changed",
    targetType: "tenant",
    targetId: tenantId,
    details: { status },
  });
  return row;
}

export async function deleteTenant(tx: Tx, tenantId: string) {
  const [row] = await tx
    .delete(schema.tenants)
    .where(eq(schema.tenants.id, tenantId))
    .returning({ id: schema.tenants.id });
  if (!row) fail("not_found");
  forgetTenant(tenantId, tx);
}

export async function addUserToTenant(tx: Tx, tenantId: string, userId: string) {
  await getUser(tx, userId);
  if (await getMembership(tx, tenantId, userId)) return;
  forgetUser(userId, tx);
  const [{ n } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.memberships)
    .where(eq(schema.memberships.tenantId, tenantId));
  // The first member of an account administers it; later ones start as basic users.
  await tx
    .insert(schema.memberships)
    .values({ tenantId, userId, roles: [n === 0 ? "tenant_admin" : "tenant_basic"] });
}
