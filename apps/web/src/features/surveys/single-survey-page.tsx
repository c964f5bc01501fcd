import { dayOf, SURVEY_STATUS } from "@kunto/core";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { BarChart } from "@mantine/charts";
import {
  Accordion,
  Alert,
  Box,
  Button,
  Card,
  Group,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { Calendar, DatesProvider } from "@mantine/dates";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconArrowLeft } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { AnchorLink } from "../../components/links";
import { PageTitle } from "../../components/page-title";
import { errorMessage, getErrorKey } from "../../lib/api-error";
import { formatDate, formatNumber } from "../../lib/format";
import { PLAN_LABELS } from "../../lib/labels";
import { useTRPC } from "../../lib/trpc";
import { useCurrentTenant } from "../../lib/use-me";
import { NotificationSelect } from "./notification-select";
import { ShareCard } from "./share-card";
import { datesLocale } from "./survey-date-input";
import { EstimatedAnswerersDialog, ScheduleDialog, useUpdateSurvey } from "./survey-dialogs";
import { formatSurveyDay, SURVEY_TYPE_LABELS, SurveyStatusBadge, surveyTitle } from "./survey-labels";
import { genericSaveFailure, surveyCards } from "./survey-page-rules";
import { SurveyTasksCard } from "./survey-tasks-card";

/** §9: at most 10 members shown per team, rows of 40 px, a 175 px scroll area from 6 members on. */
const MEMBERS_SHOWN = 10;
const MEMBER_ROW_HEIGHT = 40;
const MEMBER_SCROLL_HEIGHT = 175;

/** §8 "Notification settings save": the setting's own message when nothing more specific is known. */
const NOTIFICATIONS_SAVE_FAILED = msg`Saving the survey notification setting failed.`;
const notificationsSaveError = (error: unknown) =>
  genericSaveFailure(getErrorKey(error))
    ? i18n._(NOTIFICATIONS_SAVE_FAILED)
    : errorMessage(error, NOTIFICATIONS_SAVE_FAILED);

/** While a survey runs, the answer count refreshes by itself (at most 10 s old). */
export const ANSWERS_REFRESH_MS = 5_000;

