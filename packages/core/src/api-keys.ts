import { z } from "zod";
import { ZRequired } from "./schemas";
import { dayOf, ISO_DAY, isCalendarDay } from "./surveys";

/**
 * API keys for integrators (document 3 §2-§9, issue 20; docs/decisions.md "API keys"). A key is
 * `<publicKey>.<privateKey>`, sent as `Authorization: Bearer <publicKey>.<privateKey>` on `/api`
 * paths; only a hash of the private key is stored and it is shown once, at creation.
 */
export const API_KEY_SCOPES = ["read", "write"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_NAME_MAX = 100;
/** More lines than any office has networks; the list is read on every call of the key. */
export const API_KEY_MAX_IPS = 100;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** An IPv6 address as a URL host accepts it (no zone id); the browser and Node agree on this. */
function isIPv6(text: string): boolean {
  if (!text.includes(":") || !/^[0-9a-f:.]+$/i.test(text)) return false;
  try {
    new URL(`http://[${text}]/`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The family of one line of an IP list: an address (`192.0.2.7`, `2001:db8::1`) or a CIDR range
 * (`192.0.2.0/24`, `2001:db8::/32`); null when it is neither.
 */
export function ipEntryFamily(entry: string): 4 | 6 | null {
  const [address = "", prefix, extra] = entry.split("/");
  if (extra !== undefined) return null;
  const family = IPV4.test(address) ? 4 : isIPv6(address) ? 6 : null;
  if (family === null || prefix === undefined) return family;
  if (!/^\d{1,3}$/.test(prefix)) return null;
  return Number(prefix) <= (family === 4 ? 32 : 128) ? family : null;
}

/** The IP list of document 3 §5: one entry per line, trimmed, empty lines dropped. Empty = every address. */
export const ipListLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The last day of a month has no later twin: 31 January plus a month is the last of February. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/** Document 3 §9: a new key expires one month from today, at the end of that day (Europe/Helsinki). */
export const apiKeyDefaultExpiry = (now = new Date()): string => addMonths(dayOf(now), 1);

/**
 * The day a key expires, from what a client sends: a day (YYYY-MM-DD) or an instant with its offset
 * (what the list answers), read as its day in Europe/Helsinki. The key then works until 23:59:59 of
 * that day (document 3 §5). Null when it is neither.
 */
export function expiryDayOf(value: string): string | null {
  if (ISO_DAY.test(value)) return isCalendarDay(value) ? value : null;
  if (!z.iso.datetime({ offset: true }).safeParse(value).success) return null;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  // A day past 9999-12-31 in Helsinki has no YYYY-MM-DD form.
  const day = dayOf(instant);
  return ISO_DAY.test(day) ? day : null;
}

const ZExpireAt = z
  .string({ error: "field_required" })
  .trim()
  .refine((value) => expiryDayOf(value) !== null, "invalid_date")
  .meta({
    description:
      "The last day the key works, as YYYY-MM-DD (or an ISO date-time, read as its day in Europe/Helsinki): the key expires at 23:59:59 of that day, Europe/Helsinki. Not in the past (`dates_in_past_error`).",
    examples: ["2027-01-31"],
  });

/**
 * The IP list as text, one address or CIDR range per line (document 3 §3 "newline-separated"). A line
 * that is neither answers `api_key_invalid_ip` with `data.fields` naming it as `ips.<line number>`
 * (counted from 1, empty lines included).
 */
const ZIpList = z
  .string()
  .max(10_000, "too_long")
  .superRefine((text, ctx) => {
    const lines = text.split(/\r?\n/);
    lines.forEach((line, index) => {
      const entry = line.trim();
      if (entry && ipEntryFamily(entry) === null)
        ctx.addIssue({ code: "custom", path: [index + 1], message: "api_key_invalid_ip" });
    });
    if (ipListLines(text).length > API_KEY_MAX_IPS) ctx.addIssue({ code: "custom", message: "too_long" });
  })
  .transform((text) => ipListLines(text).join("\n"))
  .meta({
    description:
      "Addresses allowed to use the key, one per line: an IP address or a CIDR range (IPv4 or IPv6), trimmed. Empty: every address.",
    examples: ["192.0.2.10\n198.51.100.0/24"],
  });

const ZScope = z.enum(API_KEY_SCOPES).meta({
  description: "`read`: GET calls only. `write`: every call a key may make.",
});

export const ZApiKeyCreateInput = z.object({
  name: ZRequired(API_KEY_NAME_MAX),
  expireAt: ZExpireAt,
  ips: ZIpList.default(""),
  scope: ZScope.default("read"),
  termsAccepted: z
    .boolean({ error: "api_key_terms_required" })
    .refine((accepted) => accepted, "api_key_terms_required")
    .meta({
      description: "The API terms of use are accepted; anything else answers `api_key_terms_required`.",
    }),
});
export type TApiKeyCreateInput = z.input<typeof ZApiKeyCreateInput>;

/** A key is named by its public key (DECISIONS.md); fields left out stay as they are. */
export const ZApiKeyUpdateInput = z.object({
  publicKey: z.string().min(1).max(64),
  name: ZRequired(API_KEY_NAME_MAX).optional(),
  expireAt: ZExpireAt.optional(),
  ips: ZIpList.optional(),
  scope: ZScope.optional(),
});
export type TApiKeyUpdateInput = z.input<typeof ZApiKeyUpdateInput>;
