import { Trans, useLingui } from "@lingui/react/macro";
import { Card, Group, Progress, Stack, Text, Title } from "@mantine/core";
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from "@tabler/icons-react";
import { ButtonLink } from "../../components/links";
import { ReleaseNote } from "../../components/release-note";
import { BAND_CHART_COLORS, BAND_LABELS, type Band } from "../../lib/bands";
import { signedPoints } from "../../lib/points";
import { formatSurveyDay, surveyTitle } from "../surveys/survey-labels";
import { useBrandAccent } from "./branding";
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
  const accent = useBrandAccent();
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
    const value = current.value === null ? null : Math.round(current.value);
    // From the unrounded values, rounded once (issue 18.4): the reports show the same change.
    const change = current.value !== null && before !== null ? current.value - before : null;
    return { area, label: labels[area], value, band: current.band as Band, change };
  });
  const title = surveyTitle({ name: side.survey.name, type: "PERSONNEL" });

  return (
    <Card withBorder padding="lg" h="100%" style={accent}>
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
            {/* Drawn for the eye with plain bars (no chart library on the dashboard: docs/decisions.md). */}
            <Stack gap={6} aria-hidden="true">
              {rows.map((row) => (
                <div key={row.area}>
                  <Text size="xs">{row.label}</Text>
                  <Progress
                    value={row.value ?? 0}
                    color={BAND_CHART_COLORS[row.band]}
                    size="lg"
                    radius="sm"
                  />
                </div>
              ))}
            </Stack>
            {/* Its own box: the table's layout follows this box's width (styles.css). */}
            <div>
              <ScoreTable rows={rows} withChange={previous !== null} />
            </div>
          </>
        )}
        {side.anonymityThreshold !== null ? (
          <ReleaseNote
            heldBack={side.heldBack}
            threshold={side.anonymityThreshold}
            running={side.survey.status === 100}
          />
        ) : null}
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
    // In a narrow card (a phone) each row stacks, its cells named (styles.css, issue 19.9): three
    // columns of whole words need more than a phone in Russian.
    <table className="plain-table stack-when-narrow" aria-label={t`Company Fitness Index`}>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Area</Trans>
          </th>
          <th scope="col" className="numeric">
            <Trans>Score</Trans>
          </th>
          {withChange ? (
            <th scope="col" className="numeric">
              <Trans context="a difference since the previous survey">Change</Trans>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.area} style={row.area === "overall" ? { fontWeight: 700 } : undefined}>
            <th scope="row">{row.label}</th>
            <td className="numeric" data-label={t`Score`}>
              {/* The band in words under the score: it wraps on a phone, where a badge would not. */}
              <Text span size="sm" fw="inherit" display="block">
                {row.value === null ? "–" : `${row.value} %`}
              </Text>
              <Text span size="xs" c="dimmed" display="block">
                {i18n._(BAND_LABELS[row.band])}
              </Text>
            </td>
            {withChange ? (
              <td
                className="numeric"
                data-label={t({ message: "Change", context: "a difference since the previous survey" })}
              >
                <Change value={row.change} />
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Change({ value }: { value: number | null }) {
  const { t } = useLingui();
  if (value === null) return <>–</>;
  const rounded = Math.round(value);
  const Icon = rounded > 0 ? IconArrowUpRight : rounded < 0 ? IconArrowDownRight : IconMinus;
  const text = rounded === 0 ? t`no change` : signedPoints(value);
  return (
    <Group gap={4} justify="flex-end" wrap="wrap">
      <Icon size={14} aria-hidden="true" />
      <span>{text}</span>
    </Group>
  );
}
