import type { AppRouter } from "@kunto/api";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { LineChart } from "@mantine/charts";
import { Alert, Box, Card, Checkbox, Group, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useId, useState } from "react";
import { formatDate, formatNumber } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { surveyTitle } from "../surveys/survey-labels";

type FitnessMoney = inferRouterOutputs<AppRouter>["financial"]["fitness"];
type Area = "overall" | "efficiency" | "capability" | "leadership";
type Kpi = "revenueGrowth" | "ebitdaPercent" | "equityRatio";
interface Line<K> {
  key: K;
  label: MessageDescriptor;
  color: string;
  dash: string;
}

// Told apart by colour and by dash pattern (never by colour alone); the legend draws both.
const AREAS: Line<Area>[] = [
  { key: "overall", label: msg`Result`, color: "var(--mantine-color-blue-8)", dash: "" },
  { key: "efficiency", label: msg`Efficiency`, color: "var(--mantine-color-teal-8)", dash: "6 3" },
  { key: "capability", label: msg`Capability`, color: "var(--mantine-color-grape-8)", dash: "2 3" },
  { key: "leadership", label: msg`Leadership`, color: "var(--mantine-color-cyan-9)", dash: "8 3 2 3" },
];
const KPIS: Line<Kpi>[] = [
  { key: "revenueGrowth", label: msg`Revenue growth %`, color: "var(--mantine-color-red-8)", dash: "12 4" },
  { key: "ebitdaPercent", label: msg`EBITDA %`, color: "var(--mantine-color-orange-9)", dash: "1 3" },
  { key: "equityRatio", label: msg`Equity ratio %`, color: "var(--mantine-color-dark-6)", dash: "10 3 1 3" },
];
const MONTH_MS = 31 * 24 * 60 * 60 * 1000;

