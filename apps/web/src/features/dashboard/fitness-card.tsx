import { Trans, useLingui } from "@lingui/react/macro";
import { BarChart } from "@mantine/charts";
import { Badge, Card, Group, Stack, Table, Text, Title } from "@mantine/core";
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from "@tabler/icons-react";
import { ButtonLink } from "../../components/links";
import { formatSurveyDay, surveyTitle } from "../surveys/survey-labels";
import { BAND_COLORS, BAND_LABELS, type Band, defaultBand, wholePercent } from "./bands";
import type { DashboardSide } from "./types";
import { WithheldNote } from "./withheld-note";

type Area = "efficiency" | "capability" | "leadership" | "overall";
const AREAS: Area[] = ["efficiency", "capability", "leadership", "overall"];

/**
 * The Company Fitness Index card (document 2 §2, §9): efficiency, capability and leadership and the
 * overall result of the latest personnel survey, each with its band in words and the change since
 * the previous survey. The chart is drawn for the eye; the table beside it says the same in text.
 */
export function FitnessCard({ tenantId, side }: { tenantId: string; side: DashboardSide }) {
  const { t } = useLingui();
  const labels: Record<Area, string> = {
    efficiency: t`Efficiency`,
    capability: t`Capability`,
    leadership: t`Leadership`,
    overall: t`Result`,
  };
  const previous = side.previous?.status === "ok" ? side.previous.fitnessIndex : null;
  const rows = AREAS.map((area) => {
    const current = side.fitnessIndex[area];
    const before = previous?.[area].value ?? null;
    const value = current.value === null ? null : wholePercent(current.value);
    const change = value !== null && before !== null ? value - wholePercent(before) : null;
    return { area, label: labels[area], value, band: current.band as Band, change };
  });
  const title = surveyTitle({ name: side.survey.name, type: "PERSONNEL" });

  return (
    <Card withBorder padding="lg" h="100%">
      <Stack gap="md" h="100%">
        <div>
          <Title order={2} size="h3">
            <Trans>Company Fitness Index</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            {title} · {formatSurveyDay(side.survey.start)}–{formatSurveyDay(side.survey.end)}
          </Text>
        </div>
        {side.status === "not_enough_answers" ? (
          <WithheldNote missing={side.missingAnswers} />
        ) : (
          <>
            <div aria-hidden="true">
              <BarChart
                h={200}
                data={rows.map((row) => ({ area: row.label, score: row.value ?? 0 }))}
                dataKey="area"
                series={[{ name: "score", label: t`Score` }]}
                getBarColor={(value) => BAND_COLORS[defaultBand(value)]}
                yAxisProps={{ domain: [0, 100] }}
                withTooltip={false}
                barChartProps={{ accessibilityLayer: false }}
              />
            </div>
            <ScoreTable rows={rows} withChange={previous !== null} />
          </>
        )}
        <Group mt="auto">
          <ButtonLink
            to="/t/$tenantId/reports"
            params={{ tenantId }}
            search={{ inputMap: true }}
            variant="light"
            size="sm"
          >
            <Trans>Open the input map</Trans>
          </ButtonLink>
        </Group>
      </Stack>
    </Card>
  );
}

function ScoreTable({
  rows,
  withChange,
}: {
  rows: Array<{ area: Area; label: string; value: number | null; band: Band; change: number | null }>;
  withChange: boolean;
}) {
  const { t, i18n } = useLingui();
  return (
    <Table fz="sm" verticalSpacing={4} aria-label={t`Company Fitness Index`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">
            <Trans>Area</Trans>
          </Table.Th>
          <Table.Th scope="col" ta="right">
            <Trans>Score</Trans>
          </Table.Th>
          {withChange ? (
            <Table.Th scope="col" ta="right">
              <Trans>Change</Trans>
            </Table.Th>
          ) : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.area} fw={row.area === "overall" ? 700 : undefined}>
            <Table.Th scope="row" fw="inherit">
              {row.label}
            </Table.Th>
            <Table.Td>
              <Group gap={6} justify="flex-end" wrap="wrap">
                <span>{row.value === null ? "–" : `${row.value} %`}</span>
                <Badge variant="light" color={BAND_COLORS[row.band].split(".")[0]} size="sm">
                  {i18n._(BAND_LABELS[row.band])}
                </Badge>
              </Group>
            </Table.Td>
            {withChange ? (
              <Table.Td ta="right">
                <Change value={row.change} />
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Change({ value }: { value: number | null }) {
  const { t } = useLingui();
  if (value === null) return <>–</>;
  const Icon = value > 0 ? IconArrowUpRight : value < 0 ? IconArrowDownRight : IconMinus;
  const text = value > 0 ? t`+${value} points` : value < 0 ? t`${value} points` : t`no change`;
  return (
    <Group gap={4} justify="flex-end" wrap="wrap">
      <Icon size={14} aria-hidden="true" />
      <span>{text}</span>
    </Group>
  );
}
