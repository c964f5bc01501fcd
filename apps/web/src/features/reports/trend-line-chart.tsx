import type { AppRouter } from "@kunto/api";
import { useLingui } from "@lingui/react/macro";
import { LineChart } from "@mantine/charts";
import { Box, Button, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { type ReactNode, useId, useState } from "react";
import { formatDate } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { percent } from "./report-model";

export type TrendLine = inferRouterOutputs<AppRouter>["report"]["trendLine"];
export type TrendPoint = TrendLine["points"][number];
type SurveyType = TrendLine["type"];

/** A line needs this many surveys of a type (issue 18.2); below it the change since previous says it all. */
export const MIN_TREND_POINTS = 3;

/**
 * The trend line of a survey type when it has enough surveys for one, else null (also while it
 * loads or when the call fails: the line is an addition to the report, never in its way).
 */
export function useTrendLine(type: SurveyType, enabled = true): TrendLine | null {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.report.trendLine.queryOptions({ type }), enabled });
  const line = query.data;
  return enabled && line && line.points.length >= MIN_TREND_POINTS ? line : null;
}

export interface TrendSeries {
  key: string;
  label: string;
  color: string;
  dashed?: boolean;
  /** The unrounded value of a point; null for a gap. */
  value: (point: TrendPoint) => number | null;
  /** Whether a null value is withheld by the anonymity rule (else it has no data). */
  withheld: (point: TrendPoint) => boolean;
}

/** A series of the fitness index. */
export const fitnessSeries = (label: string, color: string): TrendSeries => ({
  key: "fitness",
  label,
  color,
  value: (p) => p.fitnessIndex,
  withheld: (p) => p.result === "not_enough_answers",
});

/** A series of a top-level category. */
export const categorySeries = (name: string, label: string, color: string, dashed = false): TrendSeries => ({
  key: `category-${name}`,
  label,
  color,
  dashed,
  value: (p) => p.categories[name] ?? null,
  withheld: (p) => p.result === "not_enough_answers" || p.withheld.includes(name),
});

/**
 * A line over every survey of a type, oldest first (issue 18.2): withheld points are gaps, never
 * joined over; the same numbers in a table behind a visible toggle. Values are rounded here only.
 */
export function TrendLineChart({
  title,
  points,
  series,
  controls,
}: {
  title: string;
  points: readonly TrendPoint[];
  series: readonly TrendSeries[];
  /** Shown between the title and the chart (e.g. a choice of series). */
  controls?: ReactNode;
}) {
  const { t } = useLingui();
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  const titleId = `${id}-title`;
  const tableId = `${id}-table`;
  const tick = (p: TrendPoint) => formatDate(p.end, { month: "short", year: "numeric" });
  const data = points.map((p) => ({
    survey: tick(p),
    ...Object.fromEntries(series.map((s) => [s.key, s.value(p)])),
  }));
  const count = points.length;
  const surveyName = (p: TrendPoint) => {
    const start = formatDate(p.start);
    return p.name ?? t`Survey of ${start}`;
  };
  return (
    <Stack gap="xs">
      <Text id={titleId} fw={600} size="sm">
        {title}
      </Text>
      {controls}
      <Box
        role="img"
        aria-label={t`${title}: a line over ${count} surveys, oldest first. "Show as table" gives the numbers.`}
      >
        <LineChart
          h={220}
          data={data}
          dataKey="survey"
          series={series.map((s) => ({
            name: s.key,
            label: s.label,
            color: s.color,
            strokeDasharray: s.dashed ? "6 4" : undefined,
          }))}
          connectNulls={false}
          curveType="linear"
          yAxisProps={{ domain: [0, 100], width: 36 }}
          valueFormatter={(value) => `${Math.round(value)}`}
          withLegend
          withTooltip={false}
        />
      </Box>
      <Button
        variant="subtle"
        size="compact-sm"
        style={{ alignSelf: "flex-start" }}
        aria-expanded={asTable}
        aria-controls={tableId}
        onClick={() => setAsTable((open) => !open)}
      >
        {asTable ? t`Hide table` : t`Show as table`}
      </Button>
      <div id={tableId} hidden={!asTable}>
        <Table aria-labelledby={titleId} striped withTableBorder fz="sm" className="stack-when-narrow">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t`Survey`}</Table.Th>
              {series.map((s) => (
                <Table.Th key={s.key} scope="col">
                  {s.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {points.map((p) => (
              <Table.Tr key={p.key}>
                <Table.Th scope="row" fw={400}>
                  <Text size="sm" fw={600} span display="block">
                    {surveyName(p)}
                  </Text>
                  <Text size="xs" c="dark.5" span display="block">
                    {formatDate(p.start)} – {formatDate(p.end)}
                  </Text>
                </Table.Th>
                {series.map((s) => {
                  const value = s.value(p);
                  return (
                    <Table.Td key={s.key} data-label={s.label}>
                      {value !== null ? percent(value) : s.withheld(p) ? t`Withheld` : t`No data`}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </Stack>
  );
}
