import { partitionSurveys, SURVEY_STATUS } from "@kunto/core";
import { i18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Card, Group, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { AnchorLink, ButtonLink } from "../../components/links";
import { PageTitle } from "../../components/page-title";
import { DebouncedSearchInput } from "../../components/search-input";
import { useTRPC } from "../../lib/trpc";
import { useCurrentTenant } from "../../lib/use-me";
import {
  formatSurveyDay,
  ParticipationText,
  SURVEY_TYPE_LABELS,
  SurveyStatusBadge,
  surveyTitle,
} from "./survey-labels";

type Item = {
  key: string;
  name: string | null;
  type: "PERSONNEL" | "MANAGEMENT";
  start: string;
  end: string;
  status: 0 | 100 | 200;
  totalAnswers: number;
  estimatedAnswerers: number | null;
};

/**
 * Survey list (document 2 §2): latest and history, a search (debounced 450 ms, at most 5 s: §9),
 * empty states and the create button.
 */
export function SurveyListPage({ tenantId }: { tenantId: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(trpc.survey.list.queryOptions());
  const canWrite = useCurrentTenant(tenantId)?.permissions.has("survey.write") ?? false;
  const [search, setSearch] = useState("");
  const needle = search.trim().toLowerCase();
  const matches = data.filter(
    (s) =>
      !needle ||
      surveyTitle(s).toLowerCase().includes(needle) ||
      i18n._(SURVEY_TYPE_LABELS[s.type]).toLowerCase().includes(needle),
  );
  const { latest, history } = partitionSurveys(matches);
  const create = canWrite ? (
    <ButtonLink to="/t/$tenantId/analyses/new" params={{ tenantId }} leftSection={<IconPlus size={16} />}>
      <Trans>New survey</Trans>
    </ButtonLink>
  ) : null;

  return (
    <Stack gap="lg">
      <PageTitle title={t`Surveys`} actions={create} />
      {data.length === 0 ? (
        <Card withBorder padding="xl">
          <Stack align="center" gap="sm">
            <Text fw={500}>
              <Trans>No surveys yet.</Trans>
            </Text>
            <Text c="dimmed" ta="center">
              {canWrite ? (
                <Trans>
                  Create a personnel survey for your staff or a management survey for your leadership.
                </Trans>
              ) : (
                <Trans>An administrator of the organisation creates the surveys.</Trans>
              )}
            </Text>
            {create}
          </Stack>
        </Card>
      ) : (
        <>
          <DebouncedSearchInput label={t`Search`} value={search} onSearch={setSearch} maw={400} />
          {matches.length === 0 ? (
            <Text c="dimmed">
              <Trans>No survey matches the search.</Trans>
            </Text>
          ) : null}
          <Section title={t`Latest surveys`} items={latest} tenantId={tenantId} />
          <Section title={t`Survey history`} items={history} tenantId={tenantId} />
        </>
      )}
    </Stack>
  );
}

function Section({ title, items, tenantId }: { title: string; items: Item[]; tenantId: string }) {
  if (items.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {items.map((survey) => (
        <Card key={survey.key} withBorder padding="md">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Stack gap={2} miw={0}>
              <AnchorLink
                to="/t/$tenantId/analyses/s/$key"
                params={{ tenantId, key: survey.key }}
                fw={600}
                className="break-anywhere"
              >
                {surveyTitle(survey)}
              </AnchorLink>
              <Text size="sm" c="dimmed">
                {i18n._(SURVEY_TYPE_LABELS[survey.type])} · {formatSurveyDay(survey.start)} –{" "}
                {formatSurveyDay(survey.end)}
              </Text>
            </Stack>
            <Group gap="sm">
              <ParticipationText answers={survey.totalAnswers} estimated={survey.estimatedAnswerers} />
              <SurveyStatusBadge status={survey.status} />
              {survey.status === SURVEY_STATUS.ended && survey.totalAnswers > 0 ? (
                <AnchorLink
                  to="/t/$tenantId/reports"
                  params={{ tenantId }}
                  search={
                    survey.type === "PERSONNEL" ? { personnel: survey.key } : { management: survey.key }
                  }
                  size="sm"
                >
                  <Trans>See the results</Trans>
                  <VisuallyHidden> {surveyTitle(survey)}</VisuallyHidden>
                </AnchorLink>
              ) : null}
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
