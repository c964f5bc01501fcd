/**
 * The one error vocabulary of the product. Each key maps once to an HTTP status (and through it
 * a tRPC code); the client translates the key. Keys follow the spec's error catalogue.
 */
export const ERROR_STATUS = {
  // generic
  not_signed_in: 401,
  access_denied: 403,
  not_found: 404,
  validation_failed: 400,
  required_fields: 400,
  too_many_requests: 429,
  internal_error: 500,
  /** The database is away for a moment (restarting, unreachable): try again after Retry-After. */
  service_unavailable: 503,
  plan_required: 403,
  csrf_rejected: 403,
  payload_too_large: 413,
  /** A known /api path called with a method it does not answer; `Allow` names those it does. */
  method_not_allowed: 405,
  // inputs (issue 6.11, 6.12)
  invalid_text: 400,
  value_too_complex: 400,
  batch_too_large: 400,
  unsupported_media_type: 415,
  // identity
  invalid_credentials: 401,
  user_not_confirmed: 403,
  user_disabled: 403,
  password_too_short: 400,
  password_too_long: 400,
  password_too_weak: 400,
  passwords_do_not_match: 400,
  current_password_wrong: 400,
  invalid_code: 400,
  code_expired: 400,
  demo_account_password_reset: 403,
  demo_account_read_only: 403,
  demo_unavailable: 404,
  /** issue 17.4: as many demo sandboxes live as the server holds (DEMO_SANDBOX_CAP); Retry-After says when one ends. */
  demo_capacity_reached: 503,
  mfa_required: 401,
  new_password_required: 401,
  invalid_token: 400,
  confirmation_password_wrong: 400,
  totp_requires_confirmed_email: 403,
  // users
  user_exists: 409,
  user_creation_failed: 500,
  user_info_update_failed: 500,
  email_read_only: 400,
  user_roles_update_failed: 400,
  user_state_change_failed: 500,
  you_cannot_disable_yourself: 400,
  you_cannot_enable_yourself: 400,
  username_or_email_required: 400,
  password_required_for_shared_user: 400,
  at_least_one_role_required: 400,
  last_admin_role: 400,
  invalid_image: 400,
  // accounts
  tenant_creation_failed: 500,
  tenant_update_failed: 500,
  organization_update_failed: 500,
  user_add_fail: 400,
  user_delete_fail: 400,
  user_no_longer_admin: 403,
  disallow_tenant_admin_removal_if_last_memberships: 400,
  duns_locked: 400,
  /** A brand colour that is not `#rrggbb` (the branded dashboard). */
  invalid_color: 400,
  // invitations (issue 6.7)
  invitation_exists: 409,
  invitation_expired: 409,
  invitation_revoked: 409,
  invitation_answered: 409,
  // the respondent page (issue 7): a public link and its answers
  survey_link_unknown: 404,
  survey_not_started: 409,
  survey_ended: 409,
  survey_full: 409,
  already_answered: 409,
  invalid_answer: 400,
  // e-mail subscriptions
  email_subscription_retrieval_error: 500,
  email_subscription_preferences_saving_error: 500,
  // surveys, teams and shares (document 2 §8)
  type_error: 400,
  dates_error: 400,
  dates_in_past_error: 400,
  invalid_email_addresses: 400,
  max_recipients_reached: 400,
  team_type_mismatch: 400,
  team_has_answers: 409,
  share_has_answers: 409,
  survey_start_after_answers: 409,
  survey_create_failed: 500,
  survey_save_failed: 500,
  survey_delete_failed: 500,
  team_save_failed: 500,
  survey_share_failed: 500,
  // survey templates (document 2 §5, §8)
  question_type_required: 400,
  survey_template_start_required: 400,
  survey_template_question_title_required: 400,
  survey_template_question_key_duplicate: 400,
  survey_template_group_nested: 400,
  survey_template_group_unknown: 400,
  survey_template_slider_invalid: 400,
  survey_template_choices_invalid: 400,
  survey_template_choice_name_required: 400,
  survey_template_category_invalid: 400,
  survey_template_type_fixed: 400,
  survey_template_in_use: 409,
  survey_template_active: 409,
  error_loading_surveytemplates: 500,
  error_loading_surveytemplate: 500,
  error_saving_surveytemplate: 500,
  error_cloning_surveytemplate: 500,
  error_activating_surveytemplate: 500,
  error_deleting_surveytemplate: 500,
  // tasks, suggested tasks and task voting (document 3 §5, §8)
  /** Document 3's catalogue names (issue 19.18); the underscore forms are older aliases, no longer sent. */
  "tasks.name_required": 400,
  "tasks.category_required": 400,
  /** A task's question is not one of the active survey templates' questions (document 2 §4). */
  "tasks.question_unknown": 400,
  task_name_required: 400,
  task_category_required: 400,
  task_already_created: 409,
  task_done: 409,
  invalid_date: 400,
  error_loading_tasks: 500,
  error_loading_task: 500,
  error_saving_task: 500,
  error_deleting_task: 500,
  error_loading_votes: 500,
  error_saving_vote: 500,
  // categories and static tasks (document 3 §5, §8)
  category_engine_name_required: 400,
  category_engine_name_exists: 409,
  category_parent_invalid: 400,
  category_in_use: 409,
  static_task_type_required: 400,
  static_task_category_required: 400,
  error_loading_categories: 500,
  error_category_save_failed: 500,
  error_deleting_category: 500,
  error_saving_static_task: 500,
  error_deleting_static_task: 500,
  // message center (document 3 §8)
  error_loading_messages: 500,
  "message_center.errors.error_saving": 500,
  error_deleting_message: 500,
  // translations editor (document 3 §5; docs/decisions.md "Translations editor")
  /** An interface or mail text's override lacks or adds a placeholder ({name}, <0>…</0>): `fields` names the languages. */
  "translations.placeholders_mismatch": 400,
  error_saving_translation: 500,
  error_loading_translations: 500,
  // reports (document 2 §4 "Report selection", §5, §8)
  choose_target_group: 400,
  selected_share_free_warning: 403,
  report_selection_invalid: 400,
  error_loading_reports: 500,
  // API keys (document 3 §5, §8; issue 20)
  api_key_terms_required: 400,
  /** Lines of the IP list that are neither an address nor a CIDR range: `data.fields` names them. */
  api_key_invalid_ip: 400,
  /** The `Authorization: Bearer` key is malformed, unknown, expired or deleted. */
  api_key_invalid: 401,
  /** The key's IP list does not hold the caller's address. */
  api_key_address_refused: 403,
  /** A key of the read scope called something other than a GET. */
  api_key_read_only: 403,
  /** Only a person may do this (profile, passwords, users, keys, billing), or the call went to /trpc. */
  api_key_not_allowed: 403,
  api_key_create_failed: 500,
  api_key_update_failed: 500,
  api_key_delete_failed: 500,
  // webhooks (issue 20.4)
  /** Not an http(s) URL, or one with a user name or password in it. */
  webhook_url_invalid: 400,
  /** The URL's host is or resolves to a loopback, private, link-local or otherwise non-public address. */
  webhook_url_private: 400,
  webhook_events_required: 400,
  /** The organisation has WEBHOOK_ENDPOINTS_MAX endpoints already. */
  webhook_limit_reached: 409,
  /** A delivery waiting or being sent is not sent again until it has an outcome. */
  webhook_delivery_in_progress: 409,
  // billing with Stripe (document 3 §7, §8; issue 21)
  /** No STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET: plans are set by platform admins by hand. */
  billing_not_configured: 409,
  /** Stripe did not answer, or answered with a failure of its own: nothing was changed. */
  billing_unavailable: 503,
  /** The price is not one of the plans' active prices (interval count 1, a product naming a plan). */
  price_unknown: 400,
  /** The organisation has a live subscription: its plan is changed in the customer portal. */
  subscription_exists: 409,
  /** The organisation has no payment details yet (no checkout was ever started). */
  billing_no_customer: 409,
  /** A Stripe webhook whose `Stripe-Signature` does not verify against the raw body. */
  stripe_signature_invalid: 400,
  /** No active promotion code in Stripe is this code. */
  promotion_code_unknown: 404,
  /** The organisation has no live subscription to change, cancel or renew (buy a plan first). */
  billing_no_subscription: 409,
  /** Changing, canceling or renewing the subscription failed unexpectedly (document 3 §8 "subscription failed"). */
  subscription_failed: 500,
  // work tasks and items (document 3 §5, §6; issue 22)
  /** The assignee is not a member of the organisation. */
  worktask_assignee_unknown: 400,
  /** An item's type cannot change once it exists (document 3 §5). */
  item_type_fixed: 400,
  // financials (document 3 §5, §8; issue 23)
  /** No DNB_CLIENT_ID / DNB_CLIENT_SECRET: the D-U-N-S search and the statement fetch are off. */
  financials_not_configured: 409,
  /** The identity search failed at the provider (document 3 §8). */
  "tenants.duns_search_error": 503,
  /** The identity search found no organisation (document 3 §8). */
  duns_no_search_results: 404,
  /** A statement fetch needs the organisation's D-U-N-S number first. */
  duns_missing: 409,
  /** The provider failed to answer the statements (a fetch's `errorKey`). */
  financial_fetch_failed: 503,
  /** A session call on an organisation without a valid X-tenant-id (a UUID). */
  tenant_header_invalid: 400,
} as const;

export type ErrorKey = keyof typeof ERROR_STATUS;
export const ERROR_KEYS = Object.keys(ERROR_STATUS) as ErrorKey[];
export const isErrorKey = (value: unknown): value is ErrorKey =>
  typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);

/** Thrown by services; the API layer turns it into a tRPC / REST error carrying `error_key`. */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly status: number;
  readonly details?: Record<string, unknown>;
  constructor(key: ErrorKey, details?: Record<string, unknown>) {
    super(key);
    this.name = "AppError";
    this.key = key;
    this.status = ERROR_STATUS[key];
    this.details = details;
  }
}
