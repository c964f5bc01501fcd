import { Trans, useLingui } from "@lingui/react/macro";
import { Card, Group, Stack, Table, Text } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { PageTitle } from "../../components/page-title";
import { RoleBadges } from "../../components/role-badges";
import { DebouncedSearchInput } from "../../components/search-input";
import { UserAvatar } from "../../components/user-avatar";
import { displayName } from "../../lib/session";
import { useTRPC } from "../../lib/trpc";
import { useCurrentTenant } from "../../lib/use-me";

/** Users of the account (tenant admins): a plain list for now. */
export function AccountUsersPage({ tenantId }: { tenantId: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const tenant = useCurrentTenant(tenantId);
  const { data: users } = useSuspenseQuery(trpc.tenant.users.queryOptions());
  const [search, setSearch] = useState("");
  const visible = useMemo(() => {
    const terms = search.toLowerCase().split(/\s+/).filter(Boolean);
    return users.filter((user) => {
      const haystack = [user.email, user.username, user.firstName, user.lastName, ...user.roles]
        .join(" ")
        .toLowerCase();
      return terms.every((term) => haystack.includes(term));
    });
  }, [users, search]);

  return (
    <Stack gap="lg">
      <PageTitle title={t`Users`} description={tenant?.name} />
      <Card p={0}>
        <Stack gap={0}>
          <Group p="md">
            <DebouncedSearchInput value={search} onSearch={setSearch} w={{ base: "100%", sm: 360 }} />
          </Group>
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>User</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Roles</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {visible.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <UserAvatar user={user} size={34} />
                        <div>
                          <Text size="sm" fw={500} className="break-anywhere">
                            {user.email ?? user.username}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {displayName({ ...user, email: null, username: null })}
                          </Text>
                        </div>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <RoleBadges roles={user.roles} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      </Card>
    </Stack>
  );
}