/** A statement's date (YYYY-MM-DD) or a survey's end on the time axis. */
const timeOf = (value: string) =>
  new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00` : value).getTime();

/** Every 1 January inside the axis; the points' own times when that gives fewer than two ticks. */
function ticksOf(min: number, max: number, times: number[]): number[] {
  const ticks: number[] = [];
  for (let year = new Date(min).getFullYear(); year <= new Date(max).getFullYear() + 1; year++) {
    const t = new Date(year, 0, 1).getTime();
    if (t >= min && t <= max) ticks.push(t);
  }
  return ticks.length >= 2 ? ticks : times;
}

/**
 * Fitness set against money (issue 23 "Beyond the documents"; docs/decisions.md "Fitness against
 * money"): the Company Fitness Index and its areas per personnel survey (left axis, 0–100) and the
 * chosen key figures per financial statement (right axis, %) on one time axis, with the same
 * numbers in tables. It says in words that it shows the two moving together, not a cause.
 */
export function FitnessMoneyChart() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const query = useQuery(trpc.financial.fitness.queryOptions());
  const [chosen, setChosen] = useState<Kpi[]>(["revenueGrowth"]);
  const titleId = useId();
  const data = query.data;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={titleId}>
          <Trans>Company Fitness Index against key figures</Trans>
        </Title>
        <Text size="sm">
          <Trans>
            The chart shows whether your organisation's fitness and your key figures move together over time.
            Moving together is not proof that one causes the other.
          </Trans>
        </Text>
        {query.isPending ? (
          <Text size="sm" aria-live="polite">{t`Loading financial data`}</Text>
        ) : !data ? (
          <Alert color="red" role="alert">
            <Trans>Loading the Company Fitness Index against key figures failed.</Trans>
          </Alert>
        ) : (
          <>
            {data.fitness.length === 0 ? (
              <Text size="sm" c="dimmed">
                <Trans>
                  No personnel survey has results to show yet: the Company Fitness Index appears here once a
                  survey has enough answers.
                </Trans>
              </Text>
            ) : null}
            {data.kpis.length === 0 ? (
              <Text size="sm" c="dimmed">
                <Trans>
                  No financial statements yet: the key figures appear here once they have been fetched.
                </Trans>
              </Text>
            ) : null}
            {data.fitness.length > 0 || data.kpis.length > 0 ? (
              <Figures data={data} chosen={chosen} setChosen={setChosen} />
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}

function Figures({
  data,
  chosen,
  setChosen,
}: {
  data: FitnessMoney;
  chosen: Kpi[];
  setChosen: (kpis: Kpi[]) => void;
}) {
  const { t, i18n } = useLingui();
  const kpis = KPIS.filter((k) => chosen.includes(k.key));
  const rows = [
    ...data.fitness.map((p) => ({
      time: timeOf(p.end),
      overall: p.overall,
      efficiency: p.efficiency,
      capability: p.capability,
      leadership: p.leadership,
    })),
    ...data.kpis.map((k) => ({
      time: timeOf(k.financialStatementToDate),
      revenueGrowth: k.revenueGrowth,
      ebitdaPercent: k.ebitdaPercent,
      equityRatio: k.equityRatio,
    })),
  ].sort((a, b) => a.time - b.time);
  const times = rows.map((r) => r.time);
  const min = Math.min(...times) - MONTH_MS;
  const max = Math.max(...times) + MONTH_MS;
  const month = (time: number) => formatDate(new Date(time), { month: "short", year: "numeric" });
  const lines = [
    ...(data.fitness.length > 0 ? AREAS.map((a) => ({ ...a, right: false })) : []),
    ...(data.kpis.length > 0 ? kpis.map((k) => ({ ...k, right: true })) : []),
  ];

  return (
    <Stack gap="sm">
      {data.kpis.length > 0 ? (
        <Checkbox.Group
          label={t`Key figures in the chart`}
          description={t`Choose at least one.`}
          value={chosen}
          onChange={(value) => {
            if (value.length > 0) setChosen(value as Kpi[]);
          }}
        >
          <Group gap="md" mt={6}>
            {KPIS.map((k) => (
              <Checkbox
                key={k.key}
                value={k.key}
                label={i18n._(k.label)}
                // The last one chosen stays: the chart always has a key figure.
                disabled={chosen.length === 1 && chosen[0] === k.key}
              />
            ))}
          </Group>
        </Checkbox.Group>
      ) : null}
      <Box
        role="img"
        aria-label={t`Chart of the Company Fitness Index (left axis, 0–100) and the chosen key figures (right axis, %) over time; the numbers are in the tables below.`}
      >
        <LineChart
          h={280}
          data={rows}
          dataKey="time"
          series={lines.map((l) => ({
            name: l.key,
            label: i18n._(l.label),
            color: l.color,
            strokeDasharray: l.dash || undefined,
            yAxisId: l.right ? "right" : undefined,
          }))}
          // Each series has values only on its own dates: its points are joined across the others'.
          connectNulls
          curveType="linear"
          withTooltip={false}
          withRightYAxis={data.kpis.length > 0}
          xAxisProps={{
            type: "number",
            scale: "time",
            domain: [min, max],
            ticks: ticksOf(min, max, times),
            tickFormatter: month,
          }}
          yAxisProps={{ domain: [0, 100], width: 44 }}
          rightYAxisProps={{ width: 44 }}
          valueFormatter={(value) => `${Math.round(value)} %`}
        />
      </Box>
      <Legend
        title={t`Left axis: Company Fitness Index (0–100)`}
        lines={data.fitness.length > 0 ? AREAS : []}
      />
      <Legend title={t`Right axis: key figures (%)`} lines={data.kpis.length > 0 ? kpis : []} />
      <details>
        <summary>
          <Text span size="sm">
            <Trans>Show as a table</Trans>
          </Text>
        </summary>
        <Stack gap="md" mt="xs">
          {data.fitness.length > 0 ? <FitnessTable data={data} /> : null}
          {data.kpis.length > 0 ? <KpiTable data={data} /> : null}
        </Stack>
      </details>
    </Stack>
  );
}

function Legend({ title, lines }: { title: string; lines: Line<string>[] }) {
  const { i18n } = useLingui();
  if (lines.length === 0) return null;
  return (
    <div>
      <Text size="xs" fw={600}>
        {title}
      </Text>
      <Group component="ul" gap="md" m={0} p={0} style={{ listStyle: "none" }}>
        {lines.map((l) => (
          <Group component="li" key={l.key} gap={6} wrap="nowrap">
            <svg width="32" height="10" aria-hidden="true">
              <line
                x1="1"
                y1="5"
                x2="31"
                y2="5"
                stroke={l.color}
                strokeWidth={2.5}
                strokeDasharray={l.dash || undefined}
              />
            </svg>
            <Text size="xs">{i18n._(l.label)}</Text>
          </Group>
        ))}
      </Group>
    </div>
  );
}

const score = (value: number | null) => (value === null ? "–" : `${Math.round(value)} %`);
const kpiPercent = (value: number | null) =>
  value === null
    ? "–"
    : formatNumber(value / 100, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });

function FitnessTable({ data }: { data: FitnessMoney }) {
  const { t, i18n } = useLingui();
  return (
    // Each row stacks on a phone, its cells named (styles.css).
    <table className="plain-table stack-when-narrow" aria-label={t`Company Fitness Index`}>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Survey</Trans>
          </th>
          {AREAS.map((a) => (
            <th scope="col" className="numeric" key={a.key}>
              {i18n._(a.label)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.fitness.map((p) => (
          <tr key={p.surveyKey}>
            <th scope="row">
              {surveyTitle({ name: p.name, type: "PERSONNEL" })} · {formatDate(p.end)}
            </th>
            {AREAS.map((a) => (
              <td className="numeric" key={a.key} data-label={i18n._(a.label)}>
                {score(p[a.key])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function KpiTable({ data }: { data: FitnessMoney }) {
  const { t, i18n } = useLingui();
  return (
    <table className="plain-table stack-when-narrow" aria-label={t`Key figures`}>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Financial statement</Trans>
          </th>
          {KPIS.map((k) => (
            <th scope="col" className="numeric" key={k.key}>
              {i18n._(k.label)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.kpis.map((k) => (
          <tr key={k.financialStatementToDate}>
            <th scope="row">{formatDate(k.financialStatementToDate)}</th>
            {KPIS.map((line) => (
              <td className="numeric" key={line.key} data-label={i18n._(line.label)}>
                {kpiPercent(k[line.key])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
