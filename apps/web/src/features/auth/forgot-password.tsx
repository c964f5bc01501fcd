import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconMailCheck } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { applyServerErrors, FormErrorAlert } from "../../components/form-errors";
import { NewPasswordInput, newPasswordError, repeatPasswordError } from "../../components/password-strength";
import { fieldErrorMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";

export interface ForgotPasswordProps {
  initialUsername: string;
  /** After a successful reset, with the login to prefill. */
  onReset: (username: string) => void;
  onCancel: () => void;
}

/**
 * Forgot password (document 1 §4): send a code, then the code and a new password. The code
 * step follows whether or not the account exists; the demo account is refused.
 */
export function ForgotPassword({ initialUsername, onReset, onCancel }: ForgotPasswordProps) {
  const [username, setUsername] = useState<string | null>(null);
  return username === null ? (
    <SendCode initialUsername={initialUsername} onSent={setUsername} onCancel={onCancel} />
  ) : (
    <ResetWithCode
      username={username}
      onReset={() => onReset(username)}
      onResend={() => setUsername(null)}
      onCancel={onCancel}
    />
  );
}

function SendCode({
  initialUsername,
  onSent,
  onCancel,
}: {
  initialUsername: string;
  onSent: (username: string) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const [error, setError] = useState<unknown>(null);
  const form = useForm({
    initialValues: { username: initialUsername },
    validate: { username: (value) => (value.trim() ? null : fieldErrorMessage("field_required")) },
  });
  const send = useMutation(
    trpc.auth.forgotPassword.mutationOptions({
      onMutate: () => setError(null),
      onSuccess: (_result, input) => onSent(input.username.trim().toLowerCase()),
      onError: (err) => {
        if (!applyServerErrors(form, err)) setError(err);
      },
    }),
  );
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          <Trans>Forgot your password?</Trans>
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          <Trans>
            Enter your e-mail address or username. We will send a code for setting a new password.
          </Trans>
        </Text>
      </div>
      <form onSubmit={form.onSubmit((values) => send.mutate({ username: values.username }))} noValidate>
        <Stack gap="md">
          <FormErrorAlert error={error} />
          <TextInput
            label={t`Username or e-mail`}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            data-autofocus
            {...form.getInputProps("username")}
          />
          <Button type="submit" fullWidth loading={send.isPending}>
            <Trans>Send code</Trans>
          </Button>
        </Stack>
      </form>
      <Anchor component="button" type="button" size="sm" onClick={onCancel} ta="center">
        <Trans>Back to sign in</Trans>
      </Anchor>
    </Stack>
  );
}

function ResetWithCode({
  username,
  onReset,
  onResend,
  onCancel,
}: {
  username: string;
  onReset: () => void;
  onResend: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const [error, setError] = useState<unknown>(null);
  const form = useForm({
    initialValues: { code: "", newPassword: "", repeat: "" },
    validate: {
      code: (value) => (value.trim() ? null : fieldErrorMessage("field_required")),
      newPassword: (value) => newPasswordError(value, [username]),
      repeat: (value, values) => repeatPasswordError(value, values.newPassword),
    },
  });
  const reset = useMutation(
    trpc.auth.resetPassword.mutationOptions({
      onMutate: () => setError(null),
      onSuccess: onReset,
      onError: (err) => {
        const placed = applyServerErrors(form, err, {
          invalid_code: "code",
          code_expired: "code",
          password_too_short: "newPassword",
          password_too_weak: "newPassword",
          password_too_long: "newPassword",
        });
        if (!placed) setError(err);
      },
    }),
  );
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          <Trans>Set a new password</Trans>
        </Title>
      </div>
      <Alert color="kunto" variant="light" icon={<IconMailCheck size={18} />}>
        <Trans>
          If an account exists for <b>{username}</b>, a code has been sent to its e-mail address. The code is
          valid for 15 minutes.
        </Trans>
      </Alert>
      <form
        onSubmit={form.onSubmit((values) =>
          reset.mutate({ username, code: values.code, newPassword: values.newPassword }),
        )}
        noValidate
      >
        <Stack gap="md">
          <FormErrorAlert error={error} />
          <TextInput
            label={t`Code`}
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            data-autofocus
            {...form.getInputProps("code")}
          />
          <NewPasswordInput
            label={t`New password`}
            required
            userInputs={[username]}
            {...form.getInputProps("newPassword")}
          />
          <PasswordInput
            label={t`Repeat the new password`}
            autoComplete="new-password"
            required
            {...form.getInputProps("repeat")}
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            <Trans>Change password</Trans>
          </Button>
        </Stack>
      </form>
      <Stack gap={6} align="center">
        <Anchor component="button" type="button" size="sm" onClick={onResend}>
          <Trans>Send a new code</Trans>
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={onCancel}>
          <Trans>Back to sign in</Trans>
        </Anchor>
      </Stack>
    </Stack>
  );
}
