import type { ApiKeyScope } from "./api-keys";
import { formattingLocale, type Language } from "./languages";
import type { Plan, SubscriptionStatus } from "./plans";
import type { SystemRole, TenantRole } from "./roles";
import type { SURVEY_TYPES } from "./surveys";
import type { TASK_PRIORITIES } from "./tasks";

/**
 * The audit log's words (issue 20.5; docs/decisions.md "Audit log screen"): the actions the code
 * writes, the operations of the platform admin path, the detail fields and the fixed vocabularies of
 * their values. The web client (Lingui) and the CSV download (apps/server audit-labels) each give
 * every one a text in the five languages; the functions below put a row's texts together the same
 * way for both, and never show a code, an id or the word "tenant" to a reader.
 */
export const AUDIT_ACTIONS = [
  "auth.sign_in",
  "auth.sign_in_failed",
  "auth.password_set",
  "auth.password_changed",
  "auth.password_reset",
  "auth.sign_out_everywhere",
  "auth.email_confirmed",
  "auth.mfa_enabled",
  "auth.mfa_disabled",
  "user.enabled",
  "user.disabled",
  "user.role_add",
  "user.role_remove",
  "tenant.plan_changed",
  "tenant.voting_link_rotated",
  "tenant.user_removed",
  "tenant.role_added",
  "tenant.role_removed",
  "tenant.invitation_sent",
  "tenant.invitation_resent",
  "tenant.invitation_revoked",
  // Written by kunto_answer_invitation (migration 0011).
  "tenant.invitation_accepted",
  "tenant.invitation_declined",
  "apikey.created",
  "apikey.updated",
  "apikey.deleted",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "webhook.resent",
  "demo.sandbox_created",
  // Written by the Stripe webhook (issue 21): the subscription changed the plan or its status.
  "billing.subscription_changed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A platform admin's change on the admin path (adminProcedure) is written as `admin.<procedure>`. */
export const AUDIT_ADMIN_PREFIX = "admin.";
/** A change made with an API key is written as `api.<procedure>` (tenantProcedure). */
export const AUDIT_API_PREFIX = "api.";

/** Every mutation of the admin path (a test walks the router to keep this list whole). */
export const AUDIT_ADMIN_OPERATIONS = [
  "admin.createUser",
  "admin.updateUser",
  "admin.enableUser",
  "admin.disableUser",
  "admin.addUserRole",
  "admin.removeUserRole",
  "admin.createTenant",
  "admin.updateTenant",
  "admin.setTenantPlan",
  "admin.deleteTenant",
  "admin.addTenantUser",
  "admin.removeTenantUser",
  "category.create",
  "category.update",
  "category.delete",
  "messageCenter.create",
  "messageCenter.update",
  "messageCenter.delete",
  "translation.create",
  "translation.save",
  "staticTask.create",
  "staticTask.update",
  "staticTask.delete",
  "surveyTemplate.create",
  "surveyTemplate.update",
  "surveyTemplate.clone",
  "surveyTemplate.activate",
  "surveyTemplate.delete",
] as const;
export type AuditAdminOperation = (typeof AUDIT_ADMIN_OPERATIONS)[number];

/** Detail fields with a label of their own; any other field shows its name in words. */
export const AUDIT_FIELDS = [
  "login",
  "mfa",
  "role",
  "roles",
  "roleSet",
  "status",
  "plan",
  "name",
  "scope",
  "expireAt",
  "ips",
  "url",
  "events",
  "description",
  "answerCount",
  "enabled",
  "email",
  "username",
  "firstName",
  "lastName",
  "phone",
  "language",
  "type",
  "types",
  "country",
  "city",
  "zipCode",
  "streetAddress",
  "streetAddressLine2",
  "addressCounty",
  "registrationNumber",
  "dunsNumber",
  "engineName",
  "welcome",
  "autojump",
  "priority",
  "subscriptionStatus",
] as const;
export type AuditField = (typeof AUDIT_FIELDS)[number];

export const AUDIT_TARGET_TYPES = [
  "user",
  "tenant",
  "invitation",
  "api_key",
  "demo_sandbox",
  "webhook_endpoint",
  "webhook_delivery",
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** The fixed vocabularies of values, each a code → text map of the vocabulary. */
export interface AuditCodes<T> {
  role: Record<SystemRole | TenantRole, T>;
  /** A plan, or the organisation's state (admin.setTenantPlan's `status`). */
  plan: Record<Plan | "ACTIVE" | "INACTIVE", T>;
  scope: Record<ApiKeyScope, T>;
  /** A user's type (LOCAL, CLOUD) or a survey side (template type, category types). */
  type: Record<"LOCAL" | "CLOUD" | (typeof SURVEY_TYPES)[number], T>;
  priority: Record<(typeof TASK_PRIORITIES)[number], T>;
  subscriptionStatus: Record<SubscriptionStatus, T>;
}
type CodeGroup = keyof AuditCodes<unknown>;

/** Which fields hold codes of a vocabulary (a value outside it is shown as it is). */
const CODE_FIELDS: Partial<Record<AuditField, CodeGroup>> = {
  role: "role",
  roles: "role",
  roleSet: "role",
  status: "plan",
  plan: "plan",
  scope: "scope",
  type: "type",
  types: "type",
  priority: "priority",
  subscriptionStatus: "subscriptionStatus",
};

/** Every text of the log in one language. */
export interface AuditVocabulary {
  language: Language;
  actions: Record<AuditAction, string>;
  adminOperations: Record<AuditAdminOperation, string>;
  /** A known admin operation: "Platform administration: {operation}". */
  adminOperation: (operation: string) => string;
  /** An admin operation without a text of its own. */
  platformAdministration: string;
  /** Any change made with an API key (the key is the row's actor). */
  apiChange: string;
  /** An action without a text (one added later): never its code. */
  otherAction: string;
  fields: Record<AuditField, string>;
  codes: AuditCodes<string>;
  targets: Record<AuditTargetType, string>;
  yes: string;
  no: string;
  /** A moment (ISO 8601) as the reader reads it; the CSV keeps ISO 8601. */
  moment?: (iso: string) => string;
}

/** A detail as the server answers it: top-level simple values only, ids left out. */
export interface AuditDetail {
  field: string;
  value: string | number | boolean | string[];
}

/** An own key of the record (never an inherited name such as `constructor`). */
const has = <T extends object>(record: T, key: string): key is Extract<keyof T, string> =>
  Object.hasOwn(record, key);

export function auditActionText(vocabulary: AuditVocabulary, action: string): string {
  if (has(vocabulary.actions, action)) return vocabulary.actions[action];
  if (action.startsWith(AUDIT_ADMIN_PREFIX)) {
    const operation = action.slice(AUDIT_ADMIN_PREFIX.length);
    return has(vocabulary.adminOperations, operation)
      ? vocabulary.adminOperation(vocabulary.adminOperations[operation])
      : vocabulary.platformAdministration;
  }
  if (action.startsWith(AUDIT_API_PREFIX)) return vocabulary.apiChange;
  return vocabulary.otherAction;
}

/**
 * A name of code in words: `expireAt` → "Expire at", `target_group` → "Target group". The product
 * says "organisation" where the code says "tenant".
 */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.-]+/g, " ")
    .trim()
    .toLowerCase()
    .replace(/\btenants?\b/g, (word) => (word.endsWith("s") ? "organisations" : "organisation"));
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const auditTargetText = (vocabulary: AuditVocabulary, targetType: string): string =>
  has(vocabulary.targets, targetType) ? vocabulary.targets[targetType] : humanise(targetType);

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function countryName(language: Language, code: string): string {
  try {
    return new Intl.DisplayNames([formattingLocale(language), "en"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

function valueText(vocabulary: AuditVocabulary, field: string, value: string | number | boolean): string {
  if (typeof value === "boolean") return value ? vocabulary.yes : vocabulary.no;
  if (typeof value === "number")
    return new Intl.NumberFormat(formattingLocale(vocabulary.language)).format(value);
  const group = has(CODE_FIELDS, field) ? CODE_FIELDS[field] : undefined;
  const codes = group ? (vocabulary.codes[group] as Record<string, string>) : undefined;
  if (codes && has(codes, value)) return codes[value] ?? value;
  if (field === "country" && /^[A-Z]{2}$/.test(value)) return countryName(vocabulary.language, value);
  if (ISO_MOMENT.test(value)) return vocabulary.moment?.(value) ?? value;
  return value;
}

/** The row's details as labelled texts, in the order the server answers them. */
export function auditDetailItems(
  vocabulary: AuditVocabulary,
  details: readonly AuditDetail[],
): Array<{ field: string; label: string; value: string }> {
  return details.map(({ field, value }) => ({
    field,
    label: has(vocabulary.fields, field) ? vocabulary.fields[field] : humanise(field),
    value: Array.isArray(value)
      ? value.map((item) => valueText(vocabulary, field, item)).join(", ")
      : valueText(vocabulary, field, value),
  }));
}

/** The details as one line, "Role: Read-only user; Access: Read only" (the CSV's `detail`). */
export const auditDetailText = (vocabulary: AuditVocabulary, details: readonly AuditDetail[]): string =>
  auditDetailItems(vocabulary, details)
    .map((item) => `${item.label}: ${item.value}`)
    .join("; ");
