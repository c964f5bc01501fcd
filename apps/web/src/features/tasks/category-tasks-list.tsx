import { compareTasks } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Group, Loader, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { ButtonLink } from "../../components/links";
import { useTRPC } from "../../lib/trpc";
import { columnOf } from "./task-model";
import { TaskNameList } from "./task-name-list";

/**
 * The report category card's tasks modal content (document 3 §2): the category's tasks (its own
 * and its subcategories') and a button to the board filtered by it.
 */
export function CategoryTasksList({ tenantId, category }: { tenantId: string; category: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const { data, isPending } = useQuery(trpc.task.list.queryOptions());
  if (isPending) return <Loader size="sm" aria-label={t`Loading tasks`} />;
  const tasks = (data ?? [])
    .filter((task) => task.category === category || columnOf(task) === category)
    .sort(compareTasks);
  return (
    <Stack gap="sm">
      {tasks.length === 0 ? (
        <Text size="sm">
          <Trans>No tasks in this category yet.</Trans>
        </Text>
      ) : (
        <TaskNameList tasks={tasks} />
      )}
      <Group>
        <ButtonLink to="/t/$tenantId/tasks/$category" params={{ tenantId, category }} variant="light">
          <Trans>Open the task board</Trans>
        </ButtonLink>
      </Group>
    </Stack>
  );
}
