import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Button, Group, Stack } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormErrorAlert, useFormAlert } from "../../components/form-errors";
import {
  TenantDetailsFields,
  type TenantDetailsValues,
  useTenantDetailsForm,
} from "../../components/tenant-details-fields";
import { useTRPC } from "../../lib/trpc";

/** Step 1: the company details; saving them moves the wizard on (`onDone` stores the next step). */
export function DetailsStep({
  initial,
  dunsLocked,
  onDone,
}: {
  initial: TenantDetailsValues;
  dunsLocked: boolean;
  onDone: () => Promise<void>;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useTenantDetailsForm(initial);
  const formAlert = useFormAlert(form, { duns_locked: "dunsNumber" });
  const [saving, setSaving] = useState(false);
  const update = useMutation(
    trpc.tenant.update.mutationOptions({
      onMutate: formAlert.clear,
      onSuccess: async () => {
        setSaving(true);
        try {
          await queryClient.invalidateQueries({ queryKey: trpc.tenant.current.queryKey() });
          await onDone();
        } catch (err) {
          formAlert.setError(err);
        } finally {
          setSaving(false);
        }
      },
      onError: formAlert.onError,
    }),
  );

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ dunsNumber, ...values }) =>
        update.mutate({ ...values, ...(dunsLocked ? {} : { dunsNumber: dunsNumber || null }) }),
      )}
    >
      <Stack gap="lg">
        <FormErrorAlert error={formAlert.error} fallback={msg`Updating the organisation failed.`} />
        <TenantDetailsFields form={form} autoFocus duns={dunsLocked ? "locked" : "editable"} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending || saving}>
            <Trans>Save and continue</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
