import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Badge, Card, Group, Stack, Table, Text } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { PageTitle } from "../../components/page-title";
import { RoleBadges } from "../../components/role-badges";
import { DebouncedSearchInput } from "../../components/search-input";
import { UserAvatar } from "../../components/user-avatar";
import { type AdminUser, displayName } from "../../lib/session";
import { useTRPC } from "../../lib/trpc";

/** Document 1 §5: every space-separated term must match e-mail, subject, roles or account roles. */
function matches(user: AdminUser, terms: string[]): boolean {
  const haystack = [
    user.email,
    user.username,
    user.subject,
    user.firstName,
    user.lastName,
    ...user.roles,
    ...user.tenantRoles.flatMap((m) => [m.name, ...m.roleSet]),
  ]
    .filter(Boolean)
    .join(" ")
    .toLowerCase();
  return terms.every((term) => haystack.includes(term));
}

/** Platform user management: a plain list for now (search, roles, memberships, state). */
export function UsersPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const { data: users } = useSuspenseQuery(trpc.admin.users.queryOptions());
  const [search, setSearch] = useState("");
  const visible = useMemo(() => {
    const terms = search.toLowerCase().split(/\s+/).filter(Boolean);
    return users.filter((user) => matches(user, terms));
  }, [users, search]);
  const count = visible.length;

  return (
    <Stack gap="lg">
      <PageTitle title={t`Users`} description={<Trans>All users of the platform.</Trans>} />
      <Card p={0}>
        <Stack gap={0}>
          <Group p="md">
            <DebouncedSearchInput value={search} onSearch={setSearch} w={{ base: "100%", sm: 360 }} />
            <Text size="sm" c="dimmed">
              <Plural value={count} one="# user" other="# users" />
            </Text>
          </Group>
          <Table.ScrollContainer minWidth={720}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>User</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Roles</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Memberships</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>State</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {visible.map((user) => (
                  <Table.Tr key={user.id} style={{ opacity: user.enabled ? 1 : 0.6 }}>
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
                    <Table.Td>
                      <Stack gap={4}>
                        {user.tenantRoles.map((m) => (
                          <Group key={m.id} gap={6} wrap="nowrap">
                            <Text size="xs" className="break-anywhere">
                              {m.name}
                            </Text>
                            <RoleBadges roles={m.roleSet} size="xs" />
                          </Group>
                        ))}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      {user.enabled ? (
                        <Badge color="green" variant="light">
                          <Trans>Active</Trans>
                        </Badge>
                      ) : (
                        <Badge color="gray" variant="light">
                          <Trans>Disabled</Trans>
                        </Badge>
                      )}
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
