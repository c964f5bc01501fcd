import {
  type AuditAction,
  type AuditAdminOperation,
  type AuditCodes,
  type AuditDetail,
  type AuditField,
  type AuditTargetType,
  type AuditVocabulary,
  auditActionText,
  auditDetailItems,
  auditTargetText,
  DEFAULT_LANGUAGE,
  isLanguage,
  SURVEY_TIME_ZONE,
} from "@kunto/core";
import { i18n, type MessageDescriptor, type Messages } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { DAY_FORMAT, formatDate } from "../../lib/format";
import { PLAN_LABELS, ROLE_LABELS, SUBSCRIPTION_STATUS_LABELS } from "../../lib/labels";

/**
 * The audit log's words (issue 20.5; @kunto/core audit-log.ts puts them together). Every action the
 * code writes has a label (the Record types keep the lists whole); an unknown one is shown generically,
 * never by its code. The CSV writes the same words (apps/server/src/audit-labels).
 */
const ACTION_LABELS: Record<AuditAction, MessageDescriptor> = {
  "auth.sign_in": msg`Signed in`,
  "auth.sign_in_failed": msg`Failed sign-in`,
  "auth.password_set": msg`Chose a new password at sign-in`,
  "auth.password_changed": msg`Changed their password`,
  "auth.password_reset": msg`Reset their password`,
  "auth.sign_out_everywhere": msg`Signed out on every device`,
  "auth.email_confirmed": msg`Confirmed their e-mail address`,
  "auth.mfa_enabled": msg`Turned two-step verification on`,
  "auth.mfa_disabled": msg`Turned two-step verification off`,
  "user.enabled": msg`Enabled a user`,
  "user.disabled": msg`Disabled a user`,
  "user.role_add": msg`Gave a system role`,
  "user.role_remove": msg`Took a system role away`,
  "tenant.plan_changed": msg`Changed the organisation's plan or state`,
  "tenant.voting_link_rotated": msg`Made a new voting link`,
  "tenant.user_removed": msg`Removed a user from the organisation`,
  "tenant.role_added": msg`Gave a role`,
  "tenant.role_removed": msg`Took a role away`,
  "tenant.invitation_sent": msg`Sent an invitation`,
  "tenant.invitation_resent": msg`Sent an invitation again`,
  "tenant.invitation_revoked": msg`Withdrew an invitation`,
  "tenant.invitation_accepted": msg`Accepted an invitation`,
  "tenant.invitation_declined": msg`Declined an invitation`,
  "apikey.created": msg`Created an API key`,
  "apikey.updated": msg`Changed an API key`,
  "apikey.deleted": msg`Deleted an API key`,
  "webhook.created": msg`Added a webhook endpoint`,
  "webhook.updated": msg`Changed a webhook endpoint`,
  "webhook.deleted": msg`Deleted a webhook endpoint`,
  "webhook.resent": msg`Sent a webhook delivery again`,
  "demo.sandbox_created": msg`Started the demo`,
  "billing.subscription_changed": msg`Subscription changed in Stripe`,
};

/** Shown as "Platform administration: <label>" (the admin path's record of the call). */
const ADMIN_OPERATION_LABELS: Record<AuditAdminOperation, MessageDescriptor> = {
  "admin.createUser": msg`Created a user`,
  "admin.updateUser": msg`Changed a user's details`,
  "admin.enableUser": msg`Enabled a user`,
  "admin.disableUser": msg`Disabled a user`,
  "admin.addUserRole": msg`Gave a system role`,
  "admin.removeUserRole": msg`Took a system role away`,
  "admin.createTenant": msg`Created an organisation`,
  "admin.updateTenant": msg`Changed an organisation's details`,
  "admin.setTenantPlan": msg`Changed the organisation's plan or state`,
  "admin.deleteTenant": msg`Deleted an organisation`,
  "admin.addTenantUser": msg`Added a user to an organisation`,
  "admin.removeTenantUser": msg`Removed a user from the organisation`,
  "category.create": msg`Added a category`,
  "category.update": msg`Changed a category`,
  "category.delete": msg`Deleted a category`,
  "messageCenter.create": msg`Wrote a message`,
  "messageCenter.update": msg`Changed a message`,
  "messageCenter.delete": msg`Deleted a message`,
  "translation.create": msg`Added a translation`,
  "translation.save": msg`Saved a translation`,
  "staticTask.create": msg`Added a suggested task`,
  "staticTask.update": msg`Changed a suggested task`,
  "staticTask.delete": msg`Deleted a suggested task`,
  "surveyTemplate.create": msg`Added a survey template`,
  "surveyTemplate.update": msg`Changed a survey template`,
  "surveyTemplate.clone": msg`Copied a survey template`,
  "surveyTemplate.activate": msg`Activated a survey template`,
  "surveyTemplate.delete": msg`Deleted a survey template`,
};

