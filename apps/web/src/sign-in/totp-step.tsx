import { Trans, useLingui } from "@lingui/react/macro";
import { useRef, useState } from "react";
import { api, type SignInStatus } from "./api";
import { BackToSignIn, ErrorAlert, Field, Heading, SubmitButton, useStepForm } from "./parts";

/** Digits in the code of an authenticator app (TOTP). */
export const CODE_LENGTH = 6;

/** The second step of sign-in when the user has two-factor authentication on. */
export function TotpStep({
  onStatus,
  onCancel,
}: {
  onStatus: (status: SignInStatus) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [code, setCode] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const form = useStepForm(["code"]);

  const verify = (value: string) =>
    form.submit(
      null,
      {},
      async () => {
        const { status } = await api.verifyTotp(value);
        onStatus(status);
      },
      () => {
        // A wrong code is typed again from the start.
        setCode("");
        formRef.current?.querySelector("input")?.focus();
        return false;
      },
    );

  return (
    <div className="stack">
      <Heading
        title={<Trans>Two-step verification</Trans>}
        description={<Trans>Enter the 6-digit code from your authenticator app.</Trans>}
      />
      <form
        ref={formRef}
        className="stack form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (code.length === CODE_LENGTH) void verify(code);
        }}
      >
        <ErrorAlert error={form.alert} />
        <Field
          name="code"
          label={t`Verification code`}
          className="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          autoFocus
          value={code}
          onValue={(value) => {
            const digits = value.replace(/\D/g, "").slice(0, CODE_LENGTH);
            setCode(digits);
            // The code goes as soon as it is whole, as the app's code boxes do.
            if (digits.length === CODE_LENGTH && digits !== code) void verify(digits);
          }}
          error={form.errors.code}
        />
        <SubmitButton busy={form.busy} disabled={code.length !== CODE_LENGTH}>
          <Trans>Verify</Trans>
        </SubmitButton>
      </form>
      <BackToSignIn onClick={onCancel} />
    </div>
  );
}
