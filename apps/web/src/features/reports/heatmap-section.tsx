import { Trans, useLingui } from "@lingui/react/macro";
import { Card, Group, ScrollArea, Stack, Table, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Fragment } from "react";
import { BAND_COLORS, BAND_LABELS, type Band } from "../../lib/bands";
import { type Report, type ReportSide, titleOf } from "./report-model";

/**
 * The heatmap (issue 8, paid plans): categories by team, each cell its value in words
 * and colour; cells the anonymity rules withhold say so (docs/reports.md "Anonymity").
 */
export function HeatmapSection({ report }: { report: Report }) {
  const { t } = useLingui();
  if (!report.heatmapAvailable)
    return (
      <Card withBorder padding="md" component="section" aria-labelledby="heatmap-title">
        <Title order={2} size="h4" id="heatmap-title">
          <Trans>Heatmap</Trans>
        </Title>
        <Text size="sm" mt="xs">
          <Trans>The heatmap of categories by team is included in the PRO and TOTAL plans.</Trans>
        </Text>
      </Card>
    );
  const sides = [
    { name: t`Personnel`, side: report.personnel },
    { name: t`Management`, side: report.management },
  ].filter((s): s is { name: string; side: ReportSide } => s.side?.heatmap != null);
  if (sides.length === 0) return null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="heatmap-title">
      <Title order={2} size="h4" id="heatmap-title" mb="sm">
        <Trans>Heatmap</Trans>
      </Title>
      <Stack gap="lg">
        {sides.map(({ name, side }) => (
          <HeatmapTable key={name} report={report} side={side} caption={t`${name}: categories by team`} />
        ))}
      </Stack>
    </Card>
  );
}

function HeatmapTable({ report, side, caption }: { report: Report; side: ReportSide; caption: string }) {
  const { i18n, t } = useLingui();
  // On a phone the table would need sideways scrolling: the same cells as a list per category.
  const narrow = useMediaQuery("(max-width: 48em)");
  const heatmap = side.heatmap;
  if (!heatmap) return null;
  const totalWithheld = side.result.status === "not_enough_answers";
  if (narrow) return <HeatmapList report={report} side={side} caption={caption} />;
  const cell = (value: number | null, band: Band, withheld: boolean) => {
    if (withheld) return <Table.Td bg="gray.1">{t`Withheld`}</Table.Td>;
    return (
      <Table.Td bg={BAND_COLORS[band]} c="dark.7">
        <Text size="sm" span fw={600}>
          {value === null ? "–" : `${Math.round(value)} %`}
        </Text>{" "}
        <Text size="xs" span>
          {i18n._(BAND_LABELS[band])}
        </Text>
      </Table.Td>
    );
  };
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table withTableBorder withColumnBorders miw={480}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t`Category`}</Table.Th>
            <Table.Th scope="col">{t`Total`}</Table.Th>
            {heatmap.columns.map((column) => (
              <Table.Th key={column.key} scope="col">
                {column.name} ({column.respondents})
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {heatmap.rows.map((row) => (
            <Table.Tr key={row.name}>
              <Table.Th scope="row" pl={row.parent ? "lg" : undefined} fw={row.parent ? 400 : 600}>
                {titleOf(report, row.name)}
              </Table.Th>
              {cell(row.total.value, row.total.band, totalWithheld)}
              {row.cells.map((c, i) => (
                <Fragment key={heatmap.columns[i]?.key ?? i}>
                  {cell(c.value, c.band, c.reason !== "shown" && c.reason !== "empty")}
                </Fragment>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** The heatmap on a narrow screen: one block per category listing the total and each team. */
function HeatmapList({ report, side, caption }: { report: Report; side: ReportSide; caption: string }) {
  const { i18n, t } = useLingui();
  const heatmap = side.heatmap;
  if (!heatmap) return null;
  const totalWithheld = side.result.status === "not_enough_answers";
  const text = (value: number | null, band: Band, withheld: boolean) =>
    withheld
      ? t`Withheld`
      : `${value === null ? "–" : `${Math.round(value)} %`} ${i18n._(BAND_LABELS[band])}`;
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {caption}
      </Text>
      {heatmap.rows.map((row) => (
        <Stack key={row.name} gap={2} pl={row.parent ? "md" : 0}>
          <Text size="sm" fw={row.parent ? 500 : 700}>
            {titleOf(report, row.name)}
          </Text>
          <Group gap={4}>
            <Text
              span
              size="xs"
              bg={totalWithheld ? "gray.1" : BAND_COLORS[row.total.band]}
              c="dark.7"
              px={6}
              py={2}
              style={{ borderRadius: 4 }}
            >
              {t`Total`}: {text(row.total.value, row.total.band, totalWithheld)}
            </Text>
            {row.cells.map((c, i) => {
              const withheld = c.reason !== "shown" && c.reason !== "empty";
              return (
                <Text
                  span
                  size="xs"
                  key={heatmap.columns[i]?.key ?? i}
                  bg={withheld ? "gray.1" : BAND_COLORS[c.band]}
                  c="dark.7"
                  px={6}
                  py={2}
                  style={{ borderRadius: 4 }}
                >
                  {heatmap.columns[i]?.name}: {text(c.value, c.band, withheld)}
                </Text>
              );
            })}
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}
