import { i18n } from "@lingui/core";

/**
 * Dates and numbers in the active language (Lingui formats with the BCP 47 locale, `et` for
 * `ee`). Date-only values from the server (YYYY-MM-DD) are read as local calendar days.
 */
export function formatDate(
  value: string | Date | null | undefined,
  options?: Intl.DateTimeFormatOptions,
): string {
  if (!value) return "";
  const date =
    typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T00:00:00`)
      : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return i18n.date(date, options ?? { dateStyle: "medium" });
}

/** A moment as a date and a time of day ("25 Nov 2026, 14:05" in English). */
export const formatDateTime = (value: string | Date) =>
  formatDate(value, { dateStyle: "medium", timeStyle: "short" });

export const formatNumber = (value: number, options?: Intl.NumberFormatOptions): string =>
  i18n.number(value, options);

/**
 * A secret to be typed by hand, in groups of four as authenticator apps show and accept it:
 * "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP".
 */
export function groupInFours(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(" ");
}

/**
 * Where a login may break when a line is too short: after the last "@" of an e-mail address
 * ("anna.virtanen@" + "aurora.example"); null for a username without one.
 */
export function loginBreak(login: string): [string, string] | null {
  const at = login.lastIndexOf("@");
  return at > 0 && at < login.length - 1 ? [login.slice(0, at + 1), login.slice(at + 1)] : null;
}
