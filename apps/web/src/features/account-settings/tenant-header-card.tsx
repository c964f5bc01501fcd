import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useCountryOptions } from "../../components/country-select";
import { formatDate } from "../../lib/format";
import { PLAN_LABELS } from "../../lib/labels";
import type { Tenant } from "../../lib/session";

/**
 * The account's details: name, address, country (named in the interface language), registration
 * number, D-U-N-S number, plan, status and anonymity threshold, with the edit button.
 */
export function TenantHeaderCard({ tenant, onEdit }: { tenant: Tenant; onEdit?: () => void }) {
  const { i18n } = useLingui();
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
  const active = tenant.status === "ACTIVE";

  return (
    <Card>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h3" className="break-anywhere">
            {tenant.name}
          </Title>
          {onEdit ? (
            <Button variant="light" leftSection={<IconPencil size={16} />} onClick={onEdit}>
              <Trans>Edit</Trans>
            </Button>
          ) : null}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Field label={<Trans>Address</Trans>} value={address} />
          <Field label={<Trans>Country</Trans>} value={country} />
          <Field label={<Trans>Registration number (VAT)</Trans>} value={tenant.registrationNumber} />
          <Field label={<Trans>D-U-N-S® number</Trans>} value={tenant.dunsNumber} />
          <Field label={<Trans>Plan</Trans>} value={i18n._(PLAN_LABELS[tenant.plan])} />
          <Field
            label={<Trans>Status</Trans>}
            value={
              <Badge variant="light" color={active ? "green" : "gray"}>
                {active ? <Trans>Active</Trans> : <Trans>Inactive</Trans>}
              </Badge>
            }
          />
          {tenant.currentSubscriptionPeriodEnd ? (
            <Field
              label={<Trans>Subscription ends</Trans>}
              value={formatDate(tenant.currentSubscriptionPeriodEnd)}
            />
          ) : null}
          <Field
            label={<Trans>Anonymity threshold</Trans>}
            value={<Plural value={tenant.anonymityThreshold} one="# answer" other="# answers" />}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function Field({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" className="break-anywhere" component="div">
        {value || "–"}
      </Text>
    </div>
  );
}
