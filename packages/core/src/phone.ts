import { DEFAULT_CALLING_CODE } from "./constants";

/** E.164: a plus, a calling code that does not start with 0, at most 15 digits in all. */
const INTERNATIONAL = /^\+[1-9]\d{6,14}$/;

/**
 * A phone number in its stored, international form. Spaces, dashes, dots and parentheses go;
 * a leading "00" is the international prefix; a number without a calling code gets the default
 * one (document 1 §9: 358), without its trunk 0: "040 123 4567" -> "+358401234567".
 * Answers null when the result is not a plausible international number.
 */
export function normalisePhone(value: string): string | null {
  // "+358 (0)40 ..." marks the trunk 0 that is dialled only inside the country.
  const compact = value
    .trim()
    .replace(/\(0\)/g, "")
    .replace(/[\s\-.()/]/g, "");
  let phone: string;
  if (compact.startsWith("+")) phone = compact;
  else if (compact.startsWith("00")) phone = `+${compact.slice(2)}`;
  else phone = `+${DEFAULT_CALLING_CODE}${compact.replace(/^0/, "")}`;
  return INTERNATIONAL.test(phone) ? phone : null;
}
