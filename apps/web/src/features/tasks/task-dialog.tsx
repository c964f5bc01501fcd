import { HELP_TASK_TYPES, isHelpType, TASK_PRIORITIES, type TaskPriority } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import { QuestionSelect } from "./question-select";
import { PRIORITY_LABELS, typeLabel } from "./task-labels";
import { type Category, type Task, textIn } from "./task-model";

type OwnType = "manual" | (typeof HELP_TASK_TYPES)[number];

/** Category choices up to level 2, labelled with their parents (at most three levels). */
export function categoryOptions(categories: readonly Category[]) {
  const byId = new Map(categories.map((c) => [c.id, c]));
  return categories
    .filter((c) => c.level <= 2)
    .map((c) => {
      const parts = [textIn(c.name)];
      for (let p = c.parentCategoryId ? byId.get(c.parentCategoryId) : undefined; p; ) {
        parts.unshift(textIn(p.name));
        p = p.parentCategoryId ? byId.get(p.parentCategoryId) : undefined;
      }
      return { value: c.engineName, label: parts.slice(-3).join(" / ") };
    });
}

/**
 * Create / edit a task (document 3 §2, §5): name required, category required except for the help
 * types (cleared for them). New tasks: type manual, priority MEDIUM, no due date (§9).
 */
export function TaskDialog({
  opened,
  onClose,
  task,
  presetCategory,
  categories,
  ownTasks,
}: {
  opened: boolean;
  onClose: () => void;
  task: Task | null;
  presetCategory?: string | null;
  categories: readonly Category[];
  /** The plan includes own tasks; without it a task made from a suggestion keeps its type (17.6). */
  ownTasks: boolean;
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const users = useQuery({ ...trpc.user.tenantUsers.queryOptions(), enabled: opened });
  const teams = useQuery({ ...trpc.team.lite.queryOptions(), enabled: opened });
  const initialType: OwnType =
    task && (task.type === "manual" || isHelpType(task.type)) ? task.type : "manual";
  const [name, setName] = useState(task?.name ?? "");
  const [description, setDescription] = useState(task?.description ?? "");
  const [type, setType] = useState<OwnType>(initialType);
  const [category, setCategory] = useState<string | null>(task?.category ?? presetCategory ?? null);
  const [priority, setPriority] = useState<TaskPriority>(task?.priority ?? "MEDIUM");
  const [dueDate, setDueDate] = useState(task?.dueDate ?? "");
  const [assignee, setAssignee] = useState<string | null>(task?.userInCharge?.id ?? null);
  const [team, setTeam] = useState<string | null>(task?.team?.key ?? null);
  const [question, setQuestion] = useState<string | null>(task?.surveyQuestion ?? null);
  const [done, setDone] = useState(task?.status === "DONE");
  const [errors, setErrors] = useState<{ name?: string; category?: string }>({});
  const keepType =
    task && ((task.type !== "manual" && !isHelpType(task.type)) || (task.staticTaskId !== null && !ownTasks));

  const onSaved = (message: string) => {
    notifications.show({ color: "green", message });
    void queryClient.invalidateQueries({ queryKey: trpc.task.pathKey() });
    onClose();
  };
  const onError = (error: unknown) => notifications.show({ color: "red", message: errorMessage(error) });
  const create = useMutation(
    trpc.task.create.mutationOptions({ onSuccess: () => onSaved(t`Task created`), onError }),
  );
  const update = useMutation(
    trpc.task.update.mutationOptions({ onSuccess: () => onSaved(t`Task updated`), onError }),
  );

  const save = () => {
    const help = isHelpType(type);
    const next = {
      name: name.trim() ? undefined : t`The task needs a name.`,
      category: help || category ? undefined : t`Choose a category for the task.`,
    };
    setErrors(next);
    if (next.name || next.category) return;
    const body = {
      name: name.trim(),
      description: description.trim() || null,
      priority,
      category: help ? null : category,
      dueDate: dueDate || null,
      userInChargeId: assignee,
      teamKey: team,
      surveyQuestion: question,
      status: done ? ("DONE" as const) : null,
    };
    if (task) update.mutate({ id: task.id, ...body, ...(keepType ? {} : { type }) });
    else create.mutate({ ...body, type });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={task ? t`Edit task` : t`New task`}
      size={660}
      closeButtonProps={{ "aria-label": t`Close` }}
    >
      <Stack gap="sm">
        {errors.name || errors.category ? (
          <Alert color="red" variant="light">
            <Trans>Check that you have filled in all required fields.</Trans>
          </Alert>
        ) : null}
        <TextInput
          label={t`Name`}
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        <Textarea
          label={t`Description`}
          autosize
          minRows={2}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        {keepType ? null : (
          <Select
            label={t`Type`}
            value={type}
            allowDeselect={false}
            onChange={(v) => setType((v as OwnType) ?? "manual")}
            data={(["manual", ...HELP_TASK_TYPES] as const).map((v) => ({
              value: v,
              label: i18n._(typeLabel(v)),
            }))}
            comboboxProps={{ withinPortal: false }}
          />
        )}
        {isHelpType(type) ? null : (
          <Select
            label={t`Category`}
            required
            searchable
            value={category}
            onChange={setCategory}
            data={categoryOptions(categories)}
            error={errors.category}
            comboboxProps={{ withinPortal: false }}
          />
        )}
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t`Priority`}
            value={priority}
            allowDeselect={false}
            onChange={(v) => setPriority((v as TaskPriority) ?? "MEDIUM")}
            data={TASK_PRIORITIES.map((p) => ({ value: p, label: i18n._(PRIORITY_LABELS[p]) }))}
            comboboxProps={{ withinPortal: false }}
          />
          <TextInput
            type="date"
            label={t`Due date`}
            value={dueDate}
            onChange={(e) => setDueDate(e.currentTarget.value)}
          />
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t`Person in charge`}
            clearable
            searchable
            value={assignee}
            onChange={setAssignee}
            data={(users.data ?? []).map((u) => ({
              value: u.id,
              label: [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email || u.username || u.id,
            }))}
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            label={t`Team`}
            clearable
            value={team}
            onChange={setTeam}
            data={(teams.data ?? []).map((tm) => ({ value: tm.key, label: tm.name }))}
            comboboxProps={{ withinPortal: false }}
          />
        </Group>
        <QuestionSelect value={question} onChange={setQuestion} enabled={opened} />
        <Checkbox label={t`Done`} checked={done} onChange={(e) => setDone(e.currentTarget.checked)} />
        <Group justify="flex-end">
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
