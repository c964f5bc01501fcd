import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Badge, Card, Group, Stack, Table, Text } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { PageTitle } from "../../components/page-title";
import { DebouncedSearchInput } from "../../components/search-input";
import { formatDate } from "../../lib/format";
import { PLAN_LABELS } from "../../lib/labels";
import { useTRPC } from "../../lib/trpc";

/** Platform account list: a plain list for now (name, plan, state, subscription end). */
export function TenantsPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const { data: tenants } = useSuspenseQuery(trpc.admin.tenants.queryOptions());
  const [search, setSearch] = useState("");
  const visible = useMemo(() => {
    const term = search.trim().toLowerCase();
    return tenants.filter((tenant) => tenant.name.toLowerCase().includes(term));
  }, [tenants, search]);
  const count = visible.length;
  const now = Date.now();

  return (
    <Stack gap="lg">
      <PageTitle title={t`Accounts`} description={<Trans>All accounts on the platform.</Trans>} />
      <Card p={0}>
        <Stack gap={0}>
          <Group p="md">
            <DebouncedSearchInput value={search} onSearch={setSearch} w={{ base: "100%", sm: 360 }} />
            <Text size="sm" c="dimmed">
              <Plural value={count} one="# account" other="# accounts" />
            </Text>
          </Group>
          <Table.ScrollContainer minWidth={600}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Name</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Plan</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>State</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Country</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {visible.map((tenant) => {
                  const end = tenant.currentSubscriptionPeriodEnd;
                  const endDate = end && new Date(end).getTime() > now ? formatDate(end) : null;
                  return (
                    <Table.Tr key={tenant.id} style={{ opacity: tenant.status === "INACTIVE" ? 0.55 : 1 }}>
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
                        <Badge variant="light">{i18n._(PLAN_LABELS[tenant.plan])}</Badge>
                      </Table.Td>
                      <Table.Td>
                        {tenant.status === "ACTIVE" ? (
                          <Badge color="green" variant="light">
                            <Trans>Active</Trans>
                          </Badge>
                        ) : (
                          <Badge color="gray" variant="light">
                            <Trans>Inactive</Trans>
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{tenant.country}</Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      </Card>
    </Stack>
  );
}
