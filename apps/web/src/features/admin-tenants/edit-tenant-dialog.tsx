import { Trans, useLingui } from "@lingui/react/macro";
import { Modal, Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { applyServerErrors } from "../../components/form-errors";
import { TenantDetailsFields, tenantDetailsOf } from "../../components/tenant-details-fields";
import { ERROR_MESSAGES } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import { TenantFormAlert, TenantFormButtons, useTenantDetailsForm } from "./tenant-form";
import { type AdminTenant, useLastTenant, useRefreshTenants } from "./tenant-status";

/** The account's details; platform admins may also change the D-U-N-S number (document 1 §5). */
export function EditTenantDialog({ tenant, onClose }: { tenant: AdminTenant | null; onClose: () => void }) {
  const { t } = useLingui();
  const shown = useLastTenant(tenant);
  return (
    <Modal opened={tenant !== null} onClose={onClose} title={t`Account settings`} closeOnClickOutside={false}>
      {shown ? <EditTenantForm key={shown.id} tenant={shown} onClose={onClose} /> : null}
    </Modal>
  );
}

function EditTenantForm({ tenant, onClose }: { tenant: AdminTenant; onClose: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const refresh = useRefreshTenants();
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const form = useTenantDetailsForm(tenantDetailsOf(tenant));
  const update = useMutation(
    trpc.admin.updateTenant.mutationOptions({
      onMutate: () => setError(null),
      onSuccess: async () => {
        notifications.show({ color: "green", message: t`Tenant updated` });
        await refresh();
        onClose();
      },
      onError: (err) => {
        if (!applyServerErrors(form, err, { duns_locked: "dunsNumber" })) setError(err);
      },
    }),
  );

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) => {
          setInvalid(false);
          update.mutate({ id: tenant.id, ...values });
        },
        () => setInvalid(true),
      )}
    >
      <Stack gap="md">
        <TenantFormAlert invalid={invalid} error={error} fallback={ERROR_MESSAGES.tenant_update_failed} />
        <TenantDetailsFields form={form} mode="details" duns="editable" />
        <TenantFormButtons onCancel={onClose} loading={update.isPending} submitLabel={<Trans>Save</Trans>} />
      </Stack>
    </form>
  );
}
