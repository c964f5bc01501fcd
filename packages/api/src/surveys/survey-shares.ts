import { generateToken } from "@kunto/auth";
import {
  type Language,
  maxTeamsPerShare,
  type Plan,
  publicSurveyLink,
  recipientLimit,
  type TShareInput,
  ZEmail,
} from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { fail } from "../errors";
import { findSurvey } from "./surveys";

type ShareRow = typeof schema.surveyShares.$inferSelect;
type InvitationRow = typeof schema.surveyShareInvitations.$inferSelect;

export interface ShareDto {
  /** The share's reference in reports (report calls take it for a share): not part of any link. */
  id: string;
  key: string;
  name: string;
  surveyKey: string;
  answerers: number | null;
  teams: Array<{ key: string; name: string; type: "PERSONNEL" | "MANAGEMENT"; urlSafeName: string }>;
  /** The public link of each team of the share. */
  links: Array<{ teamKey: string; teamName: string; url: string }>;
  sent: string | null;
  invitations: Array<{
    email: string;
    language: Language;
    state: InvitationRow["state"];
    attempts: number;
    lastError: string | null;
    sentAt: string | null;
    createdAt: string;
  }>;
}

async function toDtos(tx: Tx, origin: string, shares: ShareRow[], surveyKey: string): Promise<ShareDto[]> {
  if (shares.length === 0) return [];
  const ids = shares.map((s) => s.id);
  const teams = await tx
    .select({
      shareId: schema.surveyShareTeams.shareId,
      key: schema.teams.key,
      name: schema.teams.name,
      type: schema.teams.type,
      urlSafeName: schema.teams.urlSafeName,
    })
    .from(schema.surveyShareTeams)
    .innerJoin(schema.teams, eq(schema.teams.id, schema.surveyShareTeams.teamId))
    .where(inArray(schema.surveyShareTeams.shareId, ids))
    .orderBy(asc(schema.teams.name));
  const invitations = await tx
    .select()
    .from(schema.surveyShareInvitations)
    .where(inArray(schema.surveyShareInvitations.shareId, ids))
    .orderBy(desc(schema.surveyShareInvitations.createdAt), asc(schema.surveyShareInvitations.email));
  return shares.map((share) => {
    const own = teams.filter((t) => t.shareId === share.id).map(({ shareId: _, ...team }) => team);
    return {
      id: share.id,
      key: share.key,
      name: share.name,
      surveyKey,
      answerers: share.answerers,
      teams: own,
      links: own.map((team) => ({
        teamKey: team.key,
        teamName: team.name,
        url: publicSurveyLink(origin, share.key, team.urlSafeName),
      })),
      sent: share.sentAt?.toISOString() ?? null,
      invitations: invitations
        .filter((i) => i.shareId === share.id)
        .map((i) => ({
          email: i.email,
          language: i.language,
          state: i.state,
          attempts: i.attempts,
          lastError: i.lastError,
          sentAt: i.sentAt?.toISOString() ?? null,
          createdAt: i.createdAt.toISOString(),
        })),
    };
  });
}

/**
 * A share as a member who may not manage shares reads it (document 2 §6: copying a link is for
 * tenant admins): its key, the secret part of every public link of it, and the links themselves are
 * withheld; names, answerer counts, teams and invitations stay (docs/decisions.md "Survey pages:
 * links for read-only users, upcoming surveys").
 */
export const withoutLinks = (share: ShareDto) => ({
  ...share,
  key: null,
  links: share.links.map((link) => ({ ...link, url: null })),
});

export async function listSharesBySurvey(tx: Tx, tenantId: string, origin: string, surveyKey: string) {
  const survey = await findSurvey(tx, tenantId, surveyKey);
  const shares = await tx
    .select()
    .from(schema.surveyShares)
    .where(and(eq(schema.surveyShares.tenantId, tenantId), eq(schema.surveyShares.surveyId, survey.id)))
    .orderBy(asc(schema.surveyShares.name), asc(schema.surveyShares.createdAt));
  return toDtos(tx, origin, shares, survey.key);
}

async function findShare(tx: Tx, tenantId: string, key: string) {
  const [row] = await tx
    .select({ share: schema.surveyShares, surveyKey: schema.surveys.key, survey: schema.surveys })
    .from(schema.surveyShares)
    .innerJoin(schema.surveys, eq(schema.surveys.id, schema.surveyShares.surveyId))
    .where(and(eq(schema.surveyShares.tenantId, tenantId), eq(schema.surveyShares.key, key)));
  return row ?? fail("not_found");
}

export async function getShare(tx: Tx, tenantId: string, origin: string, key: string): Promise<ShareDto> {
  const { share, surveyKey } = await findShare(tx, tenantId, key);
  const [dto] = await toDtos(tx, origin, [share], surveyKey);
  return dto ?? fail("not_found");
}

/** The share's teams by key: every one must exist in the organisation and be of the survey's type. */
async function teamsFor(tx: Tx, tenantId: string, surveyType: string, keys: string[]) {
  const unique = [...new Set(keys)];
  const rows = await tx
    .select({ id: schema.teams.id, type: schema.teams.type })
    .from(schema.teams)
    .where(and(eq(schema.teams.tenantId, tenantId), inArray(schema.teams.key, unique)));
  if (rows.length !== unique.length) fail("not_found");
  if (rows.some((r) => r.type !== surveyType)) fail("team_type_mismatch");
  return rows.map((r) => r.id);
}

