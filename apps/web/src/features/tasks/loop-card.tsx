import { Trans, useLingui } from "@lingui/react/macro";
import { Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";

/** A share in whole percent, or null with nothing to divide (rounded once, here). */
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((100 * part) / whole) : null);

/**
 * From findings to action (issue 18.1): for the newest survey of each type, the share of its
 * weaknesses and opportunities that have a task, the share of those tasks done, and the days from
 * the survey's end to its first task. Shown on the dashboard and the task board.
 */
export function LoopCard() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const { data } = useQuery(trpc.task.loop.queryOptions());
  if (!data || data.length === 0) return null;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="loop-title">
      <Title order={2} size="h4" id="loop-title" mb="xs">
        <Trans>From findings to action</Trans>
      </Title>
      <Stack gap="md">
        {data.map((loop) => {
          const covered = percent(loop.findingsWithTask, loop.findings);
          const done = percent(loop.tasksDone, loop.tasks);
          const name =
            loop.surveyName ?? (loop.type === "PERSONNEL" ? t`Personnel survey` : t`Management survey`);
          return (
            <Stack key={loop.surveyKey} gap={4}>
              <Text size="sm" fw={600} className="break-anywhere">
                {name}
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
                <Figure
                  value={covered === null ? "–" : `${covered} %`}
                  label={t`of ${loop.findings} findings to improve have a task (${loop.findingsWithTask})`}
                />
                <Figure
                  value={done === null ? "–" : `${done} %`}
                  label={t`of their ${loop.tasks} tasks are done (${loop.tasksDone})`}
                />
                <Figure
                  value={loop.daysToFirstTask === null ? "–" : String(loop.daysToFirstTask)}
                  label={
                    loop.daysToFirstTask === null
                      ? t`No task made for this survey yet`
                      : t`days from the survey's end to its first task`
                  }
                />
              </SimpleGrid>
              {loop.findings === 0 ? (
                <Text size="xs" c="dark.5">
                  <Trans>No weaknesses or opportunities in the released results yet.</Trans>
                </Text>
              ) : null}
            </Stack>
          );
        })}
      </Stack>
    </Card>
  );
}

function Figure({ value, label }: { value: string; label: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="xl" fw={700} style={{ whiteSpace: "nowrap" }}>
        {value}
      </Text>
      <Text size="xs" c="dark.5">
        {label}
      </Text>
    </Group>
  );
}
