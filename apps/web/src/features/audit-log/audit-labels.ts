import { i18n, type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * What each action written today means (packages/api: `audit(...)` calls and migration 0011). An
 * action without a label (a new one) shows its code; a platform admin's change on the admin path
 * (`admin.<procedure>`) names the procedure.
 */
const ACTION_LABELS: Record<string, MessageDescriptor> = {
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
  "demo.sandbox_created": msg`Started the demo`,
};

const ADMIN_PREFIX = "admin.";

export function actionLabel(action: string): string {
  const descriptor = ACTION_LABELS[action];
  if (descriptor) return i18n._(descriptor);
  if (action.startsWith(ADMIN_PREFIX)) {
    const operation = action.slice(ADMIN_PREFIX.length);
    return i18n._(msg`Platform administration: ${operation}`);
  }
  return action;
}
