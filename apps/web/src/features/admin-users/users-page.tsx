import { formattingLocale, isLanguage, SYSTEM_ROLES } from "@kunto/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Button, Card, Stack, Text, useMantineTheme } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconUserPlus } from "@tabler/icons-react";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageTitle } from "../../components/page-title";
import { TablePagination, usePagination } from "../../components/table-pagination";
import { roleLabel } from "../../lib/labels";
import { searchTerms } from "../../lib/search";
import { useTRPC } from "../../lib/trpc";
import { AddUserDialog } from "./add-user-dialog";
import { useBusyUserIds, useUserActions } from "./use-user-actions";
import { UserDetailsDialog } from "./user-details-dialog";
import { UserFilters } from "./user-filters";
import {
  DEFAULT_USER_FILTERS,
  DEFAULT_USER_SORT,
  enabledAdminCount,
  matchesSearch,
  nextSort,
  passesFilters,
  sortUsers,
  type UserFilter,
  type UserSort,
} from "./user-list";
import { UsersTable } from "./users-table";

const LOAD_FAILED_NOTIFICATION = "admin-users-load-failed";

/**
 * Platform user management (document 1 §2): search, filter chips, a sortable and paged table
 * with role chips and a row menu, and the add-user and user-settings dialogs.
 */
export function UsersPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const theme = useMantineTheme();
  const compact = useMediaQuery(`(max-width: ${theme.breakpoints.md})`) ?? false;
  const users = useSuspenseQuery(trpc.admin.users.queryOptions());
  const systemRoles = useQuery({
    ...trpc.admin.systemRoles.queryOptions(),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const assignable = useMemo(
    () => (systemRoles.data ?? [...SYSTEM_ROLES]).filter((role) => !role.startsWith("tenant_")),
    [systemRoles.data],
  );
  const actions = useUserActions();
  const busyIds = useBusyUserIds();

  const [search, setSearch] = useState("");
  const [filters, setFilters] = useState<UserFilter[]>(DEFAULT_USER_FILTERS);
  const [sort, setSort] = useState<UserSort>(DEFAULT_USER_SORT);
  const [adding, setAdding] = useState(false);
  const [detailsId, setDetailsId] = useState<string | null>(null);

  // Document 1 §8: a failed load is announced for 10 seconds; the list shown stays.
  const failedAt = users.errorUpdatedAt;
  const announcedAt = useRef(0);
  useEffect(() => {
    if (!failedAt || failedAt === announcedAt.current) return;
    announcedAt.current = failedAt;
    notifications.show({
      id: LOAD_FAILED_NOTIFICATION,
      color: "red",
      message: t`Loading users was not successful. Please try again.`,
      autoClose: 10_000,
    });
  }, [failedAt, t]);

  const locale = isLanguage(i18n.locale) ? formattingLocale(i18n.locale) : undefined;
  const collator = useMemo(() => new Intl.Collator(locale, { sensitivity: "base", numeric: true }), [locale]);
  const visible = useMemo(() => {
    const terms = searchTerms(search);
    const found = users.data.filter(
      (user) => passesFilters(user, filters) && matchesSearch(user, terms, roleLabel),
    );
    return sortUsers(found, sort, locale);
  }, [users.data, search, filters, sort, locale]);
  const admins = useMemo(() => enabledAdminCount(users.data), [users.data]);
  const { rows, firstPage, pagination } = usePagination(visible);
  const details = detailsId ? (users.data.find((user) => user.id === detailsId) ?? null) : null;
  const count = visible.length;

  return (
    <Stack gap="lg">
      <PageTitle
        title={t`Users`}
        description={<Trans>All users of the platform: e-mail users and shared device users.</Trans>}
        actions={
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setAdding(true)}>
            <Trans>Create new user</Trans>
          </Button>
        }
      />
      <Card p={0}>
        <Stack gap={0}>
          <Stack gap="xs" p="md">
            <UserFilters
              search={search}
              onSearch={(value) => {
                setSearch(value);
                firstPage();
              }}
              filters={filters}
              onFilters={(value) => {
                setFilters(value);
                firstPage();
              }}
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              <Plural value={count} one="# user" other="# users" />
            </Text>
          </Stack>
          <UsersTable
            users={rows}
            sort={sort}
            onSort={(column) => setSort((current) => nextSort(current, column))}
            actions={actions}
            compact={compact}
            assignable={assignable}
            admins={admins}
            busyIds={busyIds}
            collator={collator}
            onOpenDetails={(user) => setDetailsId(user.id)}
          />
          <TablePagination {...pagination} withRange withEdges />
        </Stack>
      </Card>
      <AddUserDialog opened={adding} onClose={() => setAdding(false)} assignable={assignable} />
      <UserDetailsDialog user={details} onClose={() => setDetailsId(null)} />
      <ConfirmDialog
        {...actions.ownAdminRemoval}
        danger
        title={t`Remove your own administrator role?`}
        message={t`You will no longer be able to manage users and organisations of the platform, and you cannot give the role back yourself.`}
        confirmLabel={<Trans>Remove role</Trans>}
      />
    </Stack>
  );
}