/** Single survey (document 2 §2): calendar, share or teams, tasks, details, rename, delete. */
export function SingleSurveyPage({ tenantId, surveyKey }: { tenantId: string; surveyKey: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const canWrite = useCurrentTenant(tenantId)?.permissions.has("survey.write") ?? false;
  const { data: survey } = useSuspenseQuery(
    trpc.survey.get.queryOptions(
      { key: surveyKey },
      {
        refetchInterval: (query) =>
          query.state.data?.status === SURVEY_STATUS.running ? ANSWERS_REFRESH_MS : false,
      },
    ),
  );
  const running = survey.status === SURVEY_STATUS.running;
  const ended = survey.status === SURVEY_STATUS.ended;
  const statistics = useQuery(
    trpc.survey.statistics.queryOptions(
      { key: surveyKey },
      { refetchInterval: running ? ANSWERS_REFRESH_MS : false },
    ),
  );
  const [scheduleOpened, schedule] = useDisclosure(false);
  const [estimatedOpened, estimated] = useDisclosure(false);
  const [deleteOpened, deleteDialog] = useDisclosure(false);
  const update = useUpdateSurvey(survey.key, undefined, notificationsSaveError);
  const cards = surveyCards(survey.status, canWrite, survey.teams.length);
  const remove = useMutation(
    trpc.survey.delete.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: "green", message: t`The survey has been deleted.` });
        await queryClient.invalidateQueries({ queryKey: trpc.survey.list.queryKey() });
        await navigate({ to: "/t/$tenantId/analyses", params: { tenantId }, replace: true });
      },
      onError: (error) => notifications.show({ color: "red", message: errorMessage(error) }),
    }),
  );
  const firstDay = dayOf(new Date(survey.start));
  const lastDay = dayOf(new Date(survey.end));
  const nextPlan = survey.nextPlan ? i18n._(PLAN_LABELS[survey.nextPlan]) : null;

  return (
    <Stack gap="lg">
      <AnchorLink to="/t/$tenantId/analyses" params={{ tenantId }} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} />
          <Trans>Surveys</Trans>
        </Group>
      </AnchorLink>
      <PageTitle
        title={surveyTitle(survey)}
        description={i18n._(SURVEY_TYPE_LABELS[survey.type])}
        actions={<SurveyStatusBadge status={survey.status} />}
      />
      {survey.capReached ? (
        <Alert color="orange" title={t`The plan's respondent limit is reached`}>
          {t`Your plan counts at most ${survey.respondentCap ?? 0} respondents per survey.`}{" "}
          {nextPlan ? t`With ${nextPlan} more people can answer.` : null}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Title order={2} size="h4">
              <Trans>Survey period</Trans>
            </Title>
            <Text>
              {formatSurveyDay(survey.start)} – {formatSurveyDay(survey.end)}
            </Text>
            <DatesProvider settings={{ locale: datesLocale(), firstDayOfWeek: 1 }}>
              <Calendar
                defaultDate={firstDay}
                size="sm"
                static
                hideOutsideDates
                weekendDays={[]}
                previousLabel={t`Previous month`}
                nextLabel={t`Next month`}
                getDayProps={(date) => ({ inRange: date >= firstDay && date <= lastDay })}
              />
            </DatesProvider>
            {canWrite ? (
              <Group>
                <Button variant="light" onClick={schedule.open} data-testid="edit-schedule">
                  {ended ? <Trans>Reopen</Trans> : <Trans>Edit schedule</Trans>}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Title order={2} size="h4">
              <Trans>Details</Trans>
            </Title>
            <Group gap="xl">
              <Stack gap={0}>
                <Text size="sm" c="dimmed">
                  <Trans>Answers</Trans>
                </Text>
                <Text size="xl" fw={700} data-testid="total-answers" aria-live="polite">
                  {formatNumber(survey.totalAnswers)}
                </Text>
              </Stack>
              <Stack gap={0}>
                <Text size="sm" c="dimmed">
                  <Trans>Expected answers</Trans>
                </Text>
                <Group gap="xs">
                  <Text size="xl" fw={700}>
                    {survey.estimatedAnswerers ?? "–"}
                  </Text>
                  {canWrite ? (
                    <Button variant="subtle" size="compact-sm" onClick={estimated.open}>
                      <Trans>Change</Trans>
                    </Button>
                  ) : null}
                </Group>
              </Stack>
            </Group>
            {survey.latestAnswerAt ? (
              <Text size="sm">
                <Trans>Latest answer {formatDate(survey.latestAnswerAt)}</Trans>
              </Text>
            ) : null}
            {statistics.isError ? (
              <Text c="red.9" size="sm">
                <Trans>Error loading survey statistics</Trans>
              </Text>
            ) : statistics.data && statistics.data.length > 0 ? (
              <>
                <Box role="img" aria-label={t`Answers per day`}>
                  <BarChart
                    h={180}
                    data={statistics.data.map((point) => ({
                      day: formatDate(point.date, { day: "numeric", month: "numeric" }),
                      answers: point.answers,
                    }))}
                    dataKey="day"
                    series={[{ name: "answers", label: t`Answers`, color: "blue.8" }]}
                    withTooltip={false}
                  />
                </Box>
                {/* The chart's numbers for screen readers (and for anyone who reads them by day). */}
                <VisuallyHidden>
                  <table>
                    <caption>{t`Answers per day`}</caption>
                    <tbody>
                      {statistics.data.map((point) => (
                        <tr key={point.date}>
                          <th scope="row">{formatDate(point.date)}</th>
                          <td>{formatNumber(point.answers)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </VisuallyHidden>
              </>
            ) : null}
            <NotificationSelect
              value={survey.notifications ?? "OFF"}
              disabled={!canWrite || update.isPending}
              onChange={(value) =>
                update.mutate({ key: survey.key, notifications: value === "OFF" ? null : value })
              }
            />
          </Stack>
        </Card>
      </SimpleGrid>
      {cards.share ? <ShareCard tenantId={tenantId} surveyKey={survey.key} type={survey.type} /> : null}
      {cards.teams ? <TeamsList teams={survey.teams} /> : null}
      <SurveyTasksCard tenantId={tenantId} surveyKey={survey.key} />
      {canWrite ? (
        <>
          <RenameCard survey={survey} />
          <Group>
            <Button color="red.9" variant="outline" onClick={deleteDialog.open}>
              <Trans>Delete survey</Trans>
            </Button>
          </Group>
          <ScheduleDialog
            key={`${survey.end}-${scheduleOpened}`}
            survey={survey}
            opened={scheduleOpened}
            onClose={schedule.close}
          />
          <EstimatedAnswerersDialog
            key={`${survey.estimatedAnswerers}-${estimatedOpened}`}
            survey={survey}
            opened={estimatedOpened}
            onClose={estimated.close}
          />
          <ConfirmDialog
            opened={deleteOpened}
            title={<Trans>Delete survey</Trans>}
            message={t`Delete the survey with its links and answers? This cannot be undone.`}
            confirmLabel={<Trans>Delete</Trans>}
            danger
            loading={remove.isPending}
            onConfirm={() => remove.mutate({ key: survey.key })}
            onClose={deleteDialog.close}
          />
        </>
      ) : null}
    </Stack>
  );
}

function TeamsList({ teams }: { teams: Array<{ key: string; name: string; answerers: string[] }> }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>Teams</Trans>
        </Title>
        {teams.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>The survey was not shared with any team.</Trans>
          </Text>
        ) : (
          <Accordion variant="separated">
            {teams.map((team) => {
              const shown = team.answerers.slice(0, MEMBERS_SHOWN);
              const list = (
                <Stack gap={0}>
                  {shown.map((email) => (
                    <Text
                      key={email}
                      size="sm"
                      h={MEMBER_ROW_HEIGHT}
                      lh={`${MEMBER_ROW_HEIGHT}px`}
                      className="break-anywhere"
                    >
                      {email}
                    </Text>
                  ))}
                  {team.answerers.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      <Trans>No recipients.</Trans>
                    </Text>
                  ) : null}
                </Stack>
              );
              return (
                <Accordion.Item key={team.key} value={team.key}>
                  <Accordion.Control>
                    {team.name} ({team.answerers.length})
                  </Accordion.Control>
                  <Accordion.Panel>
                    {shown.length >= 6 ? <ScrollArea h={MEMBER_SCROLL_HEIGHT}>{list}</ScrollArea> : list}
                  </Accordion.Panel>
                </Accordion.Item>
              );
            })}
          </Accordion>
        )}
      </Stack>
    </Card>
  );
}

/** Rename (§4): Save only when the name changed; an empty name clears it (sent as null). */
function RenameCard({ survey }: { survey: { key: string; name: string | null } }) {
  const { t } = useLingui();
  const [name, setName] = useState(survey.name ?? "");
  const update = useUpdateSurvey(survey.key);
  const changed = (name.trim() || null) !== survey.name;
  return (
    <Card withBorder padding="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (changed) update.mutate({ key: survey.key, name: name.trim() || null });
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            <Trans>Name</Trans>
          </Title>
          <TextInput
            label={t`Survey name`}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Group>
            <Button type="submit" disabled={!changed} loading={update.isPending}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
