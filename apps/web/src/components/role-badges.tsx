import { Badge, Group, type MantineSize } from "@mantine/core";
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
