import { Trans, useLingui } from "@lingui/react/macro";
import { Modal, PasswordInput, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { FormButtons } from "../../components/form-buttons";
import { FormErrorAlert, useFormAlert } from "../../components/form-errors";
import { NewPasswordFields, newPasswordRules, passwordErrorFields } from "../../components/password-strength";
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
  const userInputs = [me.email, me.username, me.firstName, me.lastName];
  const form = useForm({
    initialValues: { oldPassword: "", newPassword: "", repeat: "" },
    validate: {
      oldPassword: (value) => (value ? null : fieldErrorMessage("field_required")),
      ...newPasswordRules(userInputs),
    },
  });
  const formAlert = useFormAlert(form, {
    current_password_wrong: "oldPassword",
    ...passwordErrorFields("newPassword"),
  });
  const change = useMutation(
    trpc.auth.changePassword.mutationOptions({
      onMutate: formAlert.clear,
      onSuccess: () => {
        notifications.show({
          color: "green",
          message: t`Your password has been changed. Other sessions were signed out.`,
        });
        onClose();
      },
      onError: formAlert.onError,
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
        <FormErrorAlert error={formAlert.error} />
        <PasswordInput
          label={t`Current password`}
          autoComplete="current-password"
          required
          data-autofocus
          {...form.getInputProps("oldPassword")}
        />
        <NewPasswordFields form={form} userInputs={userInputs} />
        <Text size="xs" c="dimmed">
          <Trans>Changing the password signs you out on your other devices.</Trans>
        </Text>
        <FormButtons
          onCancel={onClose}
          loading={change.isPending}
          submitLabel={<Trans>Change password</Trans>}
        />
      </Stack>
    </form>
  );
}
