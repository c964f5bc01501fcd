import { Trans } from "@lingui/react/macro";
import { Badge, Group, Stack, Table, Text } from "@mantine/core";
import { breakableLogin } from "../../components/email-text";
import { RoleBadges } from "../../components/role-badges";
import { UserAvatar } from "../../components/user-avatar";
import type { AdminUser } from "../../lib/session";
import { RoleChips } from "./role-chips";
import type { UserActions } from "./use-user-actions";
import { UserActionsMenu } from "./user-actions-menu";
import { loginOf, systemRolesOf } from "./user-list";

export interface UserRowProps {
  user: AdminUser;
  actions: UserActions;
  /** Small screen: roles are shown read-only and changed in the row menu. */
  compact: boolean;
  assignable: readonly string[];
  admins: number;
  busy: boolean;
  collator: Intl.Collator;
  onOpenDetails: (user: AdminUser) => void;
}

/** One user of the platform table; inactive users are greyed. */
export function UserRow({
  user,
  actions,
  compact,
  assignable,
  admins,
  busy,
  collator,
  onOpenDetails,
}: UserRowProps) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const memberships = [...user.tenantRoles].sort((a, b) => collator.compare(a.name, b.name));
  return (
    <Table.Tr
      data-user-id={user.id}
      data-enabled={user.enabled}
      style={{ opacity: user.enabled ? 1 : 0.55 }}
      bg={user.enabled ? undefined : "var(--mantine-color-gray-0)"}
    >
      <Table.Td>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {compact ? null : <UserAvatar user={user} size={36} />}
          <Stack gap={2} miw={0}>
            <Text size="sm" fw={500} className="break-anywhere">
              {breakableLogin(loginOf(user))}
            </Text>
            {name ? (
              <Text size="xs" c="dimmed" className="break-anywhere">
                {name}
              </Text>
            ) : null}
            <Group gap={4}>
              {user.type === "LOCAL" ? (
                <Badge size="xs" variant="outline" color="gray">
                  <Trans>Shared user</Trans>
                </Badge>
              ) : null}
              {user.enabled ? null : (
                <Badge size="xs" variant="filled" color="gray">
                  <Trans>Inactive</Trans>
                </Badge>
              )}
            </Group>
            {compact ? <RoleBadges roles={systemRolesOf(user)} size="xs" /> : null}
          </Stack>
        </Group>
      </Table.Td>
      {compact ? null : (
        <Table.Td>
          <RoleChips
            user={user}
            assignable={assignable}
            admins={admins}
            busy={busy}
            onAdd={(role) => actions.addRole(user, role)}
            onRemove={(role) => actions.removeRole(user, role)}
          />
        </Table.Td>
      )}
      <Table.Td>
        {memberships.length === 0 ? (
          <Text size="xs" c="dimmed">
            –
          </Text>
        ) : (
          <Stack gap={4}>
            {memberships.map((m) => (
              <Group key={m.id} gap={6} wrap="wrap">
                <Text size="sm" className="break-anywhere">
                  {m.name}
                </Text>
                <RoleBadges roles={m.roleSet} size="xs" />
              </Group>
            ))}
          </Stack>
        )}
      </Table.Td>
      <Table.Td w={48} data-actions>
        <UserActionsMenu
          user={user}
          actions={actions}
          withRoleToggles={compact}
          assignable={assignable}
          admins={admins}
          busy={busy}
          onOpenDetails={onOpenDetails}
        />
      </Table.Td>
    </Table.Tr>
  );
}
