import { Group, Text } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import type { ReactNode } from "react";
import { PageHeading } from "./page-heading";

export interface PageTitleProps {
  /** Shown as the page heading and in the browser tab. */
  title: string;
  description?: ReactNode;
  /** Buttons on the right of the title (for example "Add user"). */
  actions?: ReactNode;
}

export function PageTitle({ title, description, actions }: PageTitleProps) {
  useDocumentTitle(title ? `${title} · Kunto` : "Kunto");
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
      <div>
        <PageHeading className="break-anywhere">{title}</PageHeading>
        {description ? (
          <Text c="dimmed" mt={4}>
            {description}
          </Text>
        ) : null}
      </div>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
