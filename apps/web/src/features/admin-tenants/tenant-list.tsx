import { ADMIN_PAGE_SIZES } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Group, Pagination, Select, Table, Text, VisuallyHidden } from "@mantine/core";
import { useMemo } from "react";
import { useCountryOptions } from "../../components/country-select";
import { PLAN_LABELS } from "../../lib/labels";
import { TenantRowMenu } from "./tenant-row-menu";
import { type AdminTenant, statusExpiresDate, type TenantDialogKind } from "./tenant-status";

/** Rows per page: a number, or every row ("all", document 1 §9). */
export type PageSize = (typeof ADMIN_PAGE_SIZES)[number] | "all";

const toPageSize = (value: string | null): PageSize =>
  ADMIN_PAGE_SIZES.find((size) => String(size) === value) ?? "all";

export interface TenantListProps {
  tenants: AdminTenant[];
  page: number;
  pageSize: PageSize;
  onPage: (page: number) => void;
  onPageSize: (size: PageSize) => void;
  onOpen: (kind: TenantDialogKind, tenant: AdminTenant) => void;
}

export function TenantList({ tenants, page, pageSize, onPage, onPageSize, onOpen }: TenantListProps) {
  const { t } = useLingui();
  const countries = useCountryOptions();
  const countryName = useMemo(() => new Map(countries.map((c) => [c.value, c.label])), [countries]);
  const size = pageSize === "all" ? Math.max(tenants.length, 1) : pageSize;
  const pages = Math.max(1, Math.ceil(tenants.length / size));
  const current = Math.min(page, pages);
  const rows = tenants.slice((current - 1) * size, current * size);
  const now = Date.now();

  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table highlightOnHover verticalSpacing="sm">
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
              <Table.Th w={56}>
                <VisuallyHidden>
                  <Trans>Actions</Trans>
                </VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text size="sm" c="dimmed" ta="center" py="md">
                    <Trans>No accounts found.</Trans>
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {rows.map((tenant) => (
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
      <Group justify="space-between" p="md" gap="sm">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            <Trans>Rows per page</Trans>
          </Text>
          <Select
            aria-label={t`Rows per page`}
            w={96}
            size="xs"
            allowDeselect={false}
            value={String(pageSize)}
            onChange={(value) => onPageSize(toPageSize(value))}
            data={[
              ...ADMIN_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) })),
              { value: "all", label: t`All` },
            ]}
          />
        </Group>
        {pages > 1 ? <Pagination total={pages} value={current} onChange={onPage} size="sm" /> : null}
      </Group>
    </>
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
        <Group gap={6} wrap="nowrap">
          <Badge variant="light">{i18n._(PLAN_LABELS[tenant.plan])}</Badge>
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
      <Table.Td ta="right">
        <TenantRowMenu tenant={tenant} onOpen={onOpen} />
      </Table.Td>
    </Table.Tr>
  );
}
