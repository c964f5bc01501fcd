import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Button, Card, Group, Stack, Table, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconUserPlus } from "@tabler/icons-react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { PageTitle } from "../../components/page-title";
import { DebouncedSearchInput } from "../../components/search-input";
import { ActionsHeaderCell, EmptyTableRow } from "../../components/table-parts";
import { useTRPC } from "../../lib/trpc";
import { useCurrentTenant } from "../../lib/use-me";
import { AddUserDialog } from "./add-user-dialog";
import { MemberRow } from "./member-row";
import { matchesSearch } from "./member-search";
import { useMemberActions } from "./use-member-actions";

/**
 * Users of the account (document 1 §2, tenant_admin only): search, add a user by e-mail, give
 * and take away account roles, remove from the account.
 */
export function AccountUsersPage({ tenantId }: { tenantId: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const tenant = useCurrentTenant(tenantId);
  // Live from `user.me`: after losing the admin role the controls disappear at once.
  const editable = tenant?.permissions.has("tenant.users.manage") ?? false;
  const { data: users } = useSuspenseQuery(trpc.tenant.users.queryOptions());
  const [search, setSearch] = useState("");
  const [addOpened, addDialog] = useDisclosure(false);
  const actions = useMemberActions(tenantId, users);
  const visible = useMemo(() => users.filter((user) => matchesSearch(user, search)), [users, search]);
  const count = visible.length;

  return (
    <Stack gap="lg">
      <PageTitle
        title={t`Users`}
        description={tenant?.name}
        actions={
          editable ? (
            <Button leftSection={<IconUserPlus size={18} />} onClick={addDialog.open}>
              <Trans>Add user</Trans>
            </Button>
          ) : null
        }
      />
      <Card p={0}>
        <Stack gap={0}>
          <Group p="md" gap="md">
            <DebouncedSearchInput value={search} onSearch={setSearch} w={{ base: "100%", sm: 360 }} />
            <Text size="sm" c="dimmed">
              <Plural value={count} one="# user" other="# users" />
            </Text>
          </Group>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>User</Trans>
                </Table.Th>
                <Table.Th visibleFrom="sm">
                  <Trans>Roles</Trans>
                </Table.Th>
                <ActionsHeaderCell w={48} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {visible.map((user) => (
                <MemberRow
                  key={user.id}
                  user={user}
                  editable={editable}
                  removable={users.length >= 2}
                  actions={actions}
                />
              ))}
              {count === 0 ? (
                <EmptyTableRow colSpan={3}>
                  {search ? <Trans>No users match the search.</Trans> : <Trans>No users yet.</Trans>}
                </EmptyTableRow>
              ) : null}
            </Table.Tbody>
          </Table>
        </Stack>
      </Card>
      {editable ? <AddUserDialog opened={addOpened} onClose={addDialog.close} /> : null}
      {actions.dialogs}
    </Stack>
  );
}
