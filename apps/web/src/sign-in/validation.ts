import { PASSWORD_MAX_LENGTH, passwordLength } from "@kunto/core";
import { type CheckPassword, estimate } from "../lib/password-check";
import { safeRedirect } from "../lib/redirect";
import type { CallError } from "./api";

/**
 * The sign-in page's form checks, the same rules as the shared schemas the server applies
 * (`ZSignInInput`, `ZPassword`, the password policy) without loading zod. Errors are keys
 * (messages.ts), translated when shown, so they follow a language switch.
 */
export type FieldErrors = Record<string, string | null>;

/** `ZSignInInput.username`: the trimmed login is required and at most 254 characters. */
export const LOGIN_MAX_LENGTH = 254;

export function loginError(value: string): string | null {
  const login = value.trim();
  if (!login) return "field_required";
  return login.length > LOGIN_MAX_LENGTH ? "too_long" : null;
}

/** `ZPassword`: required, at most PASSWORD_MAX_LENGTH characters as the server counts them. */
export function passwordError(value: string): string | null {
  if (!value) return "field_required";
  return passwordLength(value) > PASSWORD_MAX_LENGTH ? "too_long" : null;
}

export const requiredError = (value: string): string | null => (value.trim() ? null : "field_required");

/** A new password: the policy's length, and its guessability once the estimator has loaded. */
export function newPasswordError(value: string, check: CheckPassword | null, userInputs: string[]) {
  if (!value) return "field_required";
  return estimate(check, value, userInputs.filter(Boolean)).error;
}

export function repeatError(value: string, password: string): string | null {
  if (!value) return "field_required";
  return value === password ? null : "passwords_do_not_match";
}

export const hasErrors = (errors: FieldErrors) => Object.values(errors).some(Boolean);

/** Error keys about a new password, shown under its field. */
export const NEW_PASSWORD_KEYS = ["password_too_short", "password_too_long", "password_too_weak"];

/**
 * Where a failed call's error is shown: the fields it names that the form has, and an error key
 * that belongs to one of the form's fields (`keyFields`), go under those fields; anything else is
 * the form's alert.
 */
export function placeError(
  error: CallError,
  formFields: readonly string[],
  keyFields: Record<string, string> = {},
): { fields: FieldErrors; alert: string | null } {
  const fields: FieldErrors = {};
  for (const [path, key] of Object.entries(error.fields)) if (formFields.includes(path)) fields[path] = key;
  const field = Object.hasOwn(keyFields, error.key) ? keyFields[error.key] : undefined;
  if (field && formFields.includes(field)) fields[field] = error.key;
  return { fields, alert: hasErrors(fields) ? null : error.key };
}

/** The page's address: where to go after sign-in, and whether a confirmed e-mail brought here. */
export function readSearch(search: string): { redirectTo: string; emailConfirmed: boolean } {
  const params = new URLSearchParams(search);
  const redirect = params.get("redirect") ?? undefined;
  return {
    // As the app's route read it (`text(search.redirect, 2000)`): a longer one is not read.
    redirectTo: safeRedirect(redirect && redirect.length <= 2000 ? redirect : undefined),
    emailConfirmed: params.get("email_confirmed") === "1",
  };
}
