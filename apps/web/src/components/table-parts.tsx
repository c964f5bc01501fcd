import { Trans } from "@lingui/react/macro";
import { Table, Text, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";

/** Header of the row-menu column: empty on screen, "Actions" for screen readers. */
export function ActionsHeaderCell({ w }: { w: number }) {
  return (
    <Table.Th w={w}>
      <VisuallyHidden>
        <Trans>Actions</Trans>
      </VisuallyHidden>
    </Table.Th>
  );
}

/** The one row of a table with nothing to show, across all its columns. */
export function EmptyTableRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text size="sm" c="dimmed" ta="center" py="md">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
