import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Modal, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FormButtons } from "../../components/form-buttons";
import { FormErrorAlert, useFormAlert } from "../../components/form-errors";
import { changedUserInfo, NameFields, PhoneInput, useUserInfoForm } from "../../components/user-info-fields";
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
  const form = useUserInfoForm(me);
  const formAlert = useFormAlert(form);
  const update = useMutation(
    trpc.user.update.mutationOptions({
      onMutate: formAlert.clear,
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.user.me.queryKey(), updated);
        notifications.show({ color: "green", message: t`User info updated.` });
        onClose();
      },
      onError: formAlert.onError,
    }),
  );
  return (
    <form noValidate onSubmit={form.onSubmit((values) => update.mutate(changedUserInfo(form, values)))}>
      <Stack gap="md">
        <FormErrorAlert error={formAlert.error} fallback={msg`Updating the user information failed.`} />
        <TextInput label={t`E-mail`} value={me.email ?? me.username ?? ""} readOnly variant="filled" />
        <NameFields form={form} personal autoFocus />
        <PhoneInput personal {...form.getInputProps("phone")} />
        <FormButtons onCancel={onClose} loading={update.isPending} submitLabel={<Trans>Save</Trans>} />
      </Stack>
    </form>
  );
}
