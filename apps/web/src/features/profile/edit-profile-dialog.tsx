import { ZUserInfoInput } from "@kunto/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { applyServerErrors, FormErrorAlert, zodValidator } from "../../components/form-errors";
import type { Me } from "../../lib/session";
import { useTRPC } from "../../lib/trpc";

export function EditProfileDialog({ me, opened, onClose }: { me: Me; opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={t`Edit profile`}>
      {opened ? <EditProfileForm me={me} onClose={onClose} /> : null}
    </Modal>
  );
}

function EditProfileForm({ me, onClose }: { me: Me; onClose: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [error, setError] = useState<unknown>(null);
  const form = useForm({
    initialValues: { firstName: me.firstName ?? "", lastName: me.lastName ?? "", phone: me.phone ?? "" },
    validate: zodValidator(ZUserInfoInput),
  });
  const update = useMutation(
    trpc.user.update.mutationOptions({
      onMutate: () => setError(null),
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.user.me.queryKey(), updated);
        notifications.show({ color: "green", message: t`User info updated.` });
        onClose();
      },
      onError: (err) => {
        if (!applyServerErrors(form, err)) setError(err);
      },
    }),
  );
  return (
    <form noValidate onSubmit={form.onSubmit((values) => update.mutate(values))}>
      <Stack gap="md">
        <FormErrorAlert error={error} fallback={msg`Updating the user information failed.`} />
        <TextInput label={t`E-mail`} value={me.email ?? me.username ?? ""} readOnly variant="filled" />
        <TextInput
          label={t`First name`}
          autoComplete="given-name"
          data-autofocus
          {...form.getInputProps("firstName")}
        />
        <TextInput label={t`Last name`} autoComplete="family-name" {...form.getInputProps("lastName")} />
        <TextInput
          label={t`Phone`}
          type="tel"
          autoComplete="tel"
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
