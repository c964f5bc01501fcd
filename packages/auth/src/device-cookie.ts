import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { subKey } from "./secrets";

/**
 * OWASP's device cookie (issue 6.2): after a successful sign-in the browser keeps a signed entry
 * naming the account. A browser presenting a valid entry for an account is not subject to that
 * account's lock-out of unknown devices; its own failures are counted per (account, device).
 * One cookie holds the entries of the last few accounts signed in on the device (shared devices).
 */
export const DEVICE_COOKIE = "kunto_device";
export const deviceCookieName = (secure: boolean) => (secure ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE);
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;
const MAX_ENTRIES = 8;

export interface DeviceEntry {
  userId: string;
  nonce: string;
}

const signature = (key: Uint8Array, userId: string, nonce: string) =>
  createHmac("sha256", subKey(key, "device-cookie")).update(`${userId}.${nonce}`).digest("base64url");

const entryText = (key: Uint8Array, entry: DeviceEntry) =>
  `${entry.userId}.${entry.nonce}.${signature(key, entry.userId, entry.nonce)}`;

/** The entries of a cookie value whose signature holds; anything else is ignored. */
export function readDeviceCookie(key: Uint8Array, value: string | null | undefined): DeviceEntry[] {
  if (!value) return [];
  const entries: DeviceEntry[] = [];
  for (const part of value.split("~").slice(0, MAX_ENTRIES)) {
    const [userId, nonce, sig, extra] = part.split(".");
    if (!userId || !nonce || !sig || extra !== undefined) continue;
    const expected = Buffer.from(signature(key, userId, nonce));
    const given = Buffer.from(sig);
    if (expected.length === given.length && timingSafeEqual(expected, given)) entries.push({ userId, nonce });
  }
  return entries;
}

/** The device's entry for this account, when the cookie holds a valid one. */
export const deviceFor = (key: Uint8Array, value: string | null | undefined, userId: string) =>
  readDeviceCookie(key, value).find((e) => e.userId === userId) ?? null;

/** A new entry for the account (a fresh nonce: a new device counter), kept first; others stay. */
export function issueDeviceCookie(key: Uint8Array, value: string | null | undefined, userId: string): string {
  const nonce = randomBytes(16).toString("base64url");
  const others = readDeviceCookie(key, value).filter((e) => e.userId !== userId);
  return [{ userId, nonce }, ...others]
    .slice(0, MAX_ENTRIES)
    .map((e) => entryText(key, e))
    .join("~");
}
