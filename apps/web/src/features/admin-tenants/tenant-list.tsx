import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Group, Table, Text, useMatches } from "@mantine/core";
import { useMemo } from "react";
import { useCountryOptions } from "../../components/country-select";
import { ActionsHeaderCell, EmptyTableRow } from "../../components/table-parts";
import { PLAN_LABELS, SUBSCRIPTION_STATUS_LABELS, subscriptionStatusColor } from "../../lib/labels";
import { TenantRowMenu } from "./tenant-row-menu";
import { type AdminTenant, statusExpiresDate, type TenantDialogKind } from "./tenant-status";

export interface TenantListProps {
  /** The accounts of the page shown. */
  tenants: AdminTenant[];
  onOpen: (kind: TenantDialogKind, tenant: AdminTenant) => void;
}

export function TenantList({ tenants, onOpen }: TenantListProps) {
  const countries = useCountryOptions();
  const countryName = useMemo(() => new Map(countries.map((c) => [c.value, c.label])), [countries]);
  const now = Date.now();
  // On a phone the rows are stacked cards (`stack-on-phone`): nothing to scroll sideways.
  const minWidth = useMatches({ base: 0, sm: 640 });

  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table highlightOnHover verticalSpacing="sm" className="stack-on-phone">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Country</Trans>
            </Table.Th>
            <ActionsHeaderCell w={56} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tenants.length === 0 ? (
            <EmptyTableRow colSpan={4}>
              <Trans>No organisations found.</Trans>
            </EmptyTableRow>
          ) : null}
          {tenants.map((tenant) => (
            <TenantRow
              key={tenant.id}
              tenant={tenant}
              country={countryName.get(tenant.country) ?? tenant.country}
              now={now}
              onOpen={onOpen}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TenantRow({
  tenant,
  country,
  now,
  onOpen,
}: {
  tenant: AdminTenant;
  country: string;
  now: number;
  onOpen: TenantListProps["onOpen"];
}) {
  const { i18n } = useLingui();
  const active = tenant.status === "ACTIVE";
  const endDate = statusExpiresDate(tenant, i18n.locale, now);
  return (
    <Table.Tr style={{ opacity: active ? 1 : 0.55 }} data-inactive={active ? undefined : true}>
      <Table.Td>
        <Text size="sm" fw={500} className="break-anywhere">
          {tenant.name}
        </Text>
        {endDate ? (
          <Text size="xs" c="dimmed">
            <Trans>Status expires {endDate}</Trans>
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Group gap={6}>
          <Badge variant="light">{i18n._(PLAN_LABELS[tenant.plan])}</Badge>
          {tenant.subscriptionStatus ? (
            <Badge variant="outline" color={subscriptionStatusColor(tenant.subscriptionStatus)}>
              {i18n._(SUBSCRIPTION_STATUS_LABELS[tenant.subscriptionStatus])}
            </Badge>
          ) : null}
          {active ? (
            <Badge color="green" variant="light">
              <Trans>Active</Trans>
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              <Trans>Inactive</Trans>
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{country}</Text>
      </Table.Td>
      <Table.Td ta="right" data-actions>
        <TenantRowMenu tenant={tenant} onOpen={onOpen} />
      </Table.Td>
    </Table.Tr>
  );
}
