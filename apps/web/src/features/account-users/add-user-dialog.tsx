import { TENANT_ROLES, type TenantRole, ZAddTenantUserInput } from "@kunto/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Modal, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FormButtons } from "../../components/form-buttons";
import { FormErrorAlert, useFormAlert, zodValidator } from "../../components/form-errors";
import { EmailInput, NameFields } from "../../components/user-info-fields";
import { getErrorKey } from "../../lib/api-error";
import { roleLabel } from "../../lib/labels";
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
 * spaces; names optional. Since issue 6.7 this invites them: they join with the chosen role when
 * they accept, and the list shows only the address and "Invited" until then.
 */
function AddUserForm({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { email: "", firstName: "", lastName: "", role: "tenant_basic" as TenantRole },
    validate: zodValidator(ZAddTenantUserInput),
  });
  const formAlert = useFormAlert(form, { user_exists: "email", invitation_exists: "email" });
  const add = useMutation(
    trpc.tenant.addUser.mutationOptions({
      onMutate: formAlert.clear,
      onSuccess: async ({ email }) => {
        notifications.show({ color: "green", message: t`An invitation has been sent to ${email}.` });
        await queryClient.invalidateQueries({ queryKey: trpc.tenant.invitations.queryKey() });
        onClose();
      },
      onError: (err) => {
        // "User exists" and "already invited" go under the e-mail field, other field errors get the general alert.
        const key = getErrorKey(err);
        if (formAlert.onError(err) && key !== "user_exists" && key !== "invitation_exists")
          formAlert.onInvalid();
      },
    }),
  );

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        ({ role, ...values }) => add.mutate({ ...values, email: values.email.trim(), roles: [role] }),
        formAlert.onInvalid,
      )}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          <Trans>
            The person gets an invitation by e-mail and joins the organisation when they accept it. Someone
            without an account creates one first.
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
        <Select
          label={t`Role`}
          data={TENANT_ROLES.map((role) => ({ value: role, label: roleLabel(role) }))}
          allowDeselect={false}
          {...form.getInputProps("role")}
        />
        <FormButtons
          onCancel={onClose}
          loading={add.isPending}
          lockCancel
          submitLabel={<Trans>Send invitation</Trans>}
        />
      </Stack>
    </form>
  );
}
