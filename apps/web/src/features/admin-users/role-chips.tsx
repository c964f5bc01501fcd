import type { SystemRole } from "@kunto/core";
import { useLingui } from "@lingui/react/macro";
import { ActionIcon, Group, Menu, Pill, Tooltip } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { AddRoleDropdown } from "../../components/role-badges";
import { roleLabel } from "../../lib/labels";
import type { AdminUser } from "../../lib/session";
import { canRemoveRole, missingRoles, systemRolesOf } from "./user-list";

export interface RoleChipsProps {
  user: AdminUser;
  /** Roles that can be given (system roles without the `tenant_` prefix). */
  assignable: readonly string[];
  /** Enabled admins on the platform: the last one keeps the role. */
  admins: number;
  busy: boolean;
  onAdd: (role: SystemRole) => void;
  onRemove: (role: SystemRole) => void;
}

/** The user's system roles as removable chips, with a menu to add the missing ones. */
export function RoleChips({ user, assignable, admins, busy, onAdd, onRemove }: RoleChipsProps) {
  const { t } = useLingui();
  const addable = missingRoles(user, assignable);
  return (
    <Group gap={6}>
      {systemRolesOf(user).map((role) => {
        const label = roleLabel(role);
        const removable = canRemoveRole(user, role, admins);
        return (
          <Pill
            key={role}
            size="md"
            withRemoveButton={removable}
            disabled={busy}
            onRemove={() => onRemove(role)}
            // Mantine hides the remove button from keyboards and screen readers; this one is the
            // only way to take a role on wide screens, so it is a real button.
            removeButtonProps={{
              "aria-label": t`Remove role ${label}`,
              "aria-hidden": false,
              tabIndex: 0,
              disabled: busy,
            }}
            // Stands out from the row's hover colour (the default pill is the same grey).
            bg={role === "admin" ? "var(--mantine-color-kunto-light)" : "var(--mantine-color-gray-2)"}
            c={role === "admin" ? "var(--mantine-color-kunto-light-color)" : undefined}
          >
            {label}
          </Pill>
        );
      })}
      {addable.length > 0 ? (
        <Menu position="bottom-start">
          <Menu.Target>
            <Tooltip label={t`Add role`} withArrow openDelay={300}>
              <ActionIcon variant="subtle" size="sm" radius="xl" aria-label={t`Add role`} disabled={busy}>
                <IconPlus size={16} />
              </ActionIcon>
            </Tooltip>
          </Menu.Target>
          <AddRoleDropdown roles={addable} onAdd={onAdd} />
        </Menu>
      ) : null}
    </Group>
  );
}
