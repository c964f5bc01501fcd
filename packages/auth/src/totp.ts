import { createTOTPKeyURI, verifyHOTP } from "@oslojs/otp";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;

export function generateTotpSecret(): Uint8Array {
  const key = new Uint8Array(20);
  crypto.getRandomValues(key);
  return key;
}

export const totpUri = (issuer: string, account: string, key: Uint8Array) =>
  createTOTPKeyURI(issuer, account, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);

export const currentTotpStep = () => Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS);

/**
 * Accepts the current code and one step either side (clock drift) and answers the time step it
 * matched, or null. A step at or before `lastUsedStep` is refused, so a code works only once.
 */
export function matchTotp(key: Uint8Array, code: string, lastUsedStep: number | null = null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = currentTotpStep();
  for (const step of [now - 1, now, now + 1]) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    if (verifyHOTP(key, BigInt(step), TOTP_DIGITS, code)) return step;
  }
  return null;
}
