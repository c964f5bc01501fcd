import { ZUserInfoInput } from "@kunto/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { applyServerErrors, FormErrorAlert, zodValidator } from "../../components/form-errors";
import { RoleBadges } from "../../components/role-badges";
import { UserAvatar } from "../../components/user-avatar";
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
  const [error, setError] = useState<unknown>(null);
  const form = useForm({
    initialValues: {
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      phone: user.phone ?? "",
    },
    validate: zodValidator(ZUserInfoInput),
  });
  const update = useMutation(
    trpc.admin.updateUser.mutationOptions({
      onMutate: () => setError(null),
      onSuccess: (updated) => {
        updateCached(updated.id, () => updated);
        notifications.show({ color: "green", message: t`User info updated.` });
        onClose();
      },
      onError: (err) => {
        if (!applyServerErrors(form, err)) setError(err);
      },
    }),
  );
  const local = user.type === "LOCAL";

  return (
    <form noValidate onSubmit={form.onSubmit((values) => update.mutate({ id: user.id, ...values }))}>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <UserAvatar user={user} size={56} />
          <Stack gap={4} miw={0}>
            <Text fw={500} className="break-anywhere">
              {loginOf(user)}
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
        <FormErrorAlert error={error} fallback={msg`Updating the user information failed.`} />
        <TextInput label={local ? t`Username` : t`E-mail`} value={loginOf(user)} readOnly variant="filled" />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t`First name`}
            autoComplete="off"
            data-autofocus
            {...form.getInputProps("firstName")}
          />
          <TextInput label={t`Last name`} autoComplete="off" {...form.getInputProps("lastName")} />
        </SimpleGrid>
        <TextInput
          label={t`Phone`}
          type="tel"
          autoComplete="off"
          placeholder="+358 40 123 4567"
          {...form.getInputProps("phone")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={update.isPending}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
