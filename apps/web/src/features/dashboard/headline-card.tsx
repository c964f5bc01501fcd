import { SURVEY_STATUS } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { BandLegend } from "../../components/band-legend";
import { BAND_COLORS, BAND_LABELS, type Band } from "../../lib/bands";
import { signedPoints } from "../../lib/points";
import { useTRPC } from "../../lib/trpc";
import { ParticipationText, surveyTitle } from "../surveys/survey-labels";
import { useBrandAccent } from "./branding";
import { PlanNote } from "./plan-note";
import type { DashboardSide } from "./types";

/**
 * The dashboard's lead (issue 18.5): the Company Fitness Index result of the latest answered
 * personnel survey with its band and its change since the previous survey (from unrounded values,
 * rounded once), whether those are interim results, and the participation of each running survey
 * (answers ÷ estimated answerers). Members who may not read surveys see the result only. On the
 * FREE plan's limited dashboard the change gives way to a plan note (the server sends no earlier
 * survey).
 */
export function HeadlineCard({
  side,
  canReadSurveys,
  comparisonAvailable,
}: {
  side: DashboardSide | null;
  canReadSurveys: boolean;
  comparisonAvailable: boolean;
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const accent = useBrandAccent();
  const surveys = useQuery({ ...trpc.survey.list.queryOptions(), enabled: canReadSurveys });
  const running = (surveys.data ?? []).filter((s) => s.status === SURVEY_STATUS.running);
  const overall = side && side.status === "ok" ? side.fitnessIndex.overall : null;
  const before = side?.previous?.status === "ok" ? side.previous.fitnessIndex.overall.value : null;
  const change = overall?.value != null && before !== null ? overall.value - before : null;
  if (overall?.value == null && running.length === 0) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="headline-title" style={accent}>
      <Stack gap="sm">
        {overall?.value != null && side ? (
          <Stack gap={4}>
            <Title order={2} size="h4" id="headline-title">
              <Trans>Result</Trans>
            </Title>
            <Group gap="sm" align="center" wrap="wrap">
              <Text fz={36} fw={700} lh={1}>
                {Math.round(overall.value)} %
              </Text>
              <Badge color={BAND_COLORS[overall.band as Band]} c="dark.7" variant="filled" radius="sm">
                {i18n._(BAND_LABELS[overall.band as Band])}
              </Badge>
              {change !== null ? (
                <Text size="sm" c="dark.5">
                  {t`${signedPoints(change)} since the previous survey`}
                </Text>
              ) : null}
            </Group>
            {comparisonAvailable ? null : (
              <PlanNote plan="PRO">
                <Trans>Comparison with earlier surveys is included in the PRO and TOTAL plans.</Trans>
              </PlanNote>
            )}
            <Text size="sm" c="dark.5" className="break-anywhere">
              {side.survey.status === SURVEY_STATUS.running
                ? t`Interim result of ${surveyTitle({ name: side.survey.name, type: "PERSONNEL" })}: the survey is still running.`
                : t`Company Fitness Index of ${surveyTitle({ name: side.survey.name, type: "PERSONNEL" })}.`}
            </Text>
            <BandLegend />
          </Stack>
        ) : (
          <Title order={2} size="h4" id="headline-title">
            <Trans>Running surveys</Trans>
          </Title>
        )}
        {running.map((s) => (
          <Group key={s.key} gap="xs" wrap="wrap">
            <Text size="sm" fw={600} className="break-anywhere">
              {surveyTitle(s)}
            </Text>
            <ParticipationText answers={s.totalAnswers} estimated={s.estimatedAnswerers} />
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
