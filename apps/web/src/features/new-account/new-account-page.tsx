import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Card, Group, Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { FormErrorAlert, useFormAlert } from "../../components/form-errors";
import { PageTitle } from "../../components/page-title";
import {
  EMPTY_TENANT_DETAILS,
  TenantDetailsFields,
  useTenantDetailsForm,
} from "../../components/tenant-details-fields";
import { setTenantId } from "../../lib/tenant";
import { useTRPC } from "../../lib/trpc";

/** Creates an account (tenant) with the signed-in user as its admin, then opens the simple onboarding. */
export function NewAccountPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The address is asked for here as in every later form of the organisation (issue 6.18):
  // onboarding does not then ask again for what was optional a step before.
  const form = useTenantDetailsForm(EMPTY_TENANT_DETAILS, { isNew: true });
  const formAlert = useFormAlert(form);
  const create = useMutation(
    trpc.user.createTenant.mutationOptions({
      onMutate: formAlert.clear,
      onSuccess: async ({ id }) => {
        notifications.show({ color: "green", message: t`The organisation has been created.` });
        await queryClient.invalidateQueries({ queryKey: trpc.user.me.queryKey() });
        setTenantId(id, queryClient);
        await navigate({ to: "/t/$tenantId/welcome", params: { tenantId: id } });
      },
      onError: formAlert.onError,
    }),
  );

  return (
    <Stack maw={720}>
      <PageTitle
        title={t`Create an organisation`}
        description={<Trans>The organisation holds your surveys, reports and users.</Trans>}
      />
      <Card>
        <form
          noValidate
          onSubmit={form.onSubmit(({ dunsNumber: _duns, ...values }) => create.mutate(values))}
        >
          <Stack gap="lg">
            <FormErrorAlert error={formAlert.error} fallback={msg`Creating the organisation failed.`} />
            <TenantDetailsFields form={form} autoFocus addressRequired={false} />
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                <Trans>Create organisation</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
