import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from "@kunto/core";
import type { PasswordStrength } from "@kunto/core/password";
import { useEffect, useState } from "react";

/**
 * The password strength estimator, loaded on demand: its dictionaries are most of the client's
 * bytes, so the forms that set a password (the app's and the light sign-in page's) ask for it only
 * once the person has started typing.
 */
export type CheckPassword = (password: string, userInputs?: string[]) => PasswordStrength;

let estimator: CheckPassword | null = null;
let loading: Promise<CheckPassword> | null = null;

export function loadEstimator(): Promise<CheckPassword> {
  loading ??= import("../components/password-estimator").then((module) => {
    estimator = module.checkPassword;
    return estimator;
  });
  return loading;
}

/** The estimator when it has loaded, else null. */
export const loadedEstimator = (): CheckPassword | null => estimator;

/**
 * The estimator once loaded. Loading starts only when `wanted` turns true (the person has started
 * typing), never with the form.
 */
export function useEstimator(wanted: boolean): CheckPassword | null {
  const [check, setCheck] = useState<CheckPassword | null>(loadedEstimator);
  useEffect(() => {
    if (check || !wanted) return;
    let active = true;
    void loadEstimator().then((loaded) => {
      if (active) setCheck(() => loaded);
    });
    return () => {
      active = false;
    };
  }, [check, wanted]);
  return check;
}

/** Until the estimator has loaded, only the length rules apply. */
export function estimate(
  check: CheckPassword | null,
  password: string,
  userInputs: string[],
): PasswordStrength {
  if (check) return check(password, userInputs);
  // Characters as the server counts them: code points of the NFKC form (issue 6.5).
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return { score: 0, error: "password_too_short" };
  if (length > PASSWORD_MAX_LENGTH) return { score: 0, error: "password_too_long" };
  return { score: 2, error: null };
}
