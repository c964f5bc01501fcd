import { type ErrorKey, PASSWORD_MIN_LENGTH } from "@kunto/core";
import { i18n, type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { NETWORK } from "./api";

/**
 * The texts of the error keys the sign-in page's calls and checks can meet, worded as the app's
 * (lib/api-error.ts) so both catalogs translate them alike. Any other key reads "An error
 * occurred." (document 1 §8's general handler).
 */
const ERROR_TEXTS: Partial<Record<ErrorKey, MessageDescriptor>> = {
  not_signed_in: msg`Your session has ended. Please sign in again.`,
  validation_failed: msg`Check that you have filled in all required fields.`,
  too_many_requests: msg`Too many attempts. Please wait a moment and try again.`,
  service_unavailable: msg`The service is briefly unavailable. Please try again in a moment.`,
  csrf_rejected: msg`The request was refused for security reasons. Reload the page and try again.`,
  payload_too_large: msg`The file or request is too large.`,
  invalid_text: msg`The text contains characters that cannot be saved.`,
  invalid_credentials: msg`Incorrect username, e-mail or password.`,
  user_not_confirmed: msg`Your e-mail address has not been confirmed yet.`,
  user_disabled: msg`This user account has been disabled. Contact your administrator.`,
  password_too_short: msg`The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  password_too_long: msg`The password is too long.`,
  password_too_weak: msg`This password is too common or easy to guess. Try a longer phrase of unrelated words.`,
  passwords_do_not_match: msg`The passwords do not match.`,
  invalid_code: msg`The code is incorrect.`,
  code_expired: msg`The code has expired. Request a new one.`,
  demo_account_password_reset: msg`Demo account password cannot be reset.`,
  demo_unavailable: msg`The demo is not available on this server.`,
  demo_capacity_reached: msg`The demo is full right now. Please try again later.`,
};

/** Field keys of the shared schemas a sign-in form can get back (lib/api-error.ts). */
const FIELD_TEXTS: Record<string, MessageDescriptor> = {
  field_required: msg`Field is required`,
  too_long: msg`The value is too long`,
  invalid_email: msg`Field must be an e-mail address`,
  no_spaces: msg`Spaces are not allowed`,
};

const GENERIC_ERROR = msg`An error occurred.`;
const NETWORK_ERROR = msg`The server could not be reached. Check your connection and try again.`;
const INVALID_VALUE = msg`Invalid value`;

/** A key's text; keys come from the server, so never one of Object's own properties. */
const textOf = (texts: Record<string, MessageDescriptor | undefined>, key: string) =>
  Object.hasOwn(texts, key) ? texts[key] : undefined;

/** The text of a failed call's error key, in the active language. */
export function errorText(key: string): string {
  if (key === NETWORK) return i18n._(NETWORK_ERROR);
  return i18n._(textOf(ERROR_TEXTS, key) ?? GENERIC_ERROR);
}

/** The text under a field: a field key, or an error key that belongs to the field. */
export function fieldText(key: string): string {
  return i18n._(textOf(FIELD_TEXTS, key) ?? textOf(ERROR_TEXTS, key) ?? INVALID_VALUE);
}
