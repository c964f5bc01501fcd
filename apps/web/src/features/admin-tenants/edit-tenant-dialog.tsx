import { Trans, useLingui } from "@lingui/react/macro";
import { Modal, Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { FormButtons } from "../../components/form-buttons";
import { FormErrorAlert, useFormAlert } from "../../components/form-errors";
import {
  TenantDetailsFields,
  tenantDetailsOf,
  useTenantDetailsForm,
} from "../../components/tenant-details-fields";
import { ERROR_MESSAGES } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import { type AdminTenant, useLastTenant, useRefreshTenants } from "./tenant-status";

/** The account's details; platform admins may also change the D-U-N-S number (document 1 §5). */
export function EditTenantDialog({ tenant, onClose }: { tenant: AdminTenant | null; onClose: () => void }) {
  const { t } = useLingui();
  const shown = useLastTenant(tenant);
  return (
    <Modal
      opened={tenant !== null}
      onClose={onClose}
      title={t`Organisation settings`}
      closeOnClickOutside={false}
    >
      {shown ? <EditTenantForm key={shown.id} tenant={shown} onClose={onClose} /> : null}
    </Modal>
  );
}

function EditTenantForm({ tenant, onClose }: { tenant: AdminTenant; onClose: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const refresh = useRefreshTenants();
  const form = useTenantDetailsForm(tenantDetailsOf(tenant));
  const formAlert = useFormAlert(form, { duns_locked: "dunsNumber" });
  const update = useMutation(
    trpc.admin.updateTenant.mutationOptions({
      onMutate: formAlert.clear,
      onSuccess: async () => {
        notifications.show({ color: "green", message: t`Organisation updated` });
        await refresh();
        onClose();
      },
      onError: formAlert.onError,
    }),
  );

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => update.mutate({ id: tenant.id, ...values }), formAlert.onInvalid)}
    >
      <Stack gap="md">
        <FormErrorAlert
          invalid={formAlert.invalid}
          error={formAlert.error}
          fallback={ERROR_MESSAGES.tenant_update_failed}
        />
        <TenantDetailsFields form={form} duns="editable" />
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
