import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Group, Stack, Text } from "@mantine/core";
import { PRIORITY_LABELS } from "./task-labels";
import type { Task } from "./task-model";

/** A short list of tasks by name, each with Done or its priority (category and survey task cards). */
export function TaskNameList({
  tasks,
}: {
  tasks: readonly Pick<Task, "id" | "name" | "status" | "priority">[];
}) {
  const { i18n } = useLingui();
  return (
    <Stack gap={6} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {tasks.map((task) => (
        <Group key={task.id} component="li" gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm" className="break-anywhere" td={task.status === "DONE" ? "line-through" : undefined}>
            {task.name}
          </Text>
          <Badge variant="light" color={task.status === "DONE" ? "green" : "gray"}>
            {task.status === "DONE" ? <Trans>Done</Trans> : i18n._(PRIORITY_LABELS[task.priority])}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}
