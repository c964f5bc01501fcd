import { compareTasks } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Group, Loader, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { ButtonLink } from "../../components/links";
import { useTRPC } from "../../lib/trpc";
import { PRIORITY_LABELS } from "./task-labels";
import { columnOf } from "./task-model";

/**
 * The report category card's tasks modal content (document 3 §2): the category's tasks (its own
 * and its subcategories') and a button to the board filtered by it.
 */
export function CategoryTasksList({ tenantId, category }: { tenantId: string; category: string }) {
  const { t, i18n } = useLingui();
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
        <Stack gap={6} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {tasks.map((task) => (
            <Group key={task.id} component="li" gap="xs" justify="space-between" wrap="nowrap">
              <Text
                size="sm"
                className="break-anywhere"
                td={task.status === "DONE" ? "line-through" : undefined}
              >
                {task.name}
              </Text>
              <Badge variant="light" color={task.status === "DONE" ? "green" : "gray"}>
                {task.status === "DONE" ? <Trans>Done</Trans> : i18n._(PRIORITY_LABELS[task.priority])}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
      <Group>
        <ButtonLink to="/t/$tenantId/tasks/$category" params={{ tenantId, category }} variant="light">
          <Trans>Open the task board</Trans>
        </ButtonLink>
      </Group>
    </Stack>
  );
}
