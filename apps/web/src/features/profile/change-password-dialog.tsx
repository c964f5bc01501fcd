import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Modal, PasswordInput, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { applyServerErrors, FormErrorAlert } from "../../components/form-errors";
import { NewPasswordInput, newPasswordError, repeatPasswordError } from "../../components/password-strength";
import { fieldErrorMessage } from "../../lib/api-error";
import type { Me } from "../../lib/session";
import { useTRPC } from "../../lib/trpc";

export function ChangePasswordDialog({
  me,
  opened,
  onClose,
}: {
  me: Me;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={t`Change password`}>
      {opened ? <ChangePasswordForm me={me} onClose={onClose} /> : null}
    </Modal>
  );
}

function ChangePasswordForm({ me, onClose }: { me: Me; onClose: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const [error, setError] = useState<unknown>(null);
  const userInputs = [me.email, me.username, me.firstName, me.lastName];
  const form = useForm({
    initialValues: { oldPassword: "", newPassword: "", repeat: "" },
    validate: {
      oldPassword: (value) => (value ? null : fieldErrorMessage("field_required")),
      newPassword: (value) => newPasswordError(value, userInputs),
      repeat: (value, values) => repeatPasswordError(value, values.newPassword),
    },
  });
  const change = useMutation(
    trpc.auth.changePassword.mutationOptions({
      onMutate: () => setError(null),
      onSuccess: () => {
        notifications.show({
          color: "green",
          message: t`Your password has been changed. Other sessions were signed out.`,
        });
        onClose();
      },
      onError: (err) => {
        const placed = applyServerErrors(form, err, {
          current_password_wrong: "oldPassword",
          password_too_short: "newPassword",
          password_too_weak: "newPassword",
          password_too_long: "newPassword",
        });
        if (!placed) setError(err);
      },
    }),
  );
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        change.mutate({ oldPassword: values.oldPassword, newPassword: values.newPassword }),
      )}
    >
      <Stack gap="md">
        <FormErrorAlert error={error} />
        <PasswordInput
          label={t`Current password`}
          autoComplete="current-password"
          required
          data-autofocus
          {...form.getInputProps("oldPassword")}
        />
        <NewPasswordInput
          label={t`New password`}
          required
          userInputs={userInputs}
          {...form.getInputProps("newPassword")}
        />
        <PasswordInput
          label={t`Repeat the new password`}
          autoComplete="new-password"
          required
          {...form.getInputProps("repeat")}
        />
        <Text size="xs" c="dimmed">
          <Trans>Changing the password signs you out on your other devices.</Trans>
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={change.isPending}>
            <Trans>Change password</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
