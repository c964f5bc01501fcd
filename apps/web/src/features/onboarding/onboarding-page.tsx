import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FormErrorAlert, useFormAlert } from "../../components/form-errors";
import { ButtonLink } from "../../components/links";
import { PageTitle } from "../../components/page-title";
import {
  TenantDetailsFields,
  type TenantDetailsValues,
  tenantDetailsOf,
  useTenantDetailsForm,
} from "../../components/tenant-details-fields";
import { AFTER_DETAILS_STEP, onboardingStep } from "../../lib/onboarding";
import { useTRPC } from "../../lib/trpc";

/**
 * Onboarding wizard, step 1: the company details. The later steps (teams, surveys, tasks)
 * arrive with those features; until then finishing step 1 completes the set-up.
 */
export function OnboardingPage({ tenantId }: { tenantId: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const { data: tenant } = useSuspenseQuery(trpc.tenant.current.queryOptions());
  const { data: values } = useSuspenseQuery(trpc.tenant.values.queryOptions());
  const step = onboardingStep(values);
  const tenantName = tenant.name;
  const [editing, setEditing] = useState(step === null || step <= 1);

  return (
    <Stack maw={760} mx="auto" w="100%">
      <PageTitle
        title={t`Set up ${tenantName}`}
        description={<Trans>Welcome to Kunto! Start by checking your company details.</Trans>}
      />
      {editing ? (
        <DetailsStep
          initial={tenantDetailsOf(tenant)}
          dunsLocked={Boolean(tenant.dunsNumber)}
          onDone={() => setEditing(false)}
        />
      ) : (
        <Card>
          <Stack align="center" ta="center" gap="md" py="lg">
            <ThemeIcon size={56} radius="xl" color="green" variant="light">
              <IconCircleCheck size={34} />
            </ThemeIcon>
            <Title order={2}>
              <Trans>Your organisation is ready</Trans>
            </Title>
            <Text c="dimmed" maw={460}>
              <Trans>
                The company details are saved. You can change them later in the organisation settings.
              </Trans>
            </Text>
            <Group>
              <Button variant="default" onClick={() => setEditing(true)}>
                <Trans>Edit the details</Trans>
              </Button>
              <ButtonLink to="/t/$tenantId/dashboard" params={{ tenantId }}>
                <Trans>Go to the dashboard</Trans>
              </ButtonLink>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

function DetailsStep({
  initial,
  dunsLocked,
  onDone,
}: {
  initial: TenantDetailsValues;
  dunsLocked: boolean;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useTenantDetailsForm(initial);
  const formAlert = useFormAlert(form, { duns_locked: "dunsNumber" });
  const setValue = useMutation(trpc.tenant.setValue.mutationOptions());
  const update = useMutation(
    trpc.tenant.update.mutationOptions({
      onMutate: formAlert.clear,
      onSuccess: async () => {
        try {
          await setValue.mutateAsync({ key: "onboarding", value: String(AFTER_DETAILS_STEP) });
        } catch (err) {
          formAlert.setError(err);
          return;
        }
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.tenant.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.user.me.queryKey() }),
        ]);
        onDone();
      },
      onError: formAlert.onError,
    }),
  );

  return (
    <Card>
      <form
        noValidate
        onSubmit={form.onSubmit(({ dunsNumber, ...values }) =>
          update.mutate({ ...values, ...(dunsLocked ? {} : { dunsNumber: dunsNumber || null }) }),
        )}
      >
        <Stack gap="lg">
          <Group gap="sm">
            <Badge variant="light" size="lg" radius="sm">
              1
            </Badge>
            <Title order={2} size="h3">
              <Trans>Company details</Trans>
            </Title>
          </Group>
          <FormErrorAlert error={formAlert.error} fallback={msg`Updating the organisation failed.`} />
          <TenantDetailsFields form={form} autoFocus duns={dunsLocked ? "locked" : "editable"} />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending || setValue.isPending}>
              <Trans>Save and continue</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
