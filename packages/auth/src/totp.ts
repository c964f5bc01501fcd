import { createTOTPKeyURI, verifyTOTPWithGracePeriod } from "@oslojs/otp";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;

export function generateTotpSecret(): Uint8Array {
  const key = new Uint8Array(20);
  crypto.getRandomValues(key);
  return key;
}

export const totpUri = (issuer: string, account: string, key: Uint8Array) =>
  createTOTPKeyURI(issuer, account, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);

/** Accepts the current code and one step either side, for clock drift. */
export function verifyTotp(key: Uint8Array, code: string): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  return verifyTOTPWithGracePeriod(key, TOTP_PERIOD_SECONDS, TOTP_DIGITS, code, TOTP_PERIOD_SECONDS);
}

export const currentTotpStep = () => Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS);
