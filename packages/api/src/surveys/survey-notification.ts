import { SURVEY_NOTIFICATIONS, type SurveyNotifications } from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { and, eq } from "drizzle-orm";
import { fail } from "../errors";
import { findSurvey } from "./surveys";

/**
 * The kinds of survey mail a `{type}` names (document 2 §7 `GET .../{key}/notification/{type}`),
 * each spelt as where it is set: `DAILY` and `WEEKLY` are the survey's own `notifications` setting
 * (the progress summaries to the organisation's admins), `survey_end` is the e-mail subscription
 * of document 1 §7 (the notice once the survey has ended, to the members who subscribed to it).
 */
export const SURVEY_NOTIFICATION_TYPES = [...SURVEY_NOTIFICATIONS, "survey_end"] as const;
export type SurveyNotificationType = (typeof SURVEY_NOTIFICATION_TYPES)[number];

export interface SurveyNotificationState {
  surveyKey: string;
  type: SurveyNotificationType;
  /** The survey's notifications setting (null: off), whichever type was asked. */
  surveyNotifications: SurveyNotifications | null;
  /** The survey sends this kind of mail: DAILY/WEEKLY when its setting is that type; survey_end always. */
  enabled: boolean;
  /**
   * The current user is one of the people this kind of mail goes to in the organisation: for
   * DAILY and WEEKLY an account admin (tenant_admin), for survey_end a member with a survey_end
   * e-mail subscription in this organisation.
   */
  recipient: boolean;
  /**
   * The current user gets this survey's mail of this type: enabled, recipient, the user has an
   * e-mail address, and the organisation gets survey mail at all (an active organisation that is
   * neither the demo nor a demo sandbox; the survey-mails job skips those).
   */
  receives: boolean;
}

/**
 * The survey notification of one type as the current user sees it (document 2 §2 single survey's
 * notification selector, §7 `GET /api/tenant/survey/{key}/notification/{type}`): whether the survey
 * sends that kind of mail and whether it reaches this user, following the rules of the survey-mails
 * job (survey-mails.ts). Only reads; the setting is changed with `PUT /api/tenant/survey/{key}`
 * (`notifications`) and the survey_end subscription with `POST /api/emailsubscription`. An unknown
 * survey (or one of another organisation, hidden by row-level security) is `not_found`.
 */
export async function surveyNotification(
  tx: Tx,
  tenant: { id: string; roles: readonly string[] },
  user: { id: string; email: string | null; enabled: boolean },
  key: string,
  type: SurveyNotificationType,
): Promise<SurveyNotificationState> {
  const survey = await findSurvey(tx, tenant.id, key);
  const [organisation] = await tx
    .select({
      active: schema.tenants.active,
      isDemo: schema.tenants.isDemo,
      sandboxId: schema.tenants.sandboxId,
    })
    .from(schema.tenants)
    .where(eq(schema.tenants.id, tenant.id));
  if (!organisation) return fail("not_found");
  let enabled: boolean;
  let recipient: boolean;
  if (type === "survey_end") {
    enabled = true;
    const [subscription] = await tx
      .select({ type: schema.emailSubscriptions.type })
      .from(schema.emailSubscriptions)
      .where(
        and(
          eq(schema.emailSubscriptions.tenantId, tenant.id),
          eq(schema.emailSubscriptions.userId, user.id),
          eq(schema.emailSubscriptions.type, "survey_end"),
        ),
      );
    recipient = subscription !== undefined;
  } else {
    enabled = survey.notifications === type;
    recipient = tenant.roles.includes("tenant_admin");
  }
  const mailable =
    user.enabled &&
    user.email !== null &&
    organisation.active &&
    !organisation.isDemo &&
    organisation.sandboxId === null;
  return {
    surveyKey: survey.key,
    type,
    surveyNotifications: survey.notifications,
    enabled,
    recipient,
    receives: enabled && recipient && mailable,
  };
}
