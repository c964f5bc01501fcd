import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Button, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconMailCheck } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { FormErrorAlert, useFormAlert } from "../../components/form-errors";
import { NewPasswordFields, newPasswordRules, passwordErrorFields } from "../../components/password-strength";
import { PublicPageHeading } from "../../components/public-layout";
import { BackToSignIn, LoginInput } from "../../components/sign-in-parts";
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
  const trpc = useTRPC();
  const form = useForm({
    initialValues: { username: initialUsername },
    validate: { username: (value) => (value.trim() ? null : fieldErrorMessage("field_required")) },
  });
  const formAlert = useFormAlert(form);
  const send = useMutation(
    trpc.auth.forgotPassword.mutationOptions({
      onMutate: formAlert.clear,
      onSuccess: (_result, input) => onSent(input.username.trim().toLowerCase()),
      onError: formAlert.onError,
    }),
  );
  return (
    <Stack gap="lg">
      <PublicPageHeading
        title={<Trans>Forgot your password?</Trans>}
        description={
          <Trans>
            Enter your e-mail address or username. We will send a code for setting a new password.
          </Trans>
        }
      />
      <form onSubmit={form.onSubmit((values) => send.mutate({ username: values.username }))} noValidate>
        <Stack gap="md">
          <FormErrorAlert error={formAlert.error} />
          <LoginInput autoFocus {...form.getInputProps("username")} />
          <Button type="submit" fullWidth loading={send.isPending}>
            <Trans>Send code</Trans>
          </Button>
        </Stack>
      </form>
      <BackToSignIn onClick={onCancel} />
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
  const form = useForm({
    initialValues: { code: "", newPassword: "", repeat: "" },
    validate: {
      code: (value) => (value.trim() ? null : fieldErrorMessage("field_required")),
      ...newPasswordRules([username]),
    },
  });
  const formAlert = useFormAlert(form, {
    invalid_code: "code",
    code_expired: "code",
    ...passwordErrorFields("newPassword"),
  });
  const reset = useMutation(
    trpc.auth.resetPassword.mutationOptions({
      onMutate: formAlert.clear,
      onSuccess: onReset,
      onError: formAlert.onError,
    }),
  );
  return (
    <Stack gap="lg">
      <PublicPageHeading title={<Trans>Set a new password</Trans>} />
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
          <FormErrorAlert error={formAlert.error} />
          <TextInput
            label={t`Code`}
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            autoFocus
            {...form.getInputProps("code")}
          />
          <NewPasswordFields form={form} userInputs={[username]} />
          <Button type="submit" fullWidth loading={reset.isPending}>
            <Trans>Change password</Trans>
          </Button>
        </Stack>
      </form>
      <Stack gap={6} align="center">
        <Anchor component="button" type="button" size="sm" onClick={onResend}>
          <Trans>Send a new code</Trans>
        </Anchor>
        <BackToSignIn onClick={onCancel} />
      </Stack>
    </Stack>
  );
}
