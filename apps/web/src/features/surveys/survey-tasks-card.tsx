import { compareTasks } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Card, Group, Loader, Progress, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { ButtonLink } from "../../components/links";
import { errorMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import { useCurrentTenant } from "../../lib/use-me";
import { TaskNameList } from "../tasks/task-name-list";

/** The card names at most this many of the survey's tasks (open ones first); the board has them all. */
const TASKS_SHOWN = 5;

/**
 * The single survey's tasks card (document 2 §2 tenant_single_survey, §6): the tasks made from this
 * survey (their source survey), how many are done, a link to the task board, and the go-to-surveys
 * button only for an account admin once every one of them is done. With no tasks, a short text and
 * the link. The task list is the board's own query, so the two stay in step.
 */
export function SurveyTasksCard({ tenantId, surveyKey }: { tenantId: string; surveyKey: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const tenant = useCurrentTenant(tenantId);
  const { data, isPending, error } = useQuery(trpc.task.list.queryOptions());
  const tasks = (data ?? []).filter((task) => task.sourceSurvey?.key === surveyKey).sort(compareTasks);
  const total = tasks.length;
  const done = tasks.filter((task) => task.status === "DONE").length;
  const isAdmin = tenant?.roles.includes("tenant_admin") ?? false;
  const hidden = total - TASKS_SHOWN;
  return (
    <Card withBorder padding="lg" data-testid="survey-tasks-card">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>Tasks from this survey</Trans>
        </Title>
        {isPending ? (
          <Loader size="sm" aria-label={t`Loading tasks`} />
        ) : error ? (
          <Text c="red.9" size="sm">
            {errorMessage(error)}
          </Text>
        ) : total === 0 ? (
          <Text size="sm">
            <Trans>
              No tasks have been made from this survey yet. Make them from its results or suggestions.
            </Trans>
          </Text>
        ) : (
          <>
            <Text size="sm" data-testid="survey-tasks-done">
              <Trans>
                {done} of {total} done
              </Trans>
            </Text>
            <Progress
              value={(done / total) * 100}
              color={done === total ? "green" : "blue"}
              aria-label={t`Tasks done`}
            />
            <TaskNameList tasks={tasks.slice(0, TASKS_SHOWN)} />
            {hidden > 0 ? (
              <Text size="sm" c="dimmed">
                <Trans>and {hidden} more on the task board</Trans>
              </Text>
            ) : null}
          </>
        )}
        <Group>
          <ButtonLink to="/t/$tenantId/tasks" params={{ tenantId }} variant="light">
            <Trans>Open the task board</Trans>
          </ButtonLink>
          {isAdmin && total > 0 && done === total ? (
            <ButtonLink to="/t/$tenantId/analyses" params={{ tenantId }}>
              <Trans>Go to surveys</Trans>
            </ButtonLink>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
