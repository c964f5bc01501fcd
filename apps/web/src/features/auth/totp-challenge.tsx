import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Button, Group, PinInput, Stack, Text, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { FormErrorAlert } from "../../components/form-errors";
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
  const { t } = useLingui();
  const trpc = useTRPC();
  const [code, setCode] = useState("");
  const verify = useMutation(
    trpc.auth.verifyTotp.mutationOptions({
      onSuccess: (result) => onStatus(result.status),
      onError: () => setCode(""),
    }),
  );
  const submit = (value: string) => {
    if (value.length === 6) verify.mutate({ code: value });
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          <Trans>Two-step verification</Trans>
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          <Trans>Enter the 6-digit code from your authenticator app.</Trans>
        </Text>
      </div>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit(code);
        }}
      >
        <Stack gap="md">
          <FormErrorAlert error={verify.error} />
          <Group justify="center">
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              autoFocus
              value={code}
              onChange={setCode}
              onComplete={submit}
              aria-label={t`Verification code`}
              disabled={verify.isPending}
            />
          </Group>
          <Button type="submit" fullWidth loading={verify.isPending} disabled={code.length !== 6}>
            <Trans>Verify</Trans>
          </Button>
        </Stack>
      </form>
      <Anchor component="button" type="button" size="sm" onClick={onCancel} ta="center">
        <Trans>Back to sign in</Trans>
      </Anchor>
    </Stack>
  );
}
