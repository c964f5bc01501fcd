import { i18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Group, Stack, Text } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { ButtonLink } from "../../components/links";
import { PageTitle } from "../../components/page-title";
import { useTRPC } from "../../lib/trpc";
import { SuggestedTasksCard } from "../tasks/suggested-tasks";
import { ShareCard } from "./share-card";
import { formatSurveyDay, SURVEY_TYPE_LABELS, surveyTitle } from "./survey-labels";

/**
 * Survey created (document 2 §2): the share card and the suggested-tasks card (document 3 §2:
 * tasks due a week after the survey ends).
 */
export function SurveyCreatedPage({ tenantId, surveyKey }: { tenantId: string; surveyKey: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const { data: survey } = useSuspenseQuery(trpc.survey.get.queryOptions({ key: surveyKey }));
  return (
    <Stack gap="lg">
      <PageTitle
        title={t`Survey created`}
        description={`${surveyTitle(survey)} · ${i18n._(SURVEY_TYPE_LABELS[survey.type])}`}
      />
      <Text>
        <Trans>
          The survey runs from {formatSurveyDay(survey.start)} to {formatSurveyDay(survey.end)}. Share it with
          your teams: everyone answers through their team's link.
        </Trans>
      </Text>
      <ShareCard tenantId={tenantId} surveyKey={survey.key} type={survey.type} />
      <SuggestedTasksCard
        tenantId={tenantId}
        surveyKey={survey.key}
        types={[survey.type === "PERSONNEL" ? "personnel_help" : "management_help"]}
      />
      <Group>
        <ButtonLink to="/t/$tenantId/analyses/s/$key" params={{ tenantId, key: survey.key }}>
          <Trans>Open the survey</Trans>
        </ButtonLink>
      </Group>
    </Stack>
  );
}
