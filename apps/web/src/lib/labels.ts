import type { Plan, SubscriptionStatus, SystemRole, TenantRole } from "@kunto/core";
import { i18n, type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** Display texts of roles (document 1 §3: user_management.role.{role}). */
export const ROLE_LABELS: Record<SystemRole | TenantRole, MessageDescriptor> = {
  admin: msg`System administrator`,
  basic: msg`Basic user`,
  agent: msg`Device user`,
  tenant_admin: msg`Admin`,
  tenant_basic: msg`Basic user`,
  tenant_readonly: msg`Read-only user`,
};

export function roleLabel(role: string): string {
  const descriptor = (ROLE_LABELS as Record<string, MessageDescriptor | undefined>)[role];
  return descriptor ? i18n._(descriptor) : role;
}

export const PLAN_LABELS: Record<Plan, MessageDescriptor> = {
  FREE: msg`Free`,
  PRO: msg`Pro`,
  TOTAL: msg`Total`,
};

/**
 * The outline badge colour of a subscription status: dark enough for small bold text on white
 * (4.5:1; green.9 is 4.36), the status itself always said in words.
 */
export function subscriptionStatusColor(status: SubscriptionStatus): string {
  if (status === "PAID") return "teal.9";
  return status === "CANCELED" ? "dark.5" : "red.9";
}

/** Subscription statuses (document 1 §3, document 3 §3). */
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, MessageDescriptor> = {
  AWAITING_PAYMENT: msg`Awaiting payment`,
  PAID: msg`Paid`,
  PAYMENT_FAILED: msg`Payment failed`,
  UNPAID: msg`Unpaid`,
  CANCELED: msg`Canceled`,
};
