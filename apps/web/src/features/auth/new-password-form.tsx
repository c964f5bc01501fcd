import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Button, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { applyServerErrors, FormErrorAlert } from "../../components/form-errors";
import { NewPasswordInput, newPasswordError, repeatPasswordError } from "../../components/password-strength";
import { useTRPC } from "../../lib/trpc";

/** Required-new-password challenge: users created with a temporary password choose their own. */
export function NewPasswordForm({
  username,
  onDone,
  onCancel,
}: {
  username: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const [error, setError] = useState<unknown>(null);
  const form = useForm({
    initialValues: { newPassword: "", repeat: "" },
    validate: {
      newPassword: (value) => newPasswordError(value, [username]),
      repeat: (value, values) => repeatPasswordError(value, values.newPassword),
    },
  });
  const complete = useMutation(
    trpc.auth.completeNewPassword.mutationOptions({
      onMutate: () => setError(null),
      onSuccess: onDone,
      onError: (err) => {
        if (
          !applyServerErrors(form, err, {
            password_too_short: "newPassword",
            password_too_weak: "newPassword",
            password_too_long: "newPassword",
          })
        )
          setError(err);
      },
    }),
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          <Trans>Choose a new password</Trans>
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          <Trans>Your account has a temporary password. Choose your own password to continue.</Trans>
        </Text>
      </div>
      <form
        onSubmit={form.onSubmit((values) => complete.mutate({ newPassword: values.newPassword }))}
        noValidate
      >
        <Stack gap="md">
          <FormErrorAlert error={error} />
          <NewPasswordInput
            label={t`New password`}
            required
            userInputs={[username]}
            data-autofocus
            {...form.getInputProps("newPassword")}
          />
          <PasswordInput
            label={t`Repeat the new password`}
            autoComplete="new-password"
            required
            {...form.getInputProps("repeat")}
          />
          <Button type="submit" fullWidth loading={complete.isPending}>
            <Trans>Save and continue</Trans>
          </Button>
        </Stack>
      </form>
      <Anchor component="button" type="button" size="sm" onClick={onCancel} ta="center">
        <Trans>Back to sign in</Trans>
      </Anchor>
    </Stack>
  );
}
