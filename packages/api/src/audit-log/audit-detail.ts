/**
 * Where an audit row names the API key a call was made with: `details.apiKeyName` (issue 20.2/20.5).
 * The screen and the CSV show it as the actor; it is left out of the detail text.
 */
export const API_KEY_NAME_FIELD = "apiKeyName";

/** Longest detail text shown in a row; the stored details stay whole. */
export const DETAIL_MAX = 200;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function textOf(value: unknown): string | null {
  if (typeof value === "string") return value.trim() || null;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) {
    const items = value.map(textOf);
    return items.every((item) => item !== null) && items.length > 0 ? items.join(", ") : null;
  }
  return null;
}

/**
 * The row's details as one short line, "role: tenant_basic; status: PRO": each top-level value that
 * is text, a number, a yes/no or a list of those; nested objects and empty values are left out.
 * Null when nothing is left.
 */
export function detailOf(details: unknown): string | null {
  if (!isRecord(details)) return null;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(details)) {
    if (key === API_KEY_NAME_FIELD) continue;
    const text = textOf(value);
    if (text !== null) parts.push(`${key}: ${text}`);
  }
  if (parts.length === 0) return null;
  const line = parts.join("; ");
  return line.length > DETAIL_MAX ? `${line.slice(0, DETAIL_MAX - 1)}…` : line;
}

/** The API key's name the row carries, or null. */
export function apiKeyNameOf(details: unknown): string | null {
  const name = isRecord(details) ? details[API_KEY_NAME_FIELD] : null;
  return typeof name === "string" && name.trim() ? name.trim() : null;
}

/** What a person is called in the log: their name, else their e-mail or username. */
export function personName(user: {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  username: string | null;
}): string | null {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return name || user.email || user.username || null;
}
