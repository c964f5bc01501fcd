import type { AuditDetail } from "@kunto/core";

/**
 * Where an audit row names the API key a call was made with: `details.apiKeyName` (issue 20.2/20.5).
 * The screen and the CSV show it as the actor; it is left out of the detail text.
 */
export const API_KEY_NAME_FIELD = "apiKeyName";

/** Longest text of one detail value, and the most details and list items a row shows. */
export const DETAIL_MAX = 200;
export const DETAILS_MAX = 20;

/** What redact() (../redact.ts) writes for a secret: nothing a reader can use. */
const REDACTED = "[redacted]";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** An id means nothing to a reader: `id`, `userId`, `team_id`, `teamIds`. */
const isIdField = (key: string) => key === "id" || key === "ids" || /(Id|Ids|_id|_ids)$/.test(key);

const cut = (text: string) => (text.length > DETAIL_MAX ? `${text.slice(0, DETAIL_MAX - 1)}…` : text);

function textOf(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  return text && text !== REDACTED && !UUID.test(text) ? cut(text) : null;
}

function simpleValue(value: unknown): AuditDetail["value"] | null {
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (!Array.isArray(value)) return textOf(value);
  // A list of simple values; one holding an object is left out whole.
  if (!value.every((item) => item === null || typeof item !== "object")) return null;
  const items = value
    .map((item) => (typeof item === "number" || typeof item === "boolean" ? String(item) : textOf(item)))
    .filter((item): item is string => item !== null);
  return items.length > 0 ? items.slice(0, DETAILS_MAX) : null;
}

/**
 * The row's details for a reader (the screen labels them, the CSV writes them as text): each
 * top-level value that is text, a number, a yes/no or a list of those, in the order jsonb keeps
 * them (shorter names first). Left out: nested objects, empty values, ids (fields named like ids,
 * values that are UUIDs), redacted secrets and the API key's name (shown as the actor).
 */
export function detailsOf(details: unknown): AuditDetail[] {
  if (!isRecord(details)) return [];
  const items: AuditDetail[] = [];
  for (const [field, raw] of Object.entries(details)) {
    if (field === API_KEY_NAME_FIELD || isIdField(field)) continue;
    const value = simpleValue(raw);
    if (value !== null) items.push({ field, value });
    if (items.length === DETAILS_MAX) break;
  }
  return items;
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
