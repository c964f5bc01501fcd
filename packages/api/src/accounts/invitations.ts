import { enforce } from "@kunto/auth";
import { isLanguage, type Language, type TAddTenantUserInput } from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { enqueueMail } from "@kunto/mail";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { audit } from "../audit";
import { forgetTenant } from "../auth-cache";
import type { ApiConfig, UserRow } from "../context";
import type { TInvitation, TTenantInvitation } from "../dto";
import { fail } from "../errors";
import { invitationMailChecks } from "../rate-limits";
import { getTenant } from "./tenants";

/** How long an invitation can be answered; resending starts the time again. */
export const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

type InvitationRow = typeof schema.invitations.$inferSelect;

/**
 * What the inviting organisation sees (issue 6.7): the address, the roles and the state. Never a
 * name, picture or user id: until the person accepts, the organisation does not learn whether the
 * address has an account at all.
 */
export function toTenantInvitationDto(row: InvitationRow, now = new Date()): TTenantInvitation {
  return {
    id: row.id,
    email: row.email,
    roles: row.roles,
    state: row.state === "declined" ? "declined" : row.expiresAt <= now ? "expired" : "invited",
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

const displayName = (user: Pick<UserRow, "firstName" | "lastName" | "email" | "username">) =>
  [user.firstName, user.lastName].filter(Boolean).join(" ").trim() || user.email || user.username || "";

/**
 * The invitation mail. The statements are the same whether or not the address has an account (one
 * look-up, one queued mail); only the text differs, and only the invitee reads it: an account holder
 * is asked to sign in, anybody else to sign up with the address filled in.
 */
async function mailInvitation(
  tx: Tx,
  invitation: InvitationRow,
  context: {
    organisation: string;
    sandboxId: string | null;
    inviter: UserRow;
    names?: Pick<TAddTenantUserInput, "firstName" | "lastName">;
  },
  config: ApiConfig,
) {
  // A sandbox's organisation knows only the sandbox's people; a real one only real people (issue 6.6).
  const sameWorld = context.sandboxId
    ? eq(schema.users.sandboxId, context.sandboxId)
    : isNull(schema.users.sandboxId);
  const [account] = await tx
    .select({ language: schema.users.language, confirmedAt: schema.users.emailConfirmedAt })
    .from(schema.users)
    .where(and(eq(schema.users.email, invitation.email), sameWorld))
    .limit(1);
  const inviterLanguage: Language = isLanguage(context.inviter.language) ? context.inviter.language : "en";
  const language = account && isLanguage(account.language) ? account.language : inviterLanguage;
  const vars = { organisation: context.organisation, inviter: displayName(context.inviter) };
  if (account?.confirmedAt) {
    await enqueueMail(tx, {
      to: invitation.email,
      kind: "invitation",
      language,
      vars: { ...vars, link: `${config.appUrl}/?invitation=${invitation.id}` },
    });
  } else {
    const search = new URLSearchParams({ email: invitation.email });
    if (context.names?.firstName) search.set("firstName", context.names.firstName);
    if (context.names?.lastName) search.set("lastName", context.names.lastName);
    await enqueueMail(tx, {
      to: invitation.email,
      kind: "invitationSignUp",
      language,
      vars: { ...vars, link: `${config.appUrl}/signup?${search}` },
    });
  }
}

/**
 * Adding a person to an organisation by e-mail (POST /api/tenant/user) invites them. The answer is
 * the invitation, whatever the address: nobody is attached, created or named before they act.
 * An address that is already a member answers `user_exists` (the admin sees members anyway), one
 * with an open invitation `invitation_exists`. Each invitation mail (this and a resend) counts
 * against the inviter's and the organisation's hourly invitation mails (issue 17.5, 429 with
 * Retry-After); counted in the request's transaction, so a refused or failed call counts nothing.
 */
export async function inviteByEmail(
  tx: Tx,
  tenantId: string,
  inviter: UserRow,
  input: TAddTenantUserInput,
  config: ApiConfig,
): Promise<TTenantInvitation> {
  await enforce(tx, invitationMailChecks(config, inviter.id, tenantId));
  const tenant = await getTenant(tx, tenantId);
  const [member] = await tx
    .select({ userId: schema.memberships.userId })
    .from(schema.memberships)
    .innerJoin(schema.users, eq(schema.users.id, schema.memberships.userId))
    .where(and(eq(schema.memberships.tenantId, tenantId), eq(schema.users.email, input.email)));
  if (member) fail("user_exists");
  const [open] = await tx
    .select({ id: schema.invitations.id })
    .from(schema.invitations)
    .where(
      and(
        eq(schema.invitations.tenantId, tenantId),
        eq(schema.invitations.email, input.email),
        eq(schema.invitations.state, "pending"),
      ),
    );
  if (open) fail("invitation_exists");
  const [row] = await tx
    .insert(schema.invitations)
    .values({
      tenantId,
      email: input.email,
      roles: input.roles,
      invitedBy: inviter.id,
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    })
    .returning();
  if (!row) return fail("user_add_fail");
  await mailInvitation(
    tx,
    row,
    { organisation: tenant.name, sandboxId: tenant.sandboxId, inviter, names: input },
    config,
  );
  await audit(tx, {
    actorUserId: inviter.id,
    tenantId,
    action: "tenant.invitation_sent",
    targetType: "invitation",
    targetId: row.id,
    details: { roles: row.roles },
  });
  return toTenantInvitationDto(row);
}

/** Open and declined invitations of the organisation, newest first (accepted ones are members). */
export async function listTenantInvitations(tx: Tx, tenantId: string) {
  const rows = await tx
    .select()
    .from(schema.invitations)
    .where(
      and(
        eq(schema.invitations.tenantId, tenantId),
        inArray(schema.invitations.state, ["pending", "declined"]),
      ),
    )
    .orderBy(desc(schema.invitations.createdAt), asc(schema.invitations.email));
  const now = new Date();
  return rows.map((row) => toTenantInvitationDto(row, now));
}

/** An invitation of this organisation that is still listed; anything else (another's) is not found. */
async function listedInvitation(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select()
    .from(schema.invitations)
    .where(and(eq(schema.invitations.id, id), eq(schema.invitations.tenantId, tenantId)))
    .for("update");
  if (!row || row.state === "revoked") return fail("not_found");
  if (row.state === "accepted") return fail("invitation_answered");
  return row;
}

/** Sends an open (or expired) invitation again and gives it a new 14 days. */
export async function resendInvitation(
  tx: Tx,
  tenantId: string,
  inviter: UserRow,
  id: string,
  config: ApiConfig,
): Promise<TTenantInvitation> {
  await enforce(tx, invitationMailChecks(config, inviter.id, tenantId));
  const current = await listedInvitation(tx, tenantId, id);
  if (current.state !== "pending") fail("invitation_answered");
  const [row] = await tx
    .update(schema.invitations)
    .set({ expiresAt: new Date(Date.now() + INVITATION_TTL_MS) })
    .where(eq(schema.invitations.id, id))
    .returning();
  if (!row) return fail("not_found");
  const tenant = await getTenant(tx, tenantId);
  await mailInvitation(tx, row, { organisation: tenant.name, sandboxId: tenant.sandboxId, inviter }, config);
  await audit(tx, {
    actorUserId: inviter.id,
    tenantId,
    action: "tenant.invitation_resent",
    targetType: "invitation",
    targetId: id,
  });
  return toTenantInvitationDto(row);
}

/** Withdraws an open invitation, or removes a declined one from the list. */
export async function revokeInvitation(tx: Tx, tenantId: string, actorUserId: string, id: string) {
  await listedInvitation(tx, tenantId, id);
  await tx
    .update(schema.invitations)
    .set({ state: "revoked", answeredAt: new Date() })
    .where(eq(schema.invitations.id, id));
  await audit(tx, {
    actorUserId,
    tenantId,
    action: "tenant.invitation_revoked",
    targetType: "invitation",
    targetId: id,
  });
}

/**
 * The signed-in person's open invitations, found by their confirmed e-mail address through the
 * session: the database function checks the session token itself (its SHA-256 is the session's
 * id), so a user id set by hand opens nothing.
 */
export async function listOwnInvitations(tx: Tx, sessionToken: string): Promise<TInvitation[]> {
  const rows = await tx.execute<{
    id: string;
    organisation: string;
    roles: string[];
    inviter: string | null;
    created_at: Date | string;
    expires_at: Date | string;
  }>(
    sql`select id, organisation, roles, inviter, created_at, expires_at from kunto_session_invitations(${sessionToken})`,
  );
  return rows.map((row) => ({
    id: row.id,
    organisation: row.organisation,
    roles: row.roles,
    invitedBy: row.inviter,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
  }));
}

const REFUSALS = {
  not_found: "not_found",
  revoked: "invitation_revoked",
  answered: "invitation_answered",
  expired: "invitation_expired",
} as const;

/**
 * Accepts or declines one of the person's own invitations. `kunto_answer_invitation` does it in
 * one statement: it checks that the session's confirmed address is the invitation's, that the
 * invitation is open and unexpired, and writes the membership with the invited roles.
 */
export async function answerInvitation(tx: Tx, sessionToken: string, id: string, accept: boolean) {
  const [row] = await tx.execute<{ outcome: string; tenant_id: string | null }>(
    sql`select outcome, tenant_id from kunto_answer_invitation(${sessionToken}, ${id}::uuid, ${accept})`,
  );
  const outcome = row?.outcome ?? "not_found";
  if (outcome in REFUSALS) fail(REFUSALS[outcome as keyof typeof REFUSALS]);
  if (!row?.tenant_id) return fail("not_found");
  // The invitee (the acting user) is forgotten by the procedure ladder; the organisation here.
  if (accept) forgetTenant(row.tenant_id, tx);
  return { tenantId: row.tenant_id };
}
