import { dueDateColor, TASK_PRIORITIES, type TaskPriority } from "@kunto/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Badge, Card, Group, Menu, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCheck, IconDotsVertical, IconThumbUp } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { errorMessage } from "../../lib/api-error";
import { formatDate } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { FollowUpText } from "./follow-up-text";
import { PRIORITY_COLORS, PRIORITY_LABELS } from "./task-labels";
import type { Task } from "./task-model";

const DUE_COLORS = { success: "green", error: "red", warning: "yellow", info: "blue" } as const;
const today = () => new Date().toLocaleDateString("en-CA");

/**
 * One task on the board: its facts in words (colour never alone), and its menu for editors. An own
 * task kept from a paid plan is read-only on FREE (`locked`): its menu only deletes it (the
 * downgrade rule, docs/decisions.md "Billing (issue 21)").
 */
export function TaskCard({
  task,
  canEdit,
  locked = false,
  onEdit,
}: {
  task: Task;
  canEdit: boolean;
  locked?: boolean;
  onEdit: () => void;
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.task.pathKey() });
  const update = useMutation(
    trpc.task.update.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: "green", message: t`Task updated` });
        return refresh();
      },
      onError: (error) => notifications.show({ color: "red", message: errorMessage(error) }),
    }),
  );
  const remove = useMutation(
    trpc.task.delete.mutationOptions({
      onSuccess: () => {
        setConfirmDelete(false);
        notifications.show({ color: "green", message: t`Task deleted` });
        return refresh();
      },
      onError: (error) => notifications.show({ color: "red", message: errorMessage(error) }),
    }),
  );
  const done = task.status === "DONE";
  const due = dueDateColor(task, today());
  const assignee = task.userInCharge
    ? [task.userInCharge.firstName, task.userInCharge.lastName].filter(Boolean).join(" ") ||
      task.userInCharge.email
    : null;
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      data-testid="task-card"
      aria-label={task.name}
      component="article"
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text fw={600} size="sm" className="break-anywhere" td={done ? "line-through" : undefined}>
            {task.name}
          </Text>
          {canEdit ? (
            <Menu position="bottom-end" withinPortal={false}>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={t`Actions for ${task.name}`}>
                  <IconDotsVertical size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {locked ? null : (
                  <Menu.Item onClick={onEdit}>
                    <Trans>Edit</Trans>
                  </Menu.Item>
                )}
                {locked ? null : (
                  <Menu.Item onClick={() => update.mutate({ id: task.id, status: done ? null : "DONE" })}>
                    {done ? <Trans>Mark undone</Trans> : <Trans>Mark done</Trans>}
                  </Menu.Item>
                )}
                {done || locked
                  ? null
                  : TASK_PRIORITIES.filter((p) => p !== task.priority).map((p: TaskPriority) => (
                      <Menu.Item key={p} onClick={() => update.mutate({ id: task.id, priority: p })}>
                        <Trans>Priority: {i18n._(PRIORITY_LABELS[p])}</Trans>
                      </Menu.Item>
                    ))}
                <Menu.Item color="red" onClick={() => setConfirmDelete(true)}>
                  <Trans>Delete</Trans>
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
        {canEdit && locked ? (
          <Text size="xs" c="dark.5" data-testid="task-locked">
            <Trans>Own tasks need the PRO plan</Trans>
          </Text>
        ) : null}
        {task.description ? (
          <Text size="xs" c="dimmed" lineClamp={3} className="break-anywhere">
            {task.description}
          </Text>
        ) : null}
        <Group gap={6}>
          {done ? (
            <Badge color="green" variant="light" leftSection={<IconCheck size={12} />}>
              <Trans>Done</Trans>
            </Badge>
          ) : null}
          <Badge color={PRIORITY_COLORS[task.priority]} variant="light">
            <Trans>Priority: {i18n._(PRIORITY_LABELS[task.priority])}</Trans>
          </Badge>
          {task.dueDate ? (
            <Badge color={DUE_COLORS[due]} variant="outline">
              {due === "error" ? (
                <Trans>Overdue: {formatDate(task.dueDate)}</Trans>
              ) : (
                <Trans>Due {formatDate(task.dueDate)}</Trans>
              )}
            </Badge>
          ) : null}
          <Badge
            color="gray"
            variant="light"
            leftSection={<IconThumbUp size={12} />}
            data-testid="vote-count"
          >
            <Plural value={task.voteCount} one="# vote" other="# votes" />
          </Badge>
        </Group>
        {assignee || task.team ? (
          <Text size="xs">
            {assignee ? <Trans>In charge: {assignee}</Trans> : null}
            {assignee && task.team ? " · " : null}
            {task.team ? <Trans>Team: {task.team.name}</Trans> : null}
          </Text>
        ) : null}
        {task.followUp ? <FollowUpText followUp={task.followUp} /> : null}
      </Stack>
      <ConfirmDialog
        opened={confirmDelete}
        title={<Trans>Delete task</Trans>}
        message={t`Delete the task "${task.name}" and its votes?`}
        confirmLabel={<Trans>Delete</Trans>}
        danger
        loading={remove.isPending}
        onConfirm={() => remove.mutate({ id: task.id })}
        onClose={() => setConfirmDelete(false)}
      />
    </Card>
  );
}