const FIELD_LABELS: Record<AuditField, MessageDescriptor> = {
  login: msg`Username or e-mail`,
  mfa: msg`Two-step verification`,
  role: msg`Role`,
  roles: msg`Roles`,
  roleSet: msg`Roles`,
  status: msg`Plan or state`,
  plan: msg`Plan`,
  name: msg`Name`,
  scope: msg`Access`,
  expireAt: msg`Expires`,
  ips: msg`Allowed IP addresses`,
  url: msg`Address`,
  events: msg`Events`,
  description: msg`Description`,
  answerCount: msg`Number of answers`,
  enabled: msg`Enabled`,
  email: msg`E-mail`,
  username: msg`Username`,
  firstName: msg`First name`,
  lastName: msg`Last name`,
  phone: msg`Phone`,
  language: msg`Language`,
  type: msg`Type`,
  types: msg`Type`,
  country: msg`Country`,
  city: msg`City`,
  zipCode: msg`Zip code`,
  streetAddress: msg`Street address`,
  streetAddressLine2: msg`Address line 2`,
  addressCounty: msg`County`,
  registrationNumber: msg`Registration number (VAT)`,
  dunsNumber: msg`D-U-N-S® number`,
  engineName: msg`Engine name`,
  welcome: msg`Show the start text as a welcome page`,
  autojump: msg`Move to the next question after an answer (autojump)`,
  priority: msg`Priority`,
  subscriptionStatus: msg`Subscription status`,
};

const CODE_LABELS: AuditCodes<MessageDescriptor> = {
  role: ROLE_LABELS,
  plan: { ...PLAN_LABELS, ACTIVE: msg`Active`, INACTIVE: msg`Inactive` },
  scope: { read: msg`Read only`, write: msg`Read and write` },
  type: {
    LOCAL: msg`Shared device user`,
    CLOUD: msg`E-mail user`,
    PERSONNEL: msg`Personnel`,
    MANAGEMENT: msg`Management`,
  },
  priority: { HIGH: msg`High`, MEDIUM: msg`Medium`, LOW: msg`Low` },
  subscriptionStatus: SUBSCRIPTION_STATUS_LABELS,
};

const TARGET_LABELS: Record<AuditTargetType, MessageDescriptor> = {
  user: msg`User`,
  tenant: msg`Organisation`,
  invitation: msg`Invitation`,
  api_key: msg`API key`,
  demo_sandbox: msg`Demo`,
  webhook_endpoint: msg`Webhook endpoint`,
  webhook_delivery: msg`Webhook delivery`,
};

const translated = <K extends string>(labels: Record<K, MessageDescriptor>): Record<K, string> =>
  Object.fromEntries(
    Object.entries(labels).map(([key, label]) => [key, i18n._(label as MessageDescriptor)]),
  ) as Record<K, string>;

/** When, in the organisations' calendar (Europe/Helsinki) like the date filters, to the second. */
export const formatMoment = (at: string) =>
  formatDate(at, {
    ...DAY_FORMAT,
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    timeZone: SURVEY_TIME_ZONE,
  });

function vocabularyNow(): AuditVocabulary {
  return {
    language: isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE,
    actions: translated(ACTION_LABELS),
    adminOperations: translated(ADMIN_OPERATION_LABELS),
    adminOperation: (operation) => i18n._(msg`Platform administration: ${operation}`),
    platformAdministration: i18n._(msg`Platform administration`),
    apiChange: i18n._(msg`Made a change through the API`),
    otherAction: i18n._(msg`Other action`),
    fields: translated(FIELD_LABELS),
    codes: {
      role: translated(CODE_LABELS.role),
      plan: translated(CODE_LABELS.plan),
      scope: translated(CODE_LABELS.scope),
      type: translated(CODE_LABELS.type),
      priority: translated(CODE_LABELS.priority),
      subscriptionStatus: translated(CODE_LABELS.subscriptionStatus),
    },
    targets: translated(TARGET_LABELS),
    yes: i18n._(msg`Yes`),
    no: i18n._(msg`No`),
    moment: formatMoment,
  };
}

/** The texts of the active language, made once per catalog. */
let cache: { messages: Messages; vocabulary: AuditVocabulary } | null = null;
function vocabulary(): AuditVocabulary {
  if (cache?.messages !== i18n.messages) cache = { messages: i18n.messages, vocabulary: vocabularyNow() };
  return cache.vocabulary;
}

export const actionLabel = (action: string): string => auditActionText(vocabulary(), action);
export const targetLabel = (targetType: string): string => auditTargetText(vocabulary(), targetType);
export const detailItems = (details: readonly AuditDetail[]) => auditDetailItems(vocabulary(), details);
