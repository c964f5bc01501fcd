import { Trans } from "@lingui/react/macro";
import { Center, Group, Table, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconChevronUp, IconSelector } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { ActionsHeaderCell } from "../../components/table-parts";
import type { AdminUser } from "../../lib/session";
import type { UserActions } from "./use-user-actions";
import type { SortColumn, UserSort } from "./user-list";
import { UserRow } from "./user-row";

function SortableTh({
  column,
  sort,
  onSort,
  width,
  children,
}: {
  column: SortColumn;
  width?: string;
  sort: UserSort;
  onSort: (column: SortColumn) => void;
  children: ReactNode;
}) {
  const active = sort.column === column;
  const Icon = active ? (sort.direction === "asc" ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <Table.Th w={width} aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : "none"}>
      <UnstyledButton onClick={() => onSort(column)} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {children}
          <Icon size={14} stroke={1.8} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

export interface UsersTableProps {
  users: readonly AdminUser[];
  sort: UserSort;
  onSort: (column: SortColumn) => void;
  actions: UserActions;
  compact: boolean;
  assignable: readonly string[];
  admins: number;
  busyIds: ReadonlySet<string>;
  collator: Intl.Collator;
  onOpenDetails: (user: AdminUser) => void;
}

/** Columns user (sortable), roles, memberships (sortable) and the row menu (document 1 §2). */
export function UsersTable({
  users,
  sort,
  onSort,
  actions,
  compact,
  assignable,
  admins,
  busyIds,
  collator,
  onOpenDetails,
}: UsersTableProps) {
  const columns = compact ? 3 : 4;
  return (
    <Table.ScrollContainer minWidth={compact ? 0 : 760}>
      <Table highlightOnHover verticalSpacing="sm" className="stack-on-phone">
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="user" sort={sort} onSort={onSort} width={compact ? "60%" : undefined}>
              <Trans>User</Trans>
            </SortableTh>
            {compact ? null : (
              <Table.Th>
                <Trans>Roles</Trans>
              </Table.Th>
            )}
            <SortableTh column="memberships" sort={sort} onSort={onSort}>
              <Trans>Memberships</Trans>
            </SortableTh>
            <ActionsHeaderCell w={48} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns}>
                <Center py="xl">
                  <Text c="dimmed" size="sm">
                    <Trans>No users match the search and filters.</Trans>
                  </Text>
                </Center>
              </Table.Td>
            </Table.Tr>
          ) : (
            users.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                actions={actions}
                compact={compact}
                assignable={assignable}
                admins={admins}
                busy={busyIds.has(user.id)}
                collator={collator}
                onOpenDetails={onOpenDetails}
              />
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
