import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

/** 25 random bytes (> the 20 DECISIONS.md asks), base32 so it is cookie- and URL-safe. */
export function generateToken(): string {
  const bytes = new Uint8Array(25);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/**
 * A short public identifier (surveys, teams): random so ids cannot be counted through, but not a
 * secret. Share keys, which are the secret part of a public link, use `generateToken`.
 */
export function generatePublicKey(): string {
  const bytes = new Uint8Array(10);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** Only this hash is stored: a database leak does not hand out live tokens. */
export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** Numeric one-time code for the forgot-password mail. */
export function generateNumericCode(digits = 8): string {
  const bytes = new Uint32Array(digits);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => String(b % 10)).join("");
}

export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
