import { ZAddTenantUserInput } from "@kunto/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconAlertCircle } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { applyServerErrors, FormErrorAlert, zodValidator } from "../../components/form-errors";
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
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const form = useForm({
    initialValues: { email: "", firstName: "", lastName: "" },
    validate: zodValidator(ZAddTenantUserInput),
  });
  const add = useMutation(
    trpc.tenant.addUser.mutationOptions({
      onMutate: () => {
        setInvalid(false);
        setError(null);
      },
      onSuccess: async (_data, { email }) => {
        notifications.show({ color: "green", message: t`${email} has been added to the account.` });
        await queryClient.invalidateQueries({ queryKey: trpc.tenant.users.queryKey() });
        onClose();
      },
      onError: (err) => {
        // "User exists" goes under the e-mail field, other field errors get the general alert.
        if (!applyServerErrors(form, err, { user_exists: "email" })) setError(err);
        else if (getErrorKey(err) !== "user_exists") setInvalid(true);
      },
    }),
  );

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) => add.mutate({ ...values, email: values.email.trim() }),
        () => {
          setError(null);
          setInvalid(true);
        },
      )}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          <Trans>
            The person gets an e-mail. Someone without a user account gets one with a temporary password. New
            members start as basic users.
          </Trans>
        </Text>
        {invalid ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            <Trans>Check that you have filled in all required fields.</Trans>
          </Alert>
        ) : null}
        <FormErrorAlert error={error} fallback={msg`Check that you have filled in all required fields.`} />
        <TextInput
          label={t`E-mail`}
          type="email"
          required
          autoComplete="off"
          data-autofocus
          {...form.getInputProps("email")}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label={t`First name`} autoComplete="off" {...form.getInputProps("firstName")} />
          <TextInput label={t`Last name`} autoComplete="off" {...form.getInputProps("lastName")} />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={add.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={add.isPending}>
            <Trans>Add</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
