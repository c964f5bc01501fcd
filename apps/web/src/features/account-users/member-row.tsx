import { TENANT_ROLES } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Badge,
  Box,
  CloseButton,
  Group,
  Menu,
  Table,
  Text,
  useMantineTheme,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconDots, IconPlus, IconUserMinus } from "@tabler/icons-react";
import { breakableLogin } from "../../components/email-text";
import { AddRoleDropdown, RoleBadges } from "../../components/role-badges";
import { UserAvatar } from "../../components/user-avatar";
import { roleLabel } from "../../lib/labels";
import type { TenantUser } from "../../lib/session";
import { memberName, missingRoles, orderedRoles } from "./member-search";
import type { MemberActions } from "./use-member-actions";

export interface MemberRowProps {
  user: TenantUser;
  /** The signed-in user may change roles and memberships (tenant_admin). */
  editable: boolean;
  /** Removing from the account is offered only when the account has at least 2 users. */
  removable: boolean;
  actions: MemberActions;
}

/**
 * One member: avatar, e-mail or username, name and roles. On wide screens the roles are chips
 * with a remove button plus an add-role menu; on small screens they are toggled by checkboxes
 * in the row menu (document 1 §2).
 */
export function MemberRow({ user, editable, removable, actions }: MemberRowProps) {
  const name = memberName(user);
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const roles = orderedRoles(user);
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <UserAvatar user={user} size={38} />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} className="break-anywhere">
              {breakableLogin(name)}
            </Text>
            {fullName ? (
              <Text size="xs" c="dimmed" className="break-anywhere">
                {fullName}
              </Text>
            ) : null}
            <Box hiddenFrom="sm" mt={4}>
              <RoleBadges roles={roles} size="xs" />
            </Box>
          </div>
        </Group>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        {editable ? <RoleChips user={user} actions={actions} /> : <RoleBadges roles={roles} />}
      </Table.Td>
      <Table.Td w={48} ta="right">
        {editable ? <RowMenu user={user} removable={removable} actions={actions} /> : null}
      </Table.Td>
    </Table.Tr>
  );
}

function RoleChips({ user, actions }: { user: TenantUser; actions: MemberActions }) {
  const { t } = useLingui();
  const name = memberName(user);
  const missing = missingRoles(user);
  return (
    <Group gap={6}>
      {orderedRoles(user).map((role) => {
        const label = roleLabel(role);
        return (
          <Badge
            key={role}
            variant="light"
            color={role === "tenant_admin" ? "kunto" : "gray"}
            pr={2}
            rightSection={
              <CloseButton
                size="xs"
                variant="transparent"
                c="inherit"
                disabled={actions.busy}
                aria-label={t`Remove role ${label} from ${name}`}
                onClick={() => actions.removeRole(user, role)}
              />
            }
          >
            {label}
          </Badge>
        );
      })}
      {missing.length > 0 ? (
        <Menu position="bottom-start" shadow="md">
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              size="sm"
              radius="xl"
              disabled={actions.busy}
              aria-label={t`Add role for ${name}`}
            >
              <IconPlus size={14} />
            </ActionIcon>
          </Menu.Target>
          <AddRoleDropdown roles={missing} onAdd={(role) => actions.addRole(user, role)} />
        </Menu>
      ) : null}
    </Group>
  );
}

function RowMenu({ user, removable, actions }: Omit<MemberRowProps, "editable">) {
  const { t } = useLingui();
  const theme = useMantineTheme();
  // Read when the menu opens, after the first render, so no flash of the wrong variant.
  const small = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 0.0625em))`) ?? false;
  const name = memberName(user);
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        {/* Wide screens have the role chips; the menu then only holds the removal. */}
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t`Actions for ${name}`}
          hiddenFrom={removable ? undefined : "sm"}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {small ? (
          <>
            <Menu.Label>
              <Trans>Roles</Trans>
            </Menu.Label>
            {TENANT_ROLES.map((role) => (
              <Menu.CheckboxItem
                key={role}
                checked={user.roles.includes(role)}
                disabled={actions.busy}
                onChange={(checked) => actions.toggleRole(user, role, checked)}
              >
                {roleLabel(role)}
              </Menu.CheckboxItem>
            ))}
            {removable ? <Menu.Divider /> : null}
          </>
        ) : null}
        {removable ? (
          <Menu.Item
            color="red.9"
            leftSection={<IconUserMinus size={16} />}
            onClick={() => actions.removeFromAccount(user)}
          >
            <Trans>Remove from organisation</Trans>
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
