import { useLingui } from "@lingui/react/macro";
import { PinInput, type PinInputProps } from "@mantine/core";

/** Digits in the code of an authenticator app (TOTP). */
export const VERIFICATION_CODE_LENGTH = 6;

/** The code from the authenticator app, one box a digit. */
export function VerificationCodeInput(props: Omit<PinInputProps, "length" | "type" | "oneTimeCode">) {
  const { t } = useLingui();
  return (
    <PinInput
      length={VERIFICATION_CODE_LENGTH}
      type="number"
      oneTimeCode
      aria-label={t`Verification code`}
      {...props}
    />
  );
}
