// "Your trial ends on …" (customer.subscription.trial_will_end, issue 21): a mail to every admin of the
// organisation, queued in the webhook's transaction so an event applied once mails once.
import { dayOf, LANGUAGES, type Language } from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { enqueueMail } from "@kunto/mail";
import { and, arrayContains, asc, eq, isNotNull } from "drizzle-orm";

const languageOf = (value: string): Language =>
  (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : "en";

/** DD.MM.YYYY of the day in Europe/Helsinki, as the other mails write dates. */
const displayDay = (instant: Date) => dayOf(instant).split("-").reverse().join(".");

/**
 * Queues the mail to each enabled tenant admin with an address, in their language; answers how many.
 * Runs under the organisation's scope (its memberships are visible, the outbox's demo trigger reads it).
 */
export async function queueTrialEndingMails(
  tx: Tx,
  trial: { tenantId: string; organisation: string; plan: string; endsAt: Date; appUrl: string },
): Promise<number> {
  const admins = await tx
    .select({ email: schema.users.email, language: schema.users.language })
    .from(schema.memberships)
    .innerJoin(schema.users, eq(schema.users.id, schema.memberships.userId))
    .where(
      and(
        eq(schema.memberships.tenantId, trial.tenantId),
        arrayContains(schema.memberships.roles, ["tenant_admin"]),
        eq(schema.users.enabled, true),
        isNotNull(schema.users.email),
      ),
    )
    .orderBy(asc(schema.users.email));
  for (const admin of admins) {
    if (!admin.email) continue;
    await enqueueMail(tx, {
      to: admin.email,
      kind: "trialEnding",
      language: languageOf(admin.language),
      vars: {
        organisation: trial.organisation,
        plan: trial.plan,
        date: displayDay(trial.endsAt),
        link: `${trial.appUrl}/t/${trial.tenantId}/settings`,
      },
    });
  }
  return admins.length;
}
