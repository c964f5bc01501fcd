import { SURVEY_STATUS, SURVEY_TIME_ZONE, type SurveyType } from "@kunto/core";
import type { MessageDescriptor } from "@lingui/core";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Plural, Trans } from "@lingui/react/macro";
import { Badge, Text } from "@mantine/core";
import { DAY_FORMAT, formatDate } from "../../lib/format";

export const SURVEY_TYPE_LABELS: Record<SurveyType, MessageDescriptor> = {
  PERSONNEL: msg`Personnel survey`,
  MANAGEMENT: msg`Management survey`,
};

export const TEAM_TYPE_LABELS: Record<SurveyType, MessageDescriptor> = {
  PERSONNEL: msg`Personnel`,
  MANAGEMENT: msg`Management`,
};

/** A survey's name, or its type when it has none. */
export const surveyTitle = (survey: { name: string | null; type: SurveyType }) =>
  survey.name ?? i18n._(SURVEY_TYPE_LABELS[survey.type]);

/** §4: upcoming in the warning colour, ongoing blue, ended in the success colour. */
export function SurveyStatusBadge({ status }: { status: number }) {
  if (status === SURVEY_STATUS.upcoming)
    return (
      <Badge color="orange" variant="light">
        {i18n._(msg`Upcoming`)}
      </Badge>
    );
  if (status === SURVEY_STATUS.running)
    return (
      <Badge color="blue" variant="light">
        {i18n._(msg`Ongoing`)}
      </Badge>
    );
  return (
    <Badge color="green" variant="light">
      {i18n._(msg`Ended`)}
    </Badge>
  );
}

/** A survey's day as the organisation's calendar has it (Europe/Helsinki), whatever the browser's zone. */
export const formatSurveyDay = (instant: string) =>
  formatDate(instant, { ...DAY_FORMAT, timeZone: SURVEY_TIME_ZONE });

/**
 * Participation (issue 18.5): answers ÷ estimated answerers in whole percent, rounded once here;
 * null without an estimate. Live answer counts carry no scores, so they may be shown as they come.
 */
export const participationPercent = (answers: number, estimated: number | null | undefined): number | null =>
  estimated && estimated > 0 ? Math.round((100 * answers) / estimated) : null;

/** "12 of 40 expected answers (30 %)", or "12 answers" without an estimate. */
export function ParticipationText({ answers, estimated }: { answers: number; estimated: number | null }) {
  const percent = participationPercent(answers, estimated);
  return (
    <Text size="sm" span>
      {percent === null || estimated === null ? (
        <Plural value={answers} one="# answer" other="# answers" />
      ) : (
        <Trans>
          Participation {percent} %: {answers} of {estimated} expected answers
        </Trans>
      )}
    </Text>
  );
}
