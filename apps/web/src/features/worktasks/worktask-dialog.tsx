import { WORK_TASK_STATUSES, type WorkTaskStatus } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Group, Modal, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import { type Assignee, personName, STATUS_LABELS, type WorkTask } from "./worktask-labels";

/**
 * Create / edit a work task (document 3 §2, §4, §5): title and message required ('check all required
 * fields'), any status, the assignee from the organisation's members. A new task starts RECEIVED.
 * The assignee field is read-only unless the user may change it (§6: an admin or the assigner).
 */
export function WorkTaskDialog({
  task,
  onClose,
  assignees,
  canAssign,
}: {
  /** null: a new task. */
  task: WorkTask | null;
  onClose: () => void;
  assignees: readonly Assignee[];
  canAssign: boolean;
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(task?.title ?? "");
  const [message, setMessage] = useState(task?.message ?? "");
  const [status, setStatus] = useState<WorkTaskStatus>(task?.status ?? "RECEIVED");
  const [assignee, setAssignee] = useState<string | null>(task?.assignedUserId ?? null);
  const [missing, setMissing] = useState<{ title?: boolean; message?: boolean }>({});

  const onSaved = (text: string) => {
    notifications.show({ color: "green", message: text });
    void queryClient.invalidateQueries({ queryKey: trpc.workTask.pathKey() });
    onClose();
  };
  const onError = (error: unknown) => notifications.show({ color: "red", message: errorMessage(error) });
  const create = useMutation(
    trpc.workTask.create.mutationOptions({ onSuccess: () => onSaved(t`Work task created`), onError }),
  );
  const update = useMutation(
    trpc.workTask.update.mutationOptions({ onSuccess: () => onSaved(t`Work task updated`), onError }),
  );

  const save = () => {
    const next = { title: !title.trim(), message: !message.trim() };
    setMissing(next);
    if (next.title || next.message) return;
    const body = { title: title.trim(), message: message.trim(), status };
    if (task)
      update.mutate({
        id: task.id,
        ...body,
        ...(canAssign && assignee !== task.assignedUserId ? { assignedUserId: assignee } : {}),
      });
    else create.mutate({ ...body, assignedUserId: assignee });
  };
  const options = assignees.map((a) => ({ value: a.id, label: personName(a) }));
  if (task?.assignedUser && !options.some((o) => o.value === task.assignedUserId))
    options.push({ value: task.assignedUser.id, label: personName(task.assignedUser) });

  return (
    <Modal
      opened
      onClose={onClose}
      title={task ? t`Edit work task` : t`New work task`}
      size={660}
      closeOnClickOutside={false}
      closeButtonProps={{ "aria-label": t`Close` }}
    >
      <Stack gap="sm">
        {missing.title || missing.message ? (
          <Alert color="red" variant="light" role="alert">
            <Trans>Check that you have filled in all required fields.</Trans>
          </Alert>
        ) : null}
        <TextInput
          label={t`Title`}
          required
          maxLength={200}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={missing.title ? t`Give the task a title.` : undefined}
          data-autofocus
        />
        <Textarea
          label={t`Message`}
          required
          autosize
          minRows={3}
          maxLength={4000}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          error={missing.message ? t`Write what needs doing.` : undefined}
        />
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t`Status`}
            value={status}
            allowDeselect={false}
            onChange={(v) => setStatus((v as WorkTaskStatus | null) ?? "RECEIVED")}
            data={WORK_TASK_STATUSES.map((s) => ({ value: s, label: i18n._(STATUS_LABELS[s]) }))}
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            label={t`Assignee`}
            clearable
            searchable
            disabled={!canAssign}
            value={assignee}
            onChange={setAssignee}
            data={options}
            comboboxProps={{ withinPortal: false }}
          />
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={save} loading={create.isPending || update.isPending}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
