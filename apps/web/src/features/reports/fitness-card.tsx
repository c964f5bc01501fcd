import { Trans, useLingui } from "@lingui/react/macro";
import { BarChart } from "@mantine/charts";
import { Box, Card, Table, Text, Title } from "@mantine/core";
import { FITNESS_AREAS, percent, type Report, type ReportSide, titleOf } from "./report-model";
import { BandBadge, TrendText } from "./report-parts";

type Area = (typeof FITNESS_AREAS)[number] | "overall";

/** The Company Fitness Index (document 2 §9): three areas and the result, both sides, with trends. */
export function FitnessCard({ report }: { report: Report }) {
  const { t } = useLingui();
  const areas: Area[] = [...FITNESS_AREAS, "overall"];
  const label = (area: Area) => (area === "overall" ? t`Result` : titleOf(report, area));
  const shown = (side: ReportSide | null) => side !== null && side.result.status === "ok";
  const value = (side: ReportSide | null, area: Area) =>
    shown(side) ? (side?.result.fitnessIndex[area].value ?? null) : null;
  const sides = [
    { key: "personnel", name: t`Personnel`, side: report.personnel, color: "blue.8" },
    { key: "management", name: t`Management`, side: report.management, color: "grape.8" },
  ].filter((s) => s.side !== null);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="fitness-title">
      <Title order={2} size="h4" id="fitness-title" mb="sm">
        <Trans>Company Fitness Index</Trans>
      </Title>
      <Box role="img" aria-label={t`Company Fitness Index chart; the numbers are in the table below.`}>
        <BarChart
          h={220}
          data={areas.map((area) => ({
            area: label(area),
            ...Object.fromEntries(sides.map((s) => [s.key, value(s.side, area) ?? 0])),
          }))}
          dataKey="area"
          series={sides.map((s) => ({ name: s.key, label: s.name, color: s.color }))}
          yAxisProps={{ domain: [0, 100] }}
          withLegend
          withTooltip={false}
        />
      </Box>
      <Table mt="sm" striped withTableBorder layout="fixed" fz="sm" className="break-anywhere">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t`Area`}</Table.Th>
            {sides.map((s) => (
              <Table.Th key={s.key} scope="col">
                {s.name}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {areas.map((area) => (
            <Table.Tr key={area}>
              <Table.Th scope="row">{label(area)}</Table.Th>
              {sides.map(({ key, side }) => (
                <Table.Td key={key}>
                  {shown(side) ? (
                    <>
                      <Text size="sm" span fw={600} mr={6}>
                        {percent(value(side, area))}
                      </Text>
                      <BandBadge band={side?.result.fitnessIndex[area].band ?? "grey"} />
                      <TrendText value={side?.trend?.fitness[area]} size="xs" />
                    </>
                  ) : (
                    <Text size="sm">{t`Not enough answers to protect anonymity`}</Text>
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
