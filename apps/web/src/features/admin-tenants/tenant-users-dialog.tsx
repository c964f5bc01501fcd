import type { AppRouter } from "@kunto/api";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Modal, SimpleGrid, Stack, Text, Tooltip } from "@mantine/core";
import { IconUserMinus, IconUserPlus } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useEffect, useMemo, useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { FormErrorAlert } from "../../components/form-errors";
import { RoleBadges } from "../../components/role-badges";
import { DebouncedSearchInput } from "../../components/search-input";
import { ERROR_MESSAGES } from "../../lib/api-error";
import { matchesTerms, searchTerms } from "../../lib/search";
import type { AdminUser } from "../../lib/session";
import { useTRPC } from "../../lib/trpc";
import { type AdminTenant, useLastTenant } from "./tenant-status";
import { ColumnBody, ColumnTitle, type ListQuery, UserRow } from "./tenant-users-parts";

/** The all-users column shows at most this many matches; the search narrows it down. */
const MAX_SHOWN = 200;

/** The account's members on the left, everyone else on the right (document 1 §2, width 1000). */
export function TenantUsersDialog({ tenant, onClose }: { tenant: AdminTenant | null; onClose: () => void }) {
  const { t } = useLingui();
  const shown = useLastTenant(tenant);
  const name = shown?.name ?? "";
  // Escape closes only the confirmation above this dialog: Mantine modals outside a
  // Modal.Stack would all close on the same key press.
  const [confirming, setConfirming] = useState(false);
  return (
    <Modal
      opened={tenant !== null}
      onClose={onClose}
      size={1000}
      title={t`Users of ${name}`}
      closeOnEscape={!confirming}
    >
      {shown ? <TenantUsers key={shown.id} tenantId={shown.id} onConfirming={setConfirming} /> : null}
    </Modal>
  );
}

function TenantUsers({
  tenantId,
  onConfirming,
}: {
  tenantId: string;
  onConfirming: (confirming: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const members = useQuery(trpc.admin.tenantUsers.queryOptions({ id: tenantId }));
  const users = useQuery(trpc.admin.users.queryOptions());
  // Both lists change together: the member list, and the memberships in the all-users list.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.tenantUsers.queryKey({ id: tenantId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.users.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.user.me.queryKey() }),
    ]);
  const memberIds = useMemo(() => new Set((members.data ?? []).map((m) => m.id)), [members.data]);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <MembersColumn tenantId={tenantId} query={members} refresh={refresh} onConfirming={onConfirming} />
      <AllUsersColumn
        tenantId={tenantId}
        query={users}
        memberIds={memberIds}
        membersLoaded={members.isSuccess}
        refresh={refresh}
      />
    </SimpleGrid>
  );
}

type Member = inferRouterOutputs<AppRouter>["admin"]["tenantUsers"][number];

function MembersColumn({
  tenantId,
  query,
  refresh,
  onConfirming,
}: {
  tenantId: string;
  query: ListQuery<Member>;
  refresh: () => Promise<unknown>;
  onConfirming: (confirming: boolean) => void;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const [removing, setRemoving] = useState<Member | null>(null);
  useEffect(() => {
    onConfirming(removing !== null);
    return () => onConfirming(false);
  }, [removing, onConfirming]);
  const remove = useMutation(
    trpc.admin.removeTenantUser.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setRemoving(null);
      },
      // The server's reason (for example the last admin) is shown above the list.
      onError: () => setRemoving(null),
    }),
  );
  const members = query.data ?? [];
  const removingName = removing ? (removing.email ?? removing.username ?? "") : "";

  return (
    <Stack gap="sm">
      <ColumnTitle
        title={<Trans>Users of the organisation</Trans>}
        count={query.data ? <Plural value={members.length} one="# user" other="# users" /> : null}
      />
      <FormErrorAlert error={remove.error} fallback={ERROR_MESSAGES.user_delete_fail} />
      <ColumnBody query={query} empty={<Trans>The organisation has no users yet.</Trans>}>
        {members.map((member) => (
          <UserRow
            key={member.id}
            user={member}
            extra={<RoleBadges roles={member.roles} size="xs" />}
            action={
              <Tooltip label={t`Remove from the organisation`}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t`Remove from the organisation`}
                  loading={remove.isPending && remove.variables?.userId === member.id}
                  onClick={() => {
                    remove.reset();
                    setRemoving(member);
                  }}
                >
                  <IconUserMinus size={18} />
                </ActionIcon>
              </Tooltip>
            }
          />
        ))}
      </ColumnBody>
      <ConfirmDialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t`Remove the user?`}
        message={t`${removingName} loses access to the organisation.`}
        confirmLabel={t`Remove`}
        danger
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: tenantId, userId: removing.id })}
      />
    </Stack>
  );
}

function AllUsersColumn({
  tenantId,
  query,
  memberIds,
  membersLoaded,
  refresh,
}: {
  tenantId: string;
  query: ListQuery<AdminUser>;
  memberIds: Set<string>;
  membersLoaded: boolean;
  refresh: () => Promise<unknown>;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const [search, setSearch] = useState("");
  const add = useMutation(trpc.admin.addTenantUser.mutationOptions({ onSuccess: () => refresh() }));
  const candidates = useMemo(() => {
    const terms = searchTerms(search);
    return (query.data ?? []).filter((user) => {
      if (memberIds.has(user.id) || user.tenantRoles.some((m) => m.id === tenantId)) return false;
      return matchesTerms(terms, [user.email, user.username, user.firstName, user.lastName]);
    });
  }, [query.data, memberIds, tenantId, search]);
  const shown = candidates.slice(0, MAX_SHOWN);
  const total = candidates.length;
  const shownCount = shown.length;

  return (
    <Stack gap="sm">
      <ColumnTitle
        title={<Trans>All users</Trans>}
        count={query.data ? <Plural value={total} one="# user" other="# users" /> : null}
      />
      <DebouncedSearchInput value={search} onSearch={setSearch} />
      <FormErrorAlert error={add.error} fallback={ERROR_MESSAGES.user_add_fail} />
      <ColumnBody
        query={query}
        empty={search ? <Trans>No matching users.</Trans> : <Trans>Every user is in the organisation.</Trans>}
        count={shownCount}
      >
        {shown.map((user) => (
          <UserRow
            key={user.id}
            user={user}
            dimmed={!user.enabled}
            action={
              <Tooltip label={t`Add to the organisation`}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t`Add to the organisation`}
                  disabled={!membersLoaded || (add.isPending && add.variables?.userId !== user.id)}
                  loading={add.isPending && add.variables?.userId === user.id}
                  onClick={() => add.mutate({ id: tenantId, userId: user.id })}
                >
                  <IconUserPlus size={18} />
                </ActionIcon>
              </Tooltip>
            }
          />
        ))}
        {total > shownCount ? (
          <Text size="xs" c="dimmed" ta="center" py="xs">
            <Trans>
              Showing {shownCount} of {total}. Search to narrow the list.
            </Trans>
          </Text>
        ) : null}
      </ColumnBody>
    </Stack>
  );
}
