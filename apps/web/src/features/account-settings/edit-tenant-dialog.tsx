import { ZTenantDetailsInput } from "@kunto/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Modal, NumberInput, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { FormButtons } from "../../components/form-buttons";
import { FormErrorAlert, useFormAlert, zodValidator } from "../../components/form-errors";
import {
  TenantDetailsFields,
  type TenantDetailsValues,
  tenantDetailsOf,
} from "../../components/tenant-details-fields";
import type { Tenant } from "../../lib/session";
import { useTRPC } from "../../lib/trpc";

/** Document 1 §9: dialogs are at most 660 px wide and persistent. */
const DIALOG_WIDTH = 660;
/** The range the server accepts for `tenant.update` (DECISIONS.md "Surveys and answers"). */
const ANONYMITY_THRESHOLD_MIN = 3;
const ANONYMITY_THRESHOLD_MAX = 10;

type EditTenantValues = TenantDetailsValues & { anonymityThreshold: number | string };

export function EditTenantDialog({
  tenant,
  opened,
  onClose,
}: {
  tenant: Tenant;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t`Edit organisation details`}
      size={DIALOG_WIDTH}
      closeOnClickOutside={false}
    >
      {opened ? <EditTenantForm tenant={tenant} onClose={onClose} /> : null}
    </Modal>
  );
}

/**
 * Name, address and registration details (name, street, zip code, city and country required;
 * document 1 §5), the D-U-N-S number while it is empty (locked once set: only support changes
 * it) and the anonymity threshold of personnel reports (DECISIONS.md "Surveys and answers").
 */
function EditTenantForm({ tenant, onClose }: { tenant: Tenant; onClose: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const dunsLocked = Boolean(tenant.dunsNumber);
  const detailsValidator = zodValidator(ZTenantDetailsInput);
  const form = useForm<EditTenantValues>({
    initialValues: { ...tenantDetailsOf(tenant), anonymityThreshold: tenant.anonymityThreshold },
    validate: (values) => {
      const errors = detailsValidator(values);
      const threshold = values.anonymityThreshold;
      if (
        typeof threshold !== "number" ||
        !Number.isInteger(threshold) ||
        threshold < ANONYMITY_THRESHOLD_MIN ||
        threshold > ANONYMITY_THRESHOLD_MAX
      ) {
        errors.anonymityThreshold = t`Enter a whole number from ${ANONYMITY_THRESHOLD_MIN} to ${ANONYMITY_THRESHOLD_MAX}.`;
      }
      return errors;
    },
  });
  const formAlert = useFormAlert(form, { duns_locked: "dunsNumber" });

  const update = useMutation(
    trpc.tenant.update.mutationOptions({
      onMutate: formAlert.clear,
      onSuccess: async (updated) => {
        queryClient.setQueryData(trpc.tenant.current.queryKey(), updated);
        notifications.show({ color: "green", message: t`The organisation has been updated.` });
        onClose();
        // The account's name is also in `user.me` (navigation, account chooser) and in the
        // router context of the `/t/$tenantId` pages.
        await queryClient.invalidateQueries({ queryKey: trpc.user.me.queryKey() });
        await router.invalidate();
      },
      onError: formAlert.onError,
    }),
  );

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        ({ anonymityThreshold, dunsNumber, ...details }) =>
          update.mutate({
            ...details,
            // A locked number is not sent, so the server keeps it as it is.
            ...(dunsLocked ? {} : { dunsNumber }),
            anonymityThreshold: Number(anonymityThreshold),
          }),
        formAlert.onInvalid,
      )}
    >
      <Stack gap="md">
        <FormErrorAlert
          invalid={formAlert.invalid}
          error={formAlert.error}
          fallback={msg`Updating the organisation failed.`}
        />
        <TenantDetailsFields form={form} duns={dunsLocked ? "locked" : "editable"} />
        <NumberInput
          label={t`Anonymity threshold`}
          description={t`Personnel reports with fewer answers than this show no numbers, so that no one's answers can be recognised. From ${ANONYMITY_THRESHOLD_MIN} to ${ANONYMITY_THRESHOLD_MAX}.`}
          required
          min={ANONYMITY_THRESHOLD_MIN}
          max={ANONYMITY_THRESHOLD_MAX}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          {...form.getInputProps("anonymityThreshold")}
        />
        <FormButtons
          onCancel={onClose}
          loading={update.isPending}
          lockCancel
          submitLabel={<Trans>Save</Trans>}
        />
      </Stack>
    </form>
  );
}
