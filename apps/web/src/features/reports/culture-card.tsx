import { Trans, useLingui } from "@lingui/react/macro";
import { BarChart } from "@mantine/charts";
import { Box, Card, Group, Table, Text, Title } from "@mantine/core";
import { AnchorLink } from "../../components/links";
import type { Report, ReportSearch, ReportSide } from "./report-model";

const TYPES = ["individual", "productive", "fragmented", "authoritative"] as const;

/**
 * The culture analysis (document 2 §9): the four culture types in whole percent for each side. The
 * value axis reaches at least 50 ("the culture chart minimum axis is 50"), so small shares do not
 * fill the chart; the table below carries the same numbers.
 */
export function CultureCard({
  report,
  tenantId,
  search,
  withLink = true,
}: {
  report: Report;
  tenantId: string;
  search: ReportSearch;
  /** The link to the culture report (not on that report itself). */
  withLink?: boolean;
}) {
  const { t } = useLingui();
  const labels: Record<(typeof TYPES)[number], string> = {
    individual: t`Individual`,
    productive: t`Productive`,
    fragmented: t`Fragmented`,
    authoritative: t`Authoritative`,
  };
  const sides = [
    { key: "personnel", name: t`Personnel`, side: report.personnel, color: "blue.8" },
    { key: "management", name: t`Management`, side: report.management, color: "grape.8" },
  ].filter((s): s is { key: string; name: string; side: ReportSide; color: string } => s.side !== null);
  const percentages = (side: ReportSide) => side.result.culture.percentages;
  const max = Math.max(50, ...sides.flatMap((s) => TYPES.map((type) => percentages(s.side)?.[type] ?? 0)));
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="culture-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="culture-title">
          <Trans>Culture</Trans>
        </Title>
        {withLink ? (
          <AnchorLink
            to="/t/$tenantId/reports/rg/$category/{-$subcategory}"
            params={{ tenantId, category: "culture", subcategory: undefined }}
            search={search}
            size="sm"
          >
            <Trans>Open the culture report</Trans>
          </AnchorLink>
        ) : null}
      </Group>
      <Text size="sm" mb="xs">
        <Trans>
          The four culture types are shares of the answers and add up to 100 %. The culture value is the
          productive share: the answers that point to a productive culture.
        </Trans>
      </Text>
      <Box role="img" aria-label={t`Culture chart; the numbers are in the table below.`}>
        <BarChart
          h={200}
          data={TYPES.map((type) => ({
            type: labels[type],
            ...Object.fromEntries(sides.map((s) => [s.key, percentages(s.side)?.[type] ?? 0])),
          }))}
          dataKey="type"
          series={sides.map((s) => ({ name: s.key, label: s.name, color: s.color }))}
          yAxisProps={{ domain: [0, max] }}
          withLegend
          withTooltip={false}
        />
      </Box>
      {/* In a narrow card each row stacks, its cells named (styles.css, issue 19.9). */}
      <Table mt="sm" striped withTableBorder fz="sm" className="stack-when-narrow">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t`Culture type`}</Table.Th>
            {sides.map((s) => (
              <Table.Th key={s.key} scope="col">
                {s.name}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {TYPES.map((type) => (
            <Table.Tr key={type}>
              <Table.Th scope="row">{labels[type]}</Table.Th>
              {sides.map((s) => (
                <Table.Td key={s.key} data-label={s.name}>
                  <Text size="sm">
                    {s.side.result.culture.status === "not_enough_answers"
                      ? t`Not enough answers to protect anonymity`
                      : percentages(s.side)
                        ? `${percentages(s.side)?.[type]} %`
                        : t`No data`}
                  </Text>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
