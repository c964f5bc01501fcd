import { publicSurveyLink, ZEmail } from "@kunto/core";
import { type SystemDb, schema, withSystem } from "@kunto/db";
import { enqueueMail } from "@kunto/mail";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";

/**
 * Delivery of share invitations (document 2 §5, docs/decisions.md "Surveys"). The send call only
 * queues rows; this job, run by pg-boss, hands each to the mail outbox and copies the outbox's
 * outcome back, so the outbox's retries with back-off, its delivery log and its demo-sandbox hold
 * apply to these mails as to every other, and the admin sees queued / sent / failed with the reason.
 */

/** Why an invitation was not sent, when the outbox did not try: keys the client translates. */
export const INVITATION_HELD_DEMO = "held_demo";
export const INVITATION_NO_SMTP = "no_smtp";

/**
 * How many invitation mails a send queues: one per distinct valid address, as `sendShare` stores
 * them. Counted against the sender's and the organisation's hourly invitation mails (issue 17.5).
 */
export function invitationMailCount(emails: readonly string[]): number {
  const distinct = new Set<string>();
  for (const entry of emails) {
    const parsed = ZEmail.safeParse(entry);
    if (parsed.success) distinct.add(parsed.data);
  }
  return distinct.size;
}

/** Queues the outbox mails of waiting invitations; each in the organisation it belongs to. */
export async function queueSurveyInvitationMails(
  system: SystemDb,
  origin: string,
  batch = 200,
): Promise<number> {
  return withSystem(system, async (tx) => {
    const waiting = await tx
      .select({
        id: schema.surveyShareInvitations.id,
        tenantId: schema.surveyShareInvitations.tenantId,
        shareId: schema.surveyShareInvitations.shareId,
        email: schema.surveyShareInvitations.email,
        language: schema.surveyShareInvitations.language,
      })
      .from(schema.surveyShareInvitations)
      .where(
        and(eq(schema.surveyShareInvitations.state, "queued"), isNull(schema.surveyShareInvitations.mailId)),
      )
      .orderBy(asc(schema.surveyShareInvitations.createdAt))
      .limit(batch)
      .for("update", { skipLocked: true });
    if (waiting.length === 0) return 0;
    const shareIds = [...new Set(waiting.map((w) => w.shareId))];
    const shares = await tx
      .select({
        id: schema.surveyShares.id,
        key: schema.surveyShares.key,
        surveyName: schema.surveys.name,
        surveyType: schema.surveys.type,
        organisation: schema.tenants.name,
      })
      .from(schema.surveyShares)
      .innerJoin(schema.surveys, eq(schema.surveys.id, schema.surveyShares.surveyId))
      .innerJoin(schema.tenants, eq(schema.tenants.id, schema.surveyShares.tenantId))
      .where(inArray(schema.surveyShares.id, shareIds));
    const teams = await tx
      .select({
        shareId: schema.surveyShareTeams.shareId,
        name: schema.teams.name,
        urlSafeName: schema.teams.urlSafeName,
      })
      .from(schema.surveyShareTeams)
      .innerJoin(schema.teams, eq(schema.teams.id, schema.surveyShareTeams.teamId))
      .where(inArray(schema.surveyShareTeams.shareId, shareIds))
      .orderBy(asc(schema.teams.name));
    for (const invitation of waiting) {
      const share = shares.find((s) => s.id === invitation.shareId);
      if (!share) continue;
      const own = teams.filter((t) => t.shareId === share.id);
      // One team: its link. Several: a line per team, so each respondent picks their own.
      const link =
        own.length === 1 && own[0]
          ? publicSurveyLink(origin, share.key, own[0].urlSafeName)
          : own.map((t) => `${t.name}: ${publicSurveyLink(origin, share.key, t.urlSafeName)}`).join("\n");
      // The sandbox trigger of the outbox reads the organisation from the transaction's settings.
      await tx.execute(sql`select set_config('app.tenant_id', ${invitation.tenantId}, true)`);
      const mailId = await enqueueMail(tx, {
        to: invitation.email,
        kind: "surveyInvitation",
        language: invitation.language,
        vars: {
          link,
          organisation: share.organisation,
          survey:
            share.surveyName ?? (share.surveyType === "PERSONNEL" ? "Personnel survey" : "Management survey"),
        },
      });
      await tx
        .update(schema.surveyShareInvitations)
        .set({ mailId, updatedAt: new Date() })
        .where(eq(schema.surveyShareInvitations.id, invitation.id));
    }
    await tx.execute(sql`select set_config('app.tenant_id', '', true)`);
    return waiting.length;
  });
}

/**
 * Copies the outbox's outcome to waiting invitations: sent, failed (given up after its retries, with
 * the SMTP error), held in a demo sandbox or written to the log without SMTP (both failed with
 * their reason: nobody received them). A mail still being retried keeps the invitation queued with
 * its attempts and last error.
 */
export async function syncSurveyInvitationStates(system: SystemDb): Promise<number> {
  return withSystem(system, async (tx) => {
    const changed = await tx.execute(sql`
      update ${schema.surveyShareInvitations} i set
        state = case m.state when 'sent' then 'sent'
                             when 'pending' then 'queued'
                             else 'failed' end,
        attempts = m.attempts,
        last_error = case m.state when 'held_demo' then ${INVITATION_HELD_DEMO}
                                  when 'logged' then ${INVITATION_NO_SMTP}
                                  when 'sent' then null
                                  else m.last_error end,
        sent_at = m.sent_at,
        updated_at = now()
      from ${schema.mailOutbox} m
      where i.mail_id = m.id and i.state = 'queued'
        and (m.state <> 'pending' or m.attempts <> i.attempts)
      returning i.id`);
    return changed.length;
  });
}

export async function processSurveyInvitations(system: SystemDb, origin: string) {
  const queued = await queueSurveyInvitationMails(system, origin);
  const updated = await syncSurveyInvitationStates(system);
  return { queued, updated };
}
