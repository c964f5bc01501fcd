import { i18n } from "@lingui/core";
import { DAY_FORMAT, dayLocale } from "./day-format";
import { currentLanguage } from "./i18n";

export { DAY_FORMAT } from "./day-format";

const dateLocale = () => dayLocale(currentLanguage());

/**
 * Dates in the active language (`et` for `ee`, `en-GB` for English). Date-only values from the
 * server (YYYY-MM-DD) are read as local calendar days.
 */
export function formatDate(
  value: string | Date | null | undefined,
  options: Intl.DateTimeFormatOptions = DAY_FORMAT,
): string {
  if (!value) return "";
  const date =
    typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T00:00:00`)
      : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(dateLocale(), options).format(date);
}

/** A moment as a date and a time of day ("25/11/2026, 14:05" in English, "25.11.2026 klo 14.05" in Finnish). */
export const formatDateTime = (value: string | Date) =>
  formatDate(value, { ...DAY_FORMAT, hour: "2-digit", minute: "2-digit" });

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
