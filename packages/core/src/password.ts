import { zxcvbn, zxcvbnOptions } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";
import type { ErrorKey } from "./errors";

/**
 * One password policy everywhere (DECISIONS.md "Identity", ASVS 5 V6.2 / NIST 800-63B-4):
 * 12..256 characters, no composition rules, refused when guessable.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
/** zxcvbn score (0..4) below which a password is refused as common or guessable. */
export const PASSWORD_MIN_SCORE = 3;

let configured = false;
function configure() {
  if (configured) return;
  zxcvbnOptions.setOptions({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
  });
  configured = true;
}

export interface PasswordStrength {
  /** 0 (very weak) .. 4 (very strong) */
  score: number;
  error: ErrorKey | null;
}

export function checkPassword(password: string, userInputs: string[] = []): PasswordStrength {
  if (password.length < PASSWORD_MIN_LENGTH) return { score: 0, error: "password_too_short" };
  if (password.length > PASSWORD_MAX_LENGTH) return { score: 0, error: "password_too_long" };
  configure();
  // zxcvbn is slow on very long inputs and long passwords are strong anyway.
  const { score } = zxcvbn(password.slice(0, 100), userInputs.filter(Boolean));
  return { score, error: score < PASSWORD_MIN_SCORE ? "password_too_weak" : null };
}
