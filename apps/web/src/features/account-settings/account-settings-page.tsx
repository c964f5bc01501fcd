import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useCountryOptions } from "../../components/country-select";
import { PageTitle } from "../../components/page-title";
import { formatDate } from "../../lib/format";
import { PLAN_LABELS } from "../../lib/labels";
import { useTRPC } from "../../lib/trpc";

/** Account settings (tenant admins): the account's details as a card for now. */
export function AccountSettingsPage({ tenantId: _tenantId }: { tenantId: string }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const { data: tenant } = useSuspenseQuery(trpc.tenant.current.queryOptions());
  const countries = useCountryOptions();
  const country = countries.find((c) => c.value === tenant.country)?.label ?? tenant.country;
  const address = [
    tenant.streetAddress,
    tenant.streetAddressLine2,
    [tenant.zipCode, tenant.city].filter(Boolean).join(" "),
    tenant.addressCounty,
  ]
    .filter(Boolean)
    .join(", ");

  return (
    <Stack gap="lg">
      <PageTitle title={t`Settings`} description={tenant.name} />
      <Card>
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h3" className="break-anywhere">
              {tenant.name}
            </Title>
            <Badge variant="light">{i18n._(PLAN_LABELS[tenant.plan])}</Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Field label={<Trans>Address</Trans>} value={address} />
            <Field label={<Trans>Country</Trans>} value={country} />
            <Field label={<Trans>Registration number (VAT)</Trans>} value={tenant.registrationNumber} />
            <Field label={<Trans>D-U-N-S® number</Trans>} value={tenant.dunsNumber} />
            {tenant.currentSubscriptionPeriodEnd ? (
              <Field
                label={<Trans>Subscription ends</Trans>}
                value={formatDate(tenant.currentSubscriptionPeriodEnd)}
              />
            ) : null}
          </SimpleGrid>
        </Stack>
      </Card>
    </Stack>
  );
}

function Field({ label, value }: { label: ReactNode; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" className="break-anywhere">
        {value || "–"}
      </Text>
    </div>
  );
}
