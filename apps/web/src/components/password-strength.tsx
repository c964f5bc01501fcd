import { type ErrorKey, PASSWORD_MIN_LENGTH, passwordLength } from "@kunto/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Box, Group, PasswordInput, type PasswordInputProps, Progress, Stack, Text } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useMemo } from "react";
import { errorKeyMessage, fieldErrorMessage } from "../lib/api-error";
import { estimate, loadedEstimator, useEstimator } from "../lib/password-check";

const SCORE_LABELS: readonly [MessageDescriptor, ...MessageDescriptor[]] = [
  msg`Very weak`,
  msg`Weak`,
  msg`Fair`,
  msg`Strong`,
  msg`Very strong`,
];
const SCORE_COLORS = ["red", "orange", "yellow", "teal", "green"] as const;

export interface PasswordStrengthMeterProps {
  value: string;
  /** Words the password should not be built from: e-mail, names. */
  userInputs?: ReadonlyArray<string | null | undefined>;
}

/**
 * Live strength of a new password with the same estimator the server uses (DECISIONS.md
 * "Identity": at least 12 characters, not common or guessable).
 */
export function PasswordStrengthMeter({ value, userInputs = [] }: PasswordStrengthMeterProps) {
  const { i18n } = useLingui();
  const check = useEstimator(value !== "");
  const inputsKey = userInputs.filter(Boolean).join("\n");
  const strength = useMemo(
    () => estimate(check, value, inputsKey ? inputsKey.split("\n") : []),
    [check, value, inputsKey],
  );
  const tooShort = strength.error === "password_too_short";
  const score = value ? strength.score : 0;
  const filled = value ? (tooShort ? 0 : score) + 1 : 0;
  const color = tooShort ? "red" : (SCORE_COLORS[score] ?? "red");
  const length = passwordLength(value);
  const scoreLabel = i18n._(SCORE_LABELS[score] ?? SCORE_LABELS[0]);

  return (
    <Stack gap={4}>
      <Group gap={4} grow aria-hidden>
        {[0, 1, 2, 3, 4].map((i) => (
          <Progress key={i} size={5} value={i < filled ? 100 : 0} color={color} transitionDuration={150} />
        ))}
      </Group>
      <Box aria-live="polite">
        {!value ? (
          <Text size="xs" c="dimmed">
            <Trans>
              Use at least {PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong password.
            </Trans>
          </Text>
        ) : tooShort ? (
          <Text size="xs" c="red.9">
            <Trans>
              Too short: {length} of at least {PASSWORD_MIN_LENGTH} characters
            </Trans>
          </Text>
        ) : (
          <Text size="xs" c={strength.error ? "red.9" : "dimmed"}>
            <Trans>Strength: {scoreLabel}</Trans>
            {strength.error ? (
              <>
                {" "}
                <Trans>This password is too easy to guess.</Trans>
              </>
            ) : null}
          </Text>
        )}
      </Box>
    </Stack>
  );
}

export interface NewPasswordInputProps extends PasswordInputProps {
  userInputs?: ReadonlyArray<string | null | undefined>;
}

/** A password field for setting a password, with the strength meter below it. */
export function NewPasswordInput({ userInputs, ...props }: NewPasswordInputProps) {
  return (
    <Stack gap={6}>
      <PasswordInput autoComplete="new-password" {...props} />
      <PasswordStrengthMeter
        value={typeof props.value === "string" ? props.value : ""}
        userInputs={userInputs}
      />
    </Stack>
  );
}

/**
 * Form validation for a new password: the policy's length and guessability, and the repeat.
 * The server checks the same and answers with the same keys.
 */
export function newPasswordError(
  value: string,
  userInputs: ReadonlyArray<string | null | undefined> = [],
): string | null {
  if (!value) return fieldErrorMessage("field_required");
  const { error } = estimate(
    loadedEstimator(),
    value,
    userInputs.filter((v): v is string => Boolean(v)),
  );
  return error ? errorKeyMessage(error) : null;
}

export function repeatPasswordError(value: string, password: string): string | null {
  if (!value) return fieldErrorMessage("field_required");
  return value === password ? null : errorKeyMessage("passwords_do_not_match");
}

/** Server error keys about a new password, placed under the given field (applyServerErrors). */
export function passwordErrorFields(field: string): Partial<Record<ErrorKey, string>> {
  return { password_too_short: field, password_too_long: field, password_too_weak: field };
}

/** Form values of a new password and its repeat. */
export interface NewPasswordValues {
  newPassword: string;
  repeat: string;
}

/** useForm `validate` rules of NewPasswordFields; `userInputs` as for newPasswordError. */
export function newPasswordRules(userInputs: ReadonlyArray<string | null | undefined> = []) {
  return {
    newPassword: (value: string) => newPasswordError(value, userInputs),
    repeat: (value: string, values: NewPasswordValues) => repeatPasswordError(value, values.newPassword),
  };
}

export interface NewPasswordFieldsProps {
  form: UseFormReturnType<NewPasswordValues>;
  /** Words the password should not be built from: e-mail, username, names. */
  userInputs?: ReadonlyArray<string | null | undefined>;
  /** The new password takes the focus when the form opens. */
  autoFocus?: boolean;
}

/** "New password" with the strength meter and "Repeat the new password" (newPasswordRules). */
export function NewPasswordFields({ form, userInputs, autoFocus = false }: NewPasswordFieldsProps) {
  const { t } = useLingui();
  return (
    <>
      <NewPasswordInput
        label={t`New password`}
        required
        userInputs={userInputs}
        data-autofocus={autoFocus || undefined}
        {...form.getInputProps("newPassword")}
      />
      <PasswordInput
        label={t`Repeat the new password`}
        autoComplete="new-password"
        required
        {...form.getInputProps("repeat")}
      />
    </>
  );
}
