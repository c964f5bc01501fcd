import { zxcvbn, zxcvbnOptions } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";
import type { ErrorKey } from "./errors";

import {
  normalisePassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MIN_SCORE,
  passwordLength,
} from "./password-policy";

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

/** Judges the NFKC form, counting code points (issue 6.5), as the server hashes it. */
export function checkPassword(password: string, userInputs: string[] = []): PasswordStrength {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return { score: 0, error: "password_too_short" };
  if (length > PASSWORD_MAX_LENGTH) return { score: 0, error: "password_too_long" };
  configure();
  // zxcvbn is slow on very long inputs and long passwords are strong anyway.
  const { score } = zxcvbn(
    [...normalisePassword(password)].slice(0, 100).join(""),
    userInputs.filter(Boolean),
  );
  return { score, error: score < PASSWORD_MIN_SCORE ? "password_too_weak" : null };
}