/**
 * Single-team analyses (document 2 §6, issue 19.15): on a plan without combined analyses (FREE) a
 * share holds one team, so a report of one share never combines teams. More teams answer 403
 * `plan_required` (feature `combinedAnalyses`). A share that already holds more teams (made on a
 * paid plan before a downgrade) stays as it is and readable, and may still be changed as long as
 * its teams stay exactly the ones it has (docs/decisions.md "FREE plan: one team per analysis").
 */
function checkTeamCount(plan: Plan, teamIds: string[], kept: string[] = []) {
  const max = maxTeamsPerShare(plan);
  if (max === null || teamIds.length <= max) return;
  const unchanged = teamIds.length === kept.length && teamIds.every((id) => kept.includes(id));
  if (!unchanged) fail("plan_required", { feature: "combinedAnalyses", limit: max });
}

export async function createShare(
  tx: Tx,
  tenant: { id: string; plan: Plan },
  origin: string,
  input: TShareInput,
) {
  const tenantId = tenant.id;
  const survey = await findSurvey(tx, tenantId, input.surveyKey);
  const teamIds = await teamsFor(tx, tenantId, survey.type, input.teams);
  checkTeamCount(tenant.plan, teamIds);
  const [share] = await tx
    .insert(schema.surveyShares)
    .values({
      tenantId,
      surveyId: survey.id,
      key: generateToken(),
      name: input.name,
      answerers: input.answerers ?? null,
    })
    .returning();
  if (!share) return fail("survey_share_failed");
  await tx
    .insert(schema.surveyShareTeams)
    .values(teamIds.map((teamId) => ({ tenantId, shareId: share.id, teamId })));
  return getShare(tx, tenantId, origin, share.key);
}

export async function updateShare(
  tx: Tx,
  tenant: { id: string; plan: Plan },
  origin: string,
  input: Omit<TShareInput, "surveyKey"> & { key: string },
) {
  const tenantId = tenant.id;
  const { share, survey } = await findShare(tx, tenantId, input.key);
  const teamIds = await teamsFor(tx, tenantId, survey.type, input.teams);
  if (maxTeamsPerShare(tenant.plan) !== null) {
    const kept = await tx
      .select({ teamId: schema.surveyShareTeams.teamId })
      .from(schema.surveyShareTeams)
      .where(eq(schema.surveyShareTeams.shareId, share.id));
    checkTeamCount(
      tenant.plan,
      teamIds,
      kept.map((k) => k.teamId),
    );
  }
  await tx
    .update(schema.surveyShares)
    .set({ name: input.name, answerers: input.answerers ?? null, updatedAt: new Date() })
    .where(eq(schema.surveyShares.id, share.id));
  await tx.delete(schema.surveyShareTeams).where(eq(schema.surveyShareTeams.shareId, share.id));
  await tx
    .insert(schema.surveyShareTeams)
    .values(teamIds.map((teamId) => ({ tenantId, shareId: share.id, teamId })));
  return getShare(tx, tenantId, origin, share.key);
}

/**
 * A share through which anyone has answered keeps its answers: it cannot be deleted
 * (`share_has_answers`, as a team with answers; docs/decisions.md). The share row is locked first:
 * the lock waits for a submission still in flight (its write holds a key-share lock on the row,
 * `kunto_submit_public_response`), so the check below sees it; a submission reaching its write after
 * the lock waits for this delete and then answers `survey_link_unknown`, unacknowledged.
 */
export async function deleteShare(tx: Tx, tenantId: string, key: string) {
  const { share } = await findShare(tx, tenantId, key);
  await tx
    .select({ id: schema.surveyShares.id })
    .from(schema.surveyShares)
    .where(eq(schema.surveyShares.id, share.id))
    .for("update");
  const [answered] = await tx
    .select({ one: sql<number>`1` })
    .from(schema.surveyResponses)
    .where(eq(schema.surveyResponses.shareId, share.id))
    .limit(1);
  if (answered) fail("share_has_answers");
  await tx.delete(schema.surveyShares).where(eq(schema.surveyShares.id, share.id));
}

/**
 * Share by e-mail (§5): addresses checked and de-duplicated, at most the plan's answerer limit, one
 * invitation row per address queued in this transaction (the job mails them, docs/decisions.md), and
 * the share marked as sent.
 */
export async function sendShare(
  tx: Tx,
  tenant: { id: string; plan: Plan },
  origin: string,
  input: { key: string; emails: string[]; language: Language },
) {
  const { share, surveyKey } = await findShare(tx, tenant.id, input.key);
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const entry of input.emails) {
    const parsed = ZEmail.safeParse(entry);
    if (!parsed.success) invalid.push(entry);
    else if (!emails.includes(parsed.data)) emails.push(parsed.data);
  }
  if (invalid.length > 0) fail("invalid_email_addresses", { invalid: invalid.slice(0, 20) });
  const limit = recipientLimit(tenant.plan, emails.length);
  if (limit.over) fail("max_recipients_reached", { cap: limit.cap });
  const now = new Date();
  await tx
    .insert(schema.surveyShareInvitations)
    .values(
      emails.map((email) => ({ tenantId: tenant.id, shareId: share.id, email, language: input.language })),
    );
  await tx
    .update(schema.surveyShares)
    .set({ sentAt: now, updatedAt: now })
    .where(eq(schema.surveyShares.id, share.id));
  const [dto] = await toDtos(tx, origin, [{ ...share, sentAt: now }], surveyKey);
  return dto ?? fail("not_found");
}
