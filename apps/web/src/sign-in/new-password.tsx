import { PASSWORD_MIN_LENGTH, passwordLength } from "@kunto/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { type CheckPassword, estimate, useEstimator } from "../lib/password-check";
import { Field } from "./parts";
import { type FieldErrors, NEW_PASSWORD_KEYS, newPasswordError, repeatError } from "./validation";

const SCORE_LABELS = [msg`Very weak`, msg`Weak`, msg`Fair`, msg`Strong`, msg`Very strong`] as const;

export interface NewPasswordValues {
  newPassword: string;
  repeat: string;
}

/** Error keys of a call that belong under the new password (useStepForm's keyFields). */
export const NEW_PASSWORD_FIELDS: Record<string, string> = Object.fromEntries(
  NEW_PASSWORD_KEYS.map((key) => [key, "newPassword"]),
);

/**
 * A new password and its repeat, with the strength meter (components/password-strength.tsx). The
 * estimator loads once the person starts typing, never with the page.
 */
export function useNewPassword(userInputs: string[]) {
  const [values, setValues] = useState<NewPasswordValues>({ newPassword: "", repeat: "" });
  const check = useEstimator(values.newPassword !== "");
  return {
    values,
    check,
    set: (field: keyof NewPasswordValues) => (value: string) => setValues((v) => ({ ...v, [field]: value })),
    errors: (): FieldErrors => ({
      newPassword: newPasswordError(values.newPassword, check, userInputs),
      repeat: repeatError(values.repeat, values.newPassword),
    }),
  };
}

export function NewPasswordFields({
  state,
  errors,
  userInputs,
  autoFocus = false,
}: {
  state: ReturnType<typeof useNewPassword>;
  errors: FieldErrors;
  userInputs: string[];
  autoFocus?: boolean;
}) {
  const { t } = useLingui();
  return (
    <>
      <Field
        name="newPassword"
        type="password"
        label={t`New password`}
        autoComplete="new-password"
        autoFocus={autoFocus}
        value={state.values.newPassword}
        onValue={state.set("newPassword")}
        error={errors.newPassword}
        hint={<StrengthMeter value={state.values.newPassword} check={state.check} userInputs={userInputs} />}
      />
      <Field
        name="repeat"
        type="password"
        label={t`Repeat the new password`}
        autoComplete="new-password"
        value={state.values.repeat}
        onValue={state.set("repeat")}
        error={errors.repeat}
      />
    </>
  );
}

const COLORS = ["#c92a2a", "#d9480f", "#e67700", "#0c8599", "#2b8a3e"];

/** Live strength with the server's estimator; until it has loaded, the length rules only. */
function StrengthMeter({
  value,
  check,
  userInputs,
}: {
  value: string;
  check: CheckPassword | null;
  userInputs: string[];
}) {
  const { i18n } = useLingui();
  const strength = estimate(check, value, userInputs.filter(Boolean));
  const tooShort = strength.error === "password_too_short";
  const score = value ? strength.score : 0;
  const filled = value ? (tooShort ? 0 : score) + 1 : 0;
  const color = tooShort ? COLORS[0] : COLORS[score];
  const length = passwordLength(value);
  const scoreLabel = i18n._(SCORE_LABELS[score] ?? SCORE_LABELS[0]);
  return (
    <div className="meter">
      <div className="bars" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <span key={i} style={i < filled ? { background: color } : undefined} />
        ))}
      </div>
      <p aria-live="polite" className={value && (tooShort || strength.error) ? "field-error" : "hint"}>
        {!value ? (
          <Trans>
            Use at least {PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong password.
          </Trans>
        ) : tooShort ? (
          <Trans>
            Too short: {length} of at least {PASSWORD_MIN_LENGTH} characters
          </Trans>
        ) : (
          <>
            <Trans>Strength: {scoreLabel}</Trans>
            {strength.error ? (
              <>
                {" "}
                <Trans>This password is too easy to guess.</Trans>
              </>
            ) : null}
          </>
        )}
      </p>
    </div>
  );
}
