import type { AppRouter } from "@kunto/api";
import { type ErrorKey, FIELD_ERRORS, type FieldError, PASSWORD_MIN_LENGTH } from "@kunto/core";
import { i18n, type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { TRPCClientError } from "@trpc/client";

/**
 * Every server error key with its text (document 1 §8). Typed as a complete record, so a new
 * key in ERROR_STATUS does not compile until it has a translated message here.
 */
export const ERROR_MESSAGES: Record<ErrorKey, MessageDescriptor> = {
  not_signed_in: msg`Your session has ended. Please sign in again.`,
  access_denied: msg`You do not have access to this.`,
  not_found: msg`The item was not found. It may have been removed.`,
  validation_failed: msg`Check that you have filled in all required fields.`,
  required_fields: msg`Check that you have filled in all required fields.`,
  too_many_requests: msg`Too many attempts. Please wait a moment and try again.`,
  internal_error: msg`An error occurred.`,
  service_unavailable: msg`The service is briefly unavailable. Please try again in a moment.`,
  plan_required: msg`This feature is not included in your organisation's plan.`,
  csrf_rejected: msg`The request was refused for security reasons. Reload the page and try again.`,
  payload_too_large: msg`The file or request is too large.`,
  method_not_allowed: msg`This action is not available here.`,
  invalid_text: msg`The text contains characters that cannot be saved.`,
  value_too_complex: msg`The data is too large or nested too deeply.`,
  batch_too_large: msg`Too many requests at once. Reload the page and try again.`,
  unsupported_media_type: msg`The request was sent in a format the server does not accept.`,
  invalid_credentials: msg`Incorrect username, e-mail or password.`,
  user_not_confirmed: msg`Your e-mail address has not been confirmed yet.`,
  user_disabled: msg`This user account has been disabled. Contact your administrator.`,
  password_too_short: msg`The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  password_too_long: msg`The password is too long.`,
  password_too_weak: msg`This password is too common or easy to guess. Try a longer phrase of unrelated words.`,
  passwords_do_not_match: msg`The passwords do not match.`,
  current_password_wrong: msg`The current password is incorrect.`,
  invalid_code: msg`The code is incorrect.`,
  code_expired: msg`The code has expired. Request a new one.`,
  demo_account_password_reset: msg`Demo account password cannot be reset.`,
  demo_account_read_only: msg`The demo account cannot be changed.`,
  demo_unavailable: msg`The demo is not available on this server.`,
  demo_capacity_reached: msg`The demo is full right now. Please try again later.`,
  mfa_required: msg`Enter the code from your authenticator app.`,
  new_password_required: msg`You need to choose a new password.`,
  invalid_token: msg`The link is invalid or has expired.`,
  confirmation_password_wrong: msg`This is not the password chosen at sign-up. Try again or choose a new password.`,
  totp_requires_confirmed_email: msg`Confirm your e-mail address before turning on two-factor authentication.`,
  user_exists: msg`A user with that username or e-mail already exists.`,
  user_creation_failed: msg`Creating the user failed.`,
  user_info_update_failed: msg`Updating the user information failed.`,
  email_read_only: msg`The e-mail address cannot be changed here.`,
  user_roles_update_failed: msg`Updating the user roles failed.`,
  user_state_change_failed: msg`Changing the user state failed.`,
  you_cannot_disable_yourself: msg`You cannot disable yourself.`,
  you_cannot_enable_yourself: msg`You cannot enable yourself.`,
  username_or_email_required: msg`Give a username or an e-mail address.`,
  password_required_for_shared_user: msg`A shared user needs a password.`,
  at_least_one_role_required: msg`At least one role is needed.`,
  last_admin_role: msg`The last administrator cannot lose the administrator role.`,
  invalid_image: msg`The image must be a PNG, JPEG or WebP file of at most 2 MB.`,
  survey_link_unknown: msg`This survey link is not known. Check the link in your invitation.`,
  survey_not_started: msg`This survey has not started yet.`,
  survey_ended: msg`This survey has ended.`,
  survey_full: msg`This survey has reached the number of answers its plan allows.`,
  already_answered: msg`You have already answered this survey.`,
  invalid_answer: msg`An answer is not one the question allows.`,
  tenant_creation_failed: msg`Creating the organisation failed.`,
  tenant_update_failed: msg`Updating the organisation failed.`,
  organization_update_failed: msg`Updating the organisation failed.`,
  user_add_fail: msg`Adding the user failed.`,
  user_delete_fail: msg`Removing the user failed.`,
  user_no_longer_admin: msg`You are no longer an administrator of this organisation.`,
  disallow_tenant_admin_removal_if_last_memberships: msg`The last administrator of the organisation cannot be removed.`,
  duns_locked: msg`The D-U-N-S number cannot be changed. Contact support.`,
  invalid_color: msg`Give the colour as # and six hexadecimal digits, for example #1a6bcc.`,
  invitation_exists: msg`This address has already been invited. You can send the invitation again from the list.`,
  invitation_expired: msg`The invitation has expired. Ask the organisation to send it again.`,
  invitation_revoked: msg`The invitation has been withdrawn.`,
  invitation_answered: msg`The invitation has already been answered.`,
  email_subscription_retrieval_error: msg`Loading the e-mail subscriptions failed.`,
  email_subscription_preferences_saving_error: msg`Saving the e-mail subscription preferences failed.`,
  type_error: msg`Choose the survey type.`,
  dates_error: msg`Choose a start date and an end date.`,
  dates_in_past_error: msg`The dates cannot be in the past.`,
  invalid_email_addresses: msg`Could not parse valid email addresses`,
  max_recipients_reached: msg`Max recipients reached: your plan does not allow more recipients.`,
  team_type_mismatch: msg`The team's type does not match the survey's type.`,
  team_has_answers: msg`Members of this team have answered a survey, so the team cannot be deleted.`,
  share_has_answers: msg`People have answered through this link, so it cannot be deleted: its answers are kept.`,
  survey_start_after_answers: msg`The survey already has answers, so its start cannot be later than the day of the first answer.`,
  survey_create_failed: msg`Analysis creation failed`,
  survey_save_failed: msg`Saving the survey failed.`,
  survey_delete_failed: msg`Deleting the survey failed.`,
  team_save_failed: msg`Saving the team failed.`,
  survey_share_failed: msg`Error sharing survey`,
  question_type_required: msg`Choose the question type.`,
  survey_template_start_required: msg`Write the start text in English.`,
  survey_template_question_title_required: msg`Every question needs a title in English.`,
  survey_template_question_key_duplicate: msg`Two questions have the same key.`,
  survey_template_group_nested: msg`A question group cannot sit inside another group.`,
  survey_template_group_unknown: msg`The question is under a group that does not exist.`,
  survey_template_slider_invalid: msg`A slider needs a minimum below its maximum and a step above zero that divides the range.`,
  survey_template_choices_invalid: msg`A single-choice question needs at least two choices with different values.`,
  survey_template_choice_name_required: msg`Every choice needs a name in English.`,
  survey_template_category_invalid: msg`Choose a category from the list for this survey type.`,
  survey_template_type_fixed: msg`The type of a saved survey template cannot be changed.`,
  survey_template_in_use: msg`The survey template is used by surveys and cannot be deleted.`,
  survey_template_active: msg`The active survey template cannot be deleted. Activate another one first.`,
  error_loading_surveytemplates: msg`Loading the survey templates failed.`,
  error_loading_surveytemplate: msg`Loading the survey template failed.`,
  error_saving_surveytemplate: msg`Saving the survey template failed.`,
  error_cloning_surveytemplate: msg`Duplicating the survey template failed.`,
  error_activating_surveytemplate: msg`Activating the survey template failed.`,
  "tasks.name_required": msg`The task needs a name.`,
  "tasks.category_required": msg`Choose a category for the task.`,
  "tasks.question_unknown": msg`Choose a question from the list of the current survey templates.`,
  task_name_required: msg`The task needs a name.`,
  task_category_required: msg`Choose a category for the task.`,
  task_already_created: msg`A task has already been created from this suggestion.`,
  task_done: msg`This task is done, so its votes can no longer change.`,
  invalid_date: msg`The date is not valid.`,
  error_loading_tasks: msg`Loading the tasks failed.`,
  error_loading_task: msg`Loading the task failed.`,
  error_saving_task: msg`Saving the task failed.`,
  error_deleting_task: msg`Deleting the task failed.`,
  error_loading_votes: msg`Loading the votes failed.`,
  error_saving_vote: msg`Saving the vote failed.`,
  category_engine_name_required: msg`The engine name is required.`,
  category_engine_name_exists: msg`Another category already has this engine name.`,
  category_parent_invalid: msg`This parent category cannot be chosen.`,
  category_in_use: msg`The category is in use and cannot be changed this way or deleted.`,
  static_task_type_required: msg`Choose a type for the suggested task.`,
  static_task_category_required: msg`A report task needs a category.`,
  error_loading_categories: msg`Loading the categories failed.`,
  error_category_save_failed: msg`Saving the category failed.`,
  error_deleting_category: msg`Deleting the category failed.`,
  error_saving_static_task: msg`Saving the suggested task failed.`,
  error_deleting_static_task: msg`Deleting the suggested task failed.`,
  error_loading_messages: msg`Loading messages was not successful`,
  "message_center.errors.error_saving": msg`Saving the message failed.`,
  error_deleting_message: msg`Deleting the message failed.`,
  "translations.placeholders_mismatch": msg`Keep the placeholders of the original text (the parts in braces and the numbered tags) unchanged.`,
  error_saving_translation: msg`Saving the translation failed.`,
  error_loading_translations: msg`Loading the translations failed.`,
  error_deleting_surveytemplate: msg`Deleting the survey template failed.`,
  choose_target_group: msg`Choose a team.`,
  selected_share_free_warning: msg`Your plan includes one team per report. Upgrade to combine teams.`,
  report_selection_invalid: msg`Choose at most one personnel survey and one management survey.`,
  error_loading_reports: msg`Error loading reports`,
  webhook_url_invalid: msg`Enter an address that starts with https:// or http://, without a user name or password.`,
  webhook_url_private: msg`The address must be on the public internet, not on a private or local network.`,
  webhook_events_required: msg`Choose at least one event.`,
  webhook_limit_reached: msg`The organisation has as many webhook endpoints as allowed. Delete one before adding another.`,
  webhook_delivery_in_progress: msg`This delivery is still waiting or being sent. Try again when it has an outcome.`,
  api_key_terms_required: msg`Accept the API terms of use to create a key.`,
  api_key_invalid_ip: msg`Every line of the IP list must be an IP address or a range such as 192.0.2.0/24.`,
  api_key_invalid: msg`The API key is not valid. It may have expired or been deleted.`,
  api_key_address_refused: msg`The API key cannot be used from this address.`,
  api_key_read_only: msg`The API key can only read.`,
  api_key_not_allowed: msg`This cannot be done with an API key.`,
  api_key_create_failed: msg`Creating the API key failed.`,
  api_key_update_failed: msg`Saving the API key failed.`,
  api_key_delete_failed: msg`Deleting the API key failed.`,
  tenant_header_invalid: msg`Choose an organisation first.`,
  billing_not_configured: msg`Online payments are not set up on this server. Contact support to change your plan.`,
  billing_unavailable: msg`The payment service did not answer. Nothing was changed; please try again in a moment.`,
  price_unknown: msg`This price is not available. Reload the page and choose a plan again.`,
  subscription_exists: msg`Your organisation already has a subscription. Change it in the payment details.`,
  billing_no_customer: msg`Your organisation has no payment details yet. Choose a plan first.`,
  stripe_signature_invalid: msg`The payment notification could not be verified.`,
  promotion_code_unknown: msg`This promotion code is not valid.`,
  billing_no_subscription: msg`Your organisation has no subscription to change. Choose a plan first.`,
  subscription_failed: msg`Changing the subscription failed. Please try again.`,
  worktask_assignee_unknown: msg`The assignee is not a member of this organisation.`,
  item_type_fixed: msg`The type of an existing item cannot be changed.`,
  financials_not_configured: msg`Financial data is not available on this server: no data provider is set up.`,
  "tenants.duns_search_error": msg`Searching for the D-U-N-S number failed. Please try again.`,
  duns_no_search_results: msg`No organisation was found. Check the name, registration number and country.`,
  duns_missing: msg`Save the organisation's D-U-N-S number first.`,
  financial_fetch_failed: msg`Fetching the financial data failed. Please try again later.`,
};

/**
 * Whether a value is one of the server's error keys, read from the table above (complete by its
 * type): the same answer as core's `isErrorKey`, without its status table in the first load.
 */
const isErrorKey = (value: unknown): value is ErrorKey =>
  typeof value === "string" && Object.hasOwn(ERROR_MESSAGES, value);

/** Field-level validation keys from the shared zod schemas (document 1 §5). */
export const FIELD_ERROR_MESSAGES: Record<FieldError, MessageDescriptor> = {
  field_required: msg`Field is required`,
  invalid_email: msg`Field must be an e-mail address`,
  no_spaces: msg`Spaces are not allowed`,
  invalid_duns: msg`Field must be a D-U-N-S® number (9 digits)`,
  positive_number: msg`Only a positive number`,
  invalid_country: msg`Choose a country from the list`,
  too_long: msg`The value is too long`,
  invalid_phone: msg`Field must be a phone number`,
  birth_date_out_of_range: msg`The birth date must be between 1 January 1950 and today`,
};

const GENERIC_ERROR = msg`An error occurred.`;
const NETWORK_ERROR = msg`The server could not be reached. Check your connection and try again.`;
const INVALID_VALUE = msg`Invalid value`;

export type AppClientError = TRPCClientError<AppRouter>;

export function asClientError(error: unknown): AppClientError | null {
  return error instanceof TRPCClientError ? (error as AppClientError) : null;
}

export function getErrorKey(error: unknown): ErrorKey | null {
  const key = asClientError(error)?.data?.error_key;
  return isErrorKey(key) ? key : null;
}

/** True for answers the client caused (4xx); used to skip pointless retries. */
export function isClientError(error: unknown): boolean {
  const status = asClientError(error)?.data?.httpStatus;
  return typeof status === "number" && status >= 400 && status < 500;
}

/** Field errors of a failed validation, as `{ "email": "invalid_email" }`. */
export function getFieldErrors(error: unknown): Record<string, string> {
  return asClientError(error)?.data?.fields ?? {};
}

const isFieldError = (value: string): value is FieldError =>
  (FIELD_ERRORS as readonly string[]).includes(value);

/** Translates a field error key (or an error key used as a field message). */
export function fieldErrorMessage(key: string): string {
  if (isFieldError(key)) return i18n._(FIELD_ERROR_MESSAGES[key]);
  if (isErrorKey(key)) return i18n._(ERROR_MESSAGES[key]);
  return i18n._(INVALID_VALUE);
}

export const errorKeyMessage = (key: ErrorKey): string => i18n._(ERROR_MESSAGES[key]);

/**
 * The general handler of document 1 §8: the translation of the error key when there is one,
 * otherwise the supplied fallback, otherwise 'An error occurred.'.
 */
export function errorMessage(error: unknown, fallback?: MessageDescriptor): string {
  const key = getErrorKey(error);
  if (key) return i18n._(ERROR_MESSAGES[key]);
  const clientError = asClientError(error);
  if (clientError && !clientError.data && clientError.cause instanceof TypeError)
    return i18n._(NETWORK_ERROR);
  return i18n._(fallback ?? GENERIC_ERROR);
}
