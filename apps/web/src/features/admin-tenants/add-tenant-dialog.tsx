import { PLANS, type Plan } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Input, Modal, SegmentedControl, Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { FormButtons } from "../../components/form-buttons";
import { FormErrorAlert, useFormAlert } from "../../components/form-errors";
import {
  EMPTY_TENANT_DETAILS,
  TenantDetailsFields,
  useTenantDetailsForm,
} from "../../components/tenant-details-fields";
import { ERROR_MESSAGES } from "../../lib/api-error";
import { PLAN_LABELS } from "../../lib/labels";
import { useTRPC } from "../../lib/trpc";
import { useRefreshTenants } from "./tenant-status";

/** Platform admin adds an account (document 1 §2, §5); it starts without members. */
export function AddTenantDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={t`Add new organisation`} closeOnClickOutside={false}>
      {opened ? <AddTenantForm onClose={onClose} /> : null}
    </Modal>
  );
}

function AddTenantForm({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const refresh = useRefreshTenants();
  const [plan, setPlan] = useState<Plan>("FREE");
  const form = useTenantDetailsForm(EMPTY_TENANT_DETAILS, { isNew: true });
  const formAlert = useFormAlert(form);
  const create = useMutation(
    trpc.admin.createTenant.mutationOptions({
      onMutate: formAlert.clear,
      onSuccess: async () => {
        notifications.show({ color: "green", message: t`Organisation created` });
        await refresh();
        onClose();
      },
      onError: formAlert.onError,
    }),
  );

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((details) => create.mutate({ ...details, plan }), formAlert.onInvalid)}
    >
      <Stack gap="md">
        <FormErrorAlert
          invalid={formAlert.invalid}
          error={formAlert.error}
          fallback={ERROR_MESSAGES.tenant_creation_failed}
        />
        <TenantDetailsFields form={form} duns="editable" addressRequired={false} />
        <Input.Wrapper label={t`Plan`}>
          <div>
            <SegmentedControl
              aria-label={t`Plan`}
              value={plan}
              onChange={(value) => setPlan(PLANS.find((p) => p === value) ?? "FREE")}
              data={PLANS.map((p) => ({ value: p, label: i18n._(PLAN_LABELS[p]) }))}
            />
          </div>
        </Input.Wrapper>
        <FormButtons
          onCancel={onClose}
          loading={create.isPending}
          lockCancel
          submitLabel={<Trans>Add organisation</Trans>}
        />
      </Stack>
    </form>
  );
}
