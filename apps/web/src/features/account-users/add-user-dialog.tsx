import { ZAddTenantUserInput } from "@kunto/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FormButtons } from "../../components/form-buttons";
import { FormErrorAlert, useFormAlert, zodValidator } from "../../components/form-errors";
import { EmailInput, NameFields } from "../../components/user-info-fields";
import { getErrorKey } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";

/** Document 1 §9: the add-user dialog is 600 px wide. */
const ADD_USER_DIALOG_WIDTH = 600;

export function AddUserDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t`Add user`}
      size={ADD_USER_DIALOG_WIDTH}
      closeOnClickOutside={false}
    >
      {opened ? <AddUserForm onClose={onClose} /> : null}
    </Modal>
  );
}

/**
 * Adds a person to the account by e-mail (document 1 §5): e-mail required, valid and without
 * spaces; names optional. The server creates the user or links an existing one; new members get
 * tenant_basic.
 */
function AddUserForm({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { email: "", firstName: "", lastName: "" },
    validate: zodValidator(ZAddTenantUserInput),
  });
  const formAlert = useFormAlert(form, { user_exists: "email" });
  const add = useMutation(
    trpc.tenant.addUser.mutationOptions({
      onMutate: formAlert.clear,
      onSuccess: async (_data, { email }) => {
        notifications.show({ color: "green", message: t`${email} has been added to the organisation.` });
        await queryClient.invalidateQueries({ queryKey: trpc.tenant.users.queryKey() });
        onClose();
      },
      onError: (err) => {
        // "User exists" goes under the e-mail field, other field errors get the general alert.
        if (formAlert.onError(err) && getErrorKey(err) !== "user_exists") formAlert.onInvalid();
      },
    }),
  );

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) => add.mutate({ ...values, email: values.email.trim() }),
        formAlert.onInvalid,
      )}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          <Trans>
            The person gets an e-mail. Someone without a user account gets one with a temporary password. New
            members start as basic users.
          </Trans>
        </Text>
        <FormErrorAlert
          invalid={formAlert.invalid}
          error={formAlert.error}
          fallback={msg`Check that you have filled in all required fields.`}
        />
        <EmailInput data-autofocus {...form.getInputProps("email")} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NameFields form={form} />
        </SimpleGrid>
        <FormButtons onCancel={onClose} loading={add.isPending} lockCancel submitLabel={<Trans>Add</Trans>} />
      </Stack>
    </form>
  );
}
