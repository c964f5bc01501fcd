import { isSystemRole } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Menu } from "@mantine/core";
import { IconDots, IconUserCheck, IconUserCog, IconUserOff } from "@tabler/icons-react";
import { roleLabel } from "../../lib/labels";
import { type AdminUser, displayName } from "../../lib/session";
import type { UserActions } from "./use-user-actions";
import { canRemoveRole } from "./user-list";

export interface UserActionsMenuProps {
  user: AdminUser;
  actions: UserActions;
  /** Small screens: the role chips become toggles here. */
  withRoleToggles: boolean;
  assignable: readonly string[];
  admins: number;
  busy: boolean;
  onOpenDetails: (user: AdminUser) => void;
}

/** A row's menu: user settings, disable or enable, and on small screens the roles. */
export function UserActionsMenu({
  user,
  actions,
  withRoleToggles,
  assignable,
  admins,
  busy,
  onOpenDetails,
}: UserActionsMenuProps) {
  const { t } = useLingui();
  const name = displayName(user);
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t`Actions for ${name}`} loading={busy}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconUserCog size={16} />} onClick={() => onOpenDetails(user)}>
          <Trans>User settings</Trans>
        </Menu.Item>
        {user.enabled ? (
          <Menu.Item
            color="red.9"
            leftSection={<IconUserOff size={16} />}
            onClick={() => actions.setEnabled(user, false)}
          >
            <Trans>Disable user</Trans>
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconUserCheck size={16} />} onClick={() => actions.setEnabled(user, true)}>
            <Trans>Enable user</Trans>
          </Menu.Item>
        )}
        {withRoleToggles ? (
          <>
            <Menu.Divider />
            <Menu.Label>
              <Trans>Roles</Trans>
            </Menu.Label>
            {assignable.filter(isSystemRole).map((role) => {
              const held = user.roles.includes(role);
              const locked = held && !canRemoveRole(user, role, admins);
              return (
                <Menu.CheckboxItem
                  key={role}
                  checked={held}
                  disabled={locked || busy}
                  onChange={(checked) =>
                    checked ? actions.addRole(user, role) : actions.removeRole(user, role)
                  }
                >
                  {roleLabel(role)}
                </Menu.CheckboxItem>
              );
            })}
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
