import { Trans, useLingui } from "@lingui/react/macro";
import { BarChart } from "@mantine/charts";
import { Box, Card, NativeSelect, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import {
  FITNESS_AREAS,
  OVERVIEW_CATEGORIES,
  percent,
  type Report,
  type ReportSide,
  titleOf,
} from "./report-model";
import { BandBadge, TrendText } from "./report-parts";
import {
  categorySeries,
  fitnessSeries,
  type TrendLine,
  TrendLineChart,
  useTrendLine,
} from "./trend-line-chart";

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
      <Table mt="sm" striped withTableBorder fz="sm" className="stack-when-narrow">
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
              {sides.map(({ key, name, side }) => (
                <Table.Td key={key} data-label={name}>
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
      <FitnessTrends report={report} />
    </Card>
  );
}

/**
 * Issue 18.2: where a type has three or more surveys, the fitness index over all of them, with one
 * category's line beside it when chosen.
 */
function FitnessTrends({ report }: { report: Report }) {
  const { t } = useLingui();
  const personnel = useTrendLine("PERSONNEL", report.personnel !== null);
  const management = useTrendLine("MANAGEMENT", report.management !== null);
  const lines = [
    { line: personnel, title: t`Personnel surveys over time`, color: "blue.8" },
    { line: management, title: t`Management surveys over time`, color: "grape.8" },
  ].filter((l): l is { line: TrendLine; title: string; color: string } => l.line !== null);
  if (lines.length === 0) return null;
  return (
    <Stack gap="md" mt="lg" component="section" aria-labelledby="fitness-trend-title">
      <Title order={3} size="h5" id="fitness-trend-title">
        <Trans>Trend over all surveys</Trans>
      </Title>
      {lines.map((l) => (
        <FitnessTrend key={l.line.type} report={report} line={l.line} title={l.title} color={l.color} />
      ))}
    </Stack>
  );
}

function FitnessTrend({
  report,
  line,
  title,
  color,
}: {
  report: Report;
  line: TrendLine;
  title: string;
  color: string;
}) {
  const { t } = useLingui();
  const [category, setCategory] = useState("");
  const categories = OVERVIEW_CATEGORIES.filter((name) => line.categories.includes(name));
  const chosen = categories.find((name) => name === category);
  const series = [fitnessSeries(t`Company Fitness Index`, color)];
  if (chosen) series.push(categorySeries(chosen, titleOf(report, chosen), "teal.9", true));
  return (
    <TrendLineChart
      title={title}
      points={line.points}
      series={series}
      controls={
        <NativeSelect
          label={t`Compare with a category`}
          value={chosen ?? ""}
          onChange={(event) => setCategory(event.currentTarget.value)}
          data={[
            { value: "", label: t`No category` },
            ...categories.map((name) => ({ value: name, label: titleOf(report, name) })),
          ]}
          maw={320}
        />
      }
    />
  );
}
