import { APP_USER_PAGE_SIZES } from "@kunto/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Card, Group, Stack, Table, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconUserPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { PageTitle } from "../../components/page-title";
import { DebouncedSearchInput } from "../../components/search-input";
import { PendingPage } from "../../components/status-pages";
import { TablePagination, usePagination } from "../../components/table-pagination";
import { ActionsHeaderCell, EmptyTableRow } from "../../components/table-parts";
import type { TenantUser } from "../../lib/session";
import { useTRPC } from "../../lib/trpc";
import { useCurrentTenant } from "../../lib/use-me";
import { AddUserDialog } from "./add-user-dialog";
import { InvitationList } from "./invitation-list";
import { MemberRow } from "./member-row";
import { matchesSearch } from "./member-search";
import { useMemberActions } from "./use-member-actions";

/**
 * Users of the account (document 1 §2, tenant_admin only): search, add a user by e-mail, give
 * and take away account roles, remove from the account. Pages of 100 with 100 / 200 / 500 / all
 * (document 1 §9).
 */
export function AccountUsersPage({ tenantId }: { tenantId: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const users = useQuery(trpc.tenant.users.queryOptions());
  // A later reload that fails keeps the list shown and says so for 10 seconds (document 1 §8).
  const failedAt = users.data && users.isError ? users.errorUpdatedAt : 0;
  useEffect(() => {
    if (!failedAt) return;
    notifications.show({
      id: "account-users-load-failed",
      color: "red",
      message: t`Loading users was not successful. Please try again.`,
      autoClose: 10_000,
    });
  }, [failedAt, t]);
  if (users.data) return <AccountUsersList tenantId={tenantId} users={users.data} />;
  if (users.isError)
    return <UsersLoadFailed onRetry={() => void users.refetch()} retrying={users.isFetching} />;
  return <PendingPage />;
}

/** Document 1 §8: a failed first load says so and offers to try again, inside the page. */
function UsersLoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useLingui();
  return (
    <Stack gap="lg">
      <PageTitle title={t`Users`} />
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            <Trans>Loading users was not successful. Please try again.</Trans>
          </Text>
          <Button size="xs" variant="light" color="red" onClick={onRetry} loading={retrying}>
            <Trans>Try again</Trans>
          </Button>
        </Stack>
      </Alert>
    </Stack>
  );
}

function AccountUsersList({ tenantId, users }: { tenantId: string; users: TenantUser[] }) {
  const { t } = useLingui();
  const tenant = useCurrentTenant(tenantId);
  // Live from `user.me`: after losing the admin role the controls disappear at once.
  const editable = tenant?.permissions.has("tenant.users.manage") ?? false;
  const [search, setSearch] = useState("");
  const [addOpened, addDialog] = useDisclosure(false);
  const actions = useMemberActions(tenantId, users);
  const visible = useMemo(() => users.filter((user) => matchesSearch(user, search)), [users, search]);
  const { rows, firstPage, pagination } = usePagination(visible, APP_USER_PAGE_SIZES[0]);
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
            <DebouncedSearchInput
              value={search}
              onSearch={(value) => {
                setSearch(value);
                firstPage();
              }}
              w={{ base: "100%", sm: 360 }}
            />
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
              {rows.map((user) => (
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
          <TablePagination {...pagination} sizes={APP_USER_PAGE_SIZES} withLabel withRange />
        </Stack>
      </Card>
      {editable ? <InvitationList /> : null}
      {editable ? <AddUserDialog opened={addOpened} onClose={addDialog.close} /> : null}
      {actions.dialogs}
    </Stack>
  );
}
