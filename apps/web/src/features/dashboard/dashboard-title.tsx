import { useLingui } from "@lingui/react/macro";
import { Box, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { PageTitle } from "../../components/page-title";

/**
 * The dashboard's title; on the branded dashboard (TOTAL) with the organisation's logo beside it
 * and the brand colour as a bar above it.
 */
export function DashboardTitle({
  title,
  description,
  organisation,
  color,
  logoSrc,
}: {
  title: string;
  description: ReactNode;
  organisation: string;
  color: string | null;
  logoSrc: string | null;
}) {
  const { t } = useLingui();
  return (
    <Box style={color ? { borderTop: `4px solid ${color}`, paddingTop: 12 } : undefined}>
      <Group gap="md" align="flex-start" wrap="nowrap">
        {logoSrc ? (
          <img
            src={logoSrc}
            alt={t`Logo of ${organisation}`}
            style={{ maxHeight: 48, maxWidth: 96, objectFit: "contain", flexShrink: 0 }}
          />
        ) : null}
        <Box style={{ flex: 1, minWidth: 0 }}>
          <PageTitle title={title} description={description} />
        </Box>
      </Group>
    </Box>
  );
}
