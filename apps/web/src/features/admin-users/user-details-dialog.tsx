import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Group, Modal, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { breakableLogin } from "../../components/email-text";
import { FormButtons } from "../../components/form-buttons";
import { FormErrorAlert, useFormAlert } from "../../components/form-errors";
import { RoleBadges } from "../../components/role-badges";
import { UserAvatar } from "../../components/user-avatar";
import { changedUserInfo, NameFields, PhoneInput, useUserInfoForm } from "../../components/user-info-fields";
import type { AdminUser } from "../../lib/session";
import { useTRPC } from "../../lib/trpc";
import { useUpdateCachedUser } from "./use-user-actions";
import { loginOf, systemRolesOf } from "./user-list";

export interface UserDetailsDialogProps {
  /** The user to edit; the dialog is closed while this is null. */
  user: AdminUser | null;
  onClose: () => void;
}

/** User settings (document 1 §5): e-mail read-only; first name, last name and phone editable. */
export function UserDetailsDialog({ user, onClose }: UserDetailsDialogProps) {
  const { t } = useLingui();
  return (
    <Modal opened={user !== null} onClose={onClose} title={t`User settings`}>
      {user ? <UserDetailsForm key={user.id} user={user} onClose={onClose} /> : null}
    </Modal>
  );
}

function UserDetailsForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const updateCached = useUpdateCachedUser();
  const form = useUserInfoForm(user);
  const formAlert = useFormAlert(form);
  const update = useMutation(
    trpc.admin.updateUser.mutationOptions({
      onMutate: formAlert.clear,
      onSuccess: (updated) => {
        updateCached(updated.id, () => updated);
        notifications.show({ color: "green", message: t`User info updated.` });
        onClose();
      },
      onError: formAlert.onError,
    }),
  );
  const local = user.type === "LOCAL";

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => update.mutate({ id: user.id, ...changedUserInfo(form, values) }))}
    >
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <UserAvatar user={user} size={56} />
          <Stack gap={4} miw={0}>
            <Text fw={500} className="break-anywhere">
              {breakableLogin(loginOf(user))}
            </Text>
            <Group gap={6}>
              <Badge size="sm" variant="outline" color="gray">
                {local ? <Trans>Shared user</Trans> : <Trans>E-mail user</Trans>}
              </Badge>
              {user.enabled ? (
                <Badge size="sm" variant="light" color="green">
                  <Trans>Active</Trans>
                </Badge>
              ) : (
                <Badge size="sm" variant="filled" color="gray">
                  <Trans>Inactive</Trans>
                </Badge>
              )}
              <RoleBadges roles={systemRolesOf(user)} size="sm" />
            </Group>
          </Stack>
        </Group>
        <FormErrorAlert error={formAlert.error} fallback={msg`Updating the user information failed.`} />
        <TextInput label={local ? t`Username` : t`E-mail`} value={loginOf(user)} readOnly variant="filled" />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NameFields form={form} autoFocus />
        </SimpleGrid>
        <PhoneInput {...form.getInputProps("phone")} />
        <FormButtons onCancel={onClose} loading={update.isPending} submitLabel={<Trans>Save</Trans>} />
      </Stack>
    </form>
  );
}
