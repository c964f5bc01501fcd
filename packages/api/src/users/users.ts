import { generateToken } from "@kunto/auth";
import {
  effectivePlan,
  type Language,
  type Plan,
  type SubscriptionStatus,
  sanitizeFileName,
  type TUserInfoInput,
} from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { UserRow } from "../context";
import type { TUser } from "../dto";
import { fail } from "../errors";
import { decodeImage } from "../images";

type MembershipRef = {
  tenantId: string;
  name: string;
  roles: string[];
  active: boolean;
  plan: Plan;
  subscriptionStatus: SubscriptionStatus | null;
  paymentGraceUntil: Date | null;
};

export function toUserDto(user: UserRow, memberships: MembershipRef[]): TUser {
  return {
    id: user.id,
    subject: user.id,
    type: user.type,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    enabled: user.enabled,
    roles: user.systemRoles,
    roleSet: user.systemRoles,
    agentUser: user.systemRoles.includes("agent"),
    imageKey: user.imageKey,
    language: user.language,
    isDemo: user.isDemo,
    tenantRoles: memberships.map((m) => ({ id: m.tenantId, name: m.name, roleSet: m.roles })),
  };
}

/** Memberships of the given users with account names, in the transaction's visibility. */
export async function membershipsOf(tx: Tx, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, MembershipRef[]>();
  const rows = await tx
    .select({
      userId: schema.memberships.userId,
      tenantId: schema.memberships.tenantId,
      roles: schema.memberships.roles,
      name: schema.tenants.name,
      active: schema.tenants.active,
      plan: schema.tenants.plan,
      subscriptionStatus: schema.tenants.subscriptionStatus,
      paymentGraceUntil: schema.tenants.paymentGraceUntil,
    })
    .from(schema.memberships)
    .innerJoin(schema.tenants, eq(schema.tenants.id, schema.memberships.tenantId))
    .where(inArray(schema.memberships.userId, userIds))
    .orderBy(asc(schema.tenants.name));
  const byUser = new Map<string, MembershipRef[]>();
  for (const row of rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push(row);
    byUser.set(row.userId, list);
  }
  return byUser;
}

/**
 * The signed-in user's profile. Read from the stored row, not the session's copy: that copy may be
 * the check memory's (auth-cache.ts), up to AUTH_CACHE_MS old when another server process saved the
 * change (docs/scaling.md "Two nodes").
 */
export async function getMe(tx: Tx, sessionUser: UserRow) {
  const [stored] = await tx.select().from(schema.users).where(eq(schema.users.id, sessionUser.id));
  const user = stored ?? sessionUser;
  const memberships = (await membershipsOf(tx, [user.id])).get(user.id) ?? [];
  const [totp] = await tx
    .select()
    .from(schema.totpCredentials)
    .where(eq(schema.totpCredentials.userId, user.id));
  return {
    ...toUserDto(user, memberships),
    tenants: memberships.map((m) => ({
      id: m.tenantId,
      name: m.name,
      status: m.active ? "ACTIVE" : "INACTIVE",
      plan: effectivePlan(m.plan, m.subscriptionStatus, m.paymentGraceUntil),
    })),
    mfaEnabled: Boolean(totp?.enabledAt),
  };
}

/** The demo account's profile is read-only, enforced here and not only in the client. */
export function assertNotDemo(user: UserRow) {
  if (user.isDemo) fail("demo_account_read_only");
}

export async function updateUserInfo(tx: Tx, user: UserRow, input: TUserInfoInput) {
  assertNotDemo(user);
  return applyUserInfo(tx, user, input);
}

/**
 * Changes only the fields the input names: absent = unchanged, null = cleared. The e-mail
 * address is read-only; sending it back unchanged is allowed, a different one is refused.
 */
export async function applyUserInfo(tx: Tx, target: UserRow, { email, ...fields }: TUserInfoInput) {
  if (email !== undefined && email !== target.email) fail("email_read_only");
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) return target;
  const [updated] = await tx
    .update(schema.users)
    .set(changes)
    .where(eq(schema.users.id, target.id))
    .returning();
  return updated ?? fail("user_info_update_failed");
}

/** The demo user is shared by every visitor: their language stays in their own browser. */
export async function setLanguage(tx: Tx, user: UserRow, language: Language) {
  if (user.isDemo) return;
  await tx.update(schema.users).set({ language }).where(eq(schema.users.id, user.id));
}

/**
 * Stores a profile picture after checking its real type by its first bytes, not its name. The
 * name is kept only sanitised (document 1 §5).
 */
export async function setUserImage(tx: Tx, user: UserRow, dataBase64: string, fileName?: string) {
  assertNotDemo(user);
  const { data, contentType } = decodeImage(dataBase64);
  const key = generateToken();
  await tx.delete(schema.userImages).where(eq(schema.userImages.userId, user.id));
  await tx.insert(schema.userImages).values({
    key,
    userId: user.id,
    contentType,
    fileName: fileName ? sanitizeFileName(fileName, "profile-picture") : null,
    data,
  });
  await tx.update(schema.users).set({ imageKey: key }).where(eq(schema.users.id, user.id));
  return key;
}

export async function getShadow(tx: Tx, user: UserRow) {
  const [row] = await tx
    .select({ state: schema.users.shadowState })
    .from(schema.users)
    .where(eq(schema.users.id, user.id));
  return row?.state ?? null;
}

export async function setShadow(tx: Tx, user: UserRow, state: unknown) {
  await tx.update(schema.users).set({ shadowState: state }).where(eq(schema.users.id, user.id));
}

export async function getEmailSubscriptions(tx: Tx, tenantId: string, userId: string) {
  return tx
    .select({ type: schema.emailSubscriptions.type, data: schema.emailSubscriptions.data })
    .from(schema.emailSubscriptions)
    .where(
      and(eq(schema.emailSubscriptions.tenantId, tenantId), eq(schema.emailSubscriptions.userId, userId)),
    );
}

/** A switch on means the type exists; off sends `remove` (document 1 §7). */
export async function saveEmailSubscriptions(
  tx: Tx,
  tenantId: string,
  userId: string,
  items: Array<{ type: "survey_end" | "undone_tasks"; data?: unknown; remove?: boolean }>,
) {
  for (const item of items) {
    const where = and(
      eq(schema.emailSubscriptions.tenantId, tenantId),
      eq(schema.emailSubscriptions.userId, userId),
      eq(schema.emailSubscriptions.type, item.type),
    );
    if (item.remove) await tx.delete(schema.emailSubscriptions).where(where);
    else
      await tx
        .insert(schema.emailSubscriptions)
        .values({ tenantId, userId, type: item.type, data: item.data ?? null })
        .onConflictDoUpdate({
          target: [
            schema.emailSubscriptions.tenantId,
            schema.emailSubscriptions.userId,
            schema.emailSubscriptions.type,
          ],
          set: { data: item.data ?? null },
        });
  }
  return getEmailSubscriptions(tx, tenantId, userId);
}
