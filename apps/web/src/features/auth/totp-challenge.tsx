import { Trans } from "@lingui/react/macro";
import { Button, Group, Stack } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { FormErrorAlert } from "../../components/form-errors";
import { PublicPageHeading } from "../../components/public-layout";
import { BackToSignIn } from "../../components/sign-in-parts";
import { VERIFICATION_CODE_LENGTH, VerificationCodeInput } from "../../components/verification-code-input";
import { useTRPC } from "../../lib/trpc";
import type { SignInStatus } from "./login-page";

/** The second step of sign-in when the user has two-factor authentication on. */
export function TotpChallenge({
  onStatus,
  onCancel,
}: {
  onStatus: (status: SignInStatus) => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const [code, setCode] = useState("");
  const verify = useMutation(
    trpc.auth.verifyTotp.mutationOptions({
      onSuccess: (result) => onStatus(result.status),
      onError: () => setCode(""),
    }),
  );
  const submit = (value: string) => {
    if (value.length === VERIFICATION_CODE_LENGTH) verify.mutate({ code: value });
  };

  return (
    <Stack gap="lg">
      <PublicPageHeading
        title={<Trans>Two-step verification</Trans>}
        description={<Trans>Enter the 6-digit code from your authenticator app.</Trans>}
      />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit(code);
        }}
      >
        <Stack gap="md">
          <FormErrorAlert error={verify.error} />
          <Group justify="center">
            <VerificationCodeInput
              autoFocus
              value={code}
              onChange={setCode}
              onComplete={submit}
              disabled={verify.isPending}
            />
          </Group>
          <Button
            type="submit"
            fullWidth
            loading={verify.isPending}
            disabled={code.length !== VERIFICATION_CODE_LENGTH}
          >
            <Trans>Verify</Trans>
          </Button>
        </Stack>
      </form>
      <BackToSignIn onClick={onCancel} />
    </Stack>
  );
}
