import { Trans } from "@lingui/react/macro";
import { Badge, Group, type MantineSize, Menu } from "@mantine/core";
import { roleLabel } from "../lib/labels";

/** Roles as readable chips ("Admin", "Read-only user"), in the given order. */
export function RoleBadges({ roles, size = "sm" }: { roles: readonly string[]; size?: MantineSize }) {
  return (
    <Group gap={6}>
      {roles.map((role) => (
        <Badge
          key={role}
          size={size}
          variant="light"
          color={role === "tenant_admin" || role === "admin" ? "kunto" : "gray"}
        >
          {roleLabel(role)}
        </Badge>
      ))}
    </Group>
  );
}

/** The dropdown of an add-role menu: the roles the user does not have yet, as readable names. */
export function AddRoleDropdown<Role extends string>({
  roles,
  onAdd,
}: {
  roles: readonly Role[];
  onAdd: (role: Role) => void;
}) {
  return (
    <Menu.Dropdown>
      <Menu.Label>
        <Trans>Add role</Trans>
      </Menu.Label>
      {roles.map((role) => (
        <Menu.Item key={role} onClick={() => onAdd(role)}>
          {roleLabel(role)}
        </Menu.Item>
      ))}
    </Menu.Dropdown>
  );
}
