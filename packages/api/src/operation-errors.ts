import type { ErrorKey } from "@kunto/core";

/**
 * The error key an operation answers when it fails unexpectedly (document 1 §8): a person sees
 * "creating the user failed", not "an error occurred". Keyed by procedure path; the error
 * boundary logs the real cause and sends this key instead of `internal_error`. Expected failures
 * (validation, permissions, conflicts) keep their own keys.
 */
export const OPERATION_ERROR_KEYS: Readonly<Record<string, ErrorKey>> = {
  "admin.createUser": "user_creation_failed",
  "admin.updateUser": "user_info_update_failed",
  "user.update": "user_info_update_failed",
  "user.uploadImage": "user_info_update_failed",
  "admin.enableUser": "user_state_change_failed",
  "admin.disableUser": "user_state_change_failed",
  "admin.addUserRole": "user_roles_update_failed",
  "admin.removeUserRole": "user_roles_update_failed",
  "tenant.addRole": "user_roles_update_failed",
  "tenant.removeRole": "user_roles_update_failed",
  "admin.createTenant": "tenant_creation_failed",
  "user.createTenant": "tenant_creation_failed",
  "admin.updateTenant": "tenant_update_failed",
  "admin.setTenantPlan": "tenant_update_failed",
  // An account admin changing their own organisation, as opposed to support changing an account.
  "tenant.update": "organization_update_failed",
  "tenant.addUser": "user_add_fail",
  "tenant.resendInvitation": "user_add_fail",
  "admin.addTenantUser": "user_add_fail",
  "tenant.removeUser": "user_delete_fail",
  "admin.removeTenantUser": "user_delete_fail",
  "user.emailSubscriptions": "email_subscription_retrieval_error",
  "user.saveEmailSubscriptions": "email_subscription_preferences_saving_error",
  "survey.create": "survey_create_failed",
  "report.options": "error_loading_reports",
  "report.bySurveys": "error_loading_reports",
  "report.byShares": "error_loading_reports",
  "survey.update": "survey_save_failed",
  "survey.delete": "survey_delete_failed",
  "team.create": "team_save_failed",
  "team.update": "team_save_failed",
  "team.delete": "team_save_failed",
  "surveyShare.create": "survey_share_failed",
  "surveyShare.update": "survey_share_failed",
  "surveyShare.delete": "survey_share_failed",
  "surveyShare.send": "survey_share_failed",
  "surveyTemplate.list": "error_loading_surveytemplates",
  "surveyTemplate.categories": "error_loading_surveytemplates",
  "surveyTemplate.get": "error_loading_surveytemplate",
  "surveyTemplate.create": "error_saving_surveytemplate",
  "surveyTemplate.update": "error_saving_surveytemplate",
  "surveyTemplate.clone": "error_cloning_surveytemplate",
  "surveyTemplate.activate": "error_activating_surveytemplate",
  "surveyTemplate.delete": "error_deleting_surveytemplate",
};
