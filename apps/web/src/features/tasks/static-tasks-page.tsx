import type { AppRouter } from "@kunto/api";
import {
  STATIC_TASK_TYPES,
  SWOT_TYPES,
  type SwotType,
  TASK_PRIORITIES,
  type TaskPriority,
} from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Group, Modal, Select, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlus } from "@tabler/icons-react";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageTitle } from "../../components/page-title";
import { errorMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import { ContentTextsFields, EMPTY_TEXTS, type Texts } from "./content-texts-fields";
import { categoryOptions } from "./task-dialog";
import { PRIORITY_LABELS, SWOT_LABELS, typeLabel } from "./task-labels";
import { type Category, textIn } from "./task-model";

type StaticTask = inferRouterOutputs<AppRouter>["staticTask"]["list"][number];
type StaticType = (typeof STATIC_TASK_TYPES)[number];

/** Static (suggested) task management (document 3 §2): table, edit dialog, delete. */
export function StaticTasksPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: tasks } = useSuspenseQuery(trpc.staticTask.list.queryOptions());
  const { data: categories } = useSuspenseQuery(trpc.category.list.queryOptions());
  const [editing, setEditing] = useState<StaticTask | "new" | null>(null);
  const [deleting, setDeleting] = useState<StaticTask | null>(null);
  const remove = useMutation(
    trpc.staticTask.delete.mutationOptions({
      onSuccess: () => {
        setDeleting(null);
        return queryClient.invalidateQueries({ queryKey: trpc.staticTask.pathKey() });
      },
      onError: (error) => notifications.show({ color: "red", message: errorMessage(error) }),
    }),
  );
  const categoryName = (id: string | null) => {
    const found = categories.find((c) => c.id === id);
    return found ? textIn(found.name) : "";
  };
  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
      <Trans>New suggested task</Trans>
    </Button>
  );
  return (
    <Stack gap="md">
      <PageTitle title={t`Suggested tasks`} actions={newButton} />
      {tasks.length === 0 ? (
        <Text>
          <Trans>No suggested tasks yet. Create the first one.</Trans>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table highlightOnHover className="stack-on-phone">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Title and description</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Type</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Category</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Priority</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>SWOT type</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Actions</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tasks.map((task) => (
                <Table.Tr key={task.id} onClick={() => setEditing(task)} style={{ cursor: "pointer" }}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {textIn(task.name)}
                    </Text>
                    <Text size="xs" lineClamp={2}>
                      {textIn(task.description)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{i18n._(typeLabel(task.type))}</Table.Td>
                  <Table.Td>{categoryName(task.categoryId)}</Table.Td>
                  <Table.Td>{i18n._(PRIORITY_LABELS[task.priority])}</Table.Td>
                  <Table.Td>{task.swotType ? i18n._(SWOT_LABELS[task.swotType]) : ""}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={(e) => {
                          e.stopPropagation();
                          setEditing(task);
                        }}
                        aria-label={t`Edit ${textIn(task.name)}`}
                      >
                        <Trans>Edit</Trans>
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={(e) => {
                          e.stopPropagation();
                          setDeleting(task);
                        }}
                        aria-label={t`Delete ${textIn(task.name)}`}
                      >
                        <Trans>Delete</Trans>
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing ? (
        <StaticTaskDialog
          task={editing === "new" ? null : editing}
          categories={categories}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={<Trans>Delete suggested task</Trans>}
        message={
          deleting ? t`Delete the suggested task "${textIn(deleting.name)}"? Tasks made from it stay.` : ""
        }
        confirmLabel={<Trans>Delete</Trans>}
        danger
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function StaticTaskDialog({
  task,
  categories,
  onClose,
}: {
  task: StaticTask | null;
  categories: readonly Category[];
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [type, setType] = useState<StaticType>(task?.type ?? "report");
  const [categoryId, setCategoryId] = useState<string | null>(task?.categoryId ?? null);
  const [priority, setPriority] = useState<TaskPriority>(task?.priority ?? "MEDIUM");
  const [swot, setSwot] = useState<SwotType | null>(task?.swotType ?? null);
  const [name, setName] = useState<Texts>(task?.name ?? EMPTY_TEXTS);
  const [description, setDescription] = useState<Texts>(task?.description ?? EMPTY_TEXTS);
  const [invalid, setInvalid] = useState(false);
  const options = {
    onSuccess: () => {
      notifications.show({ color: "green", message: t`Suggested task saved` });
      void queryClient.invalidateQueries({ queryKey: trpc.staticTask.pathKey() });
      onClose();
    },
    onError: (error: unknown) => notifications.show({ color: "red", message: errorMessage(error) }),
  };
  const create = useMutation(trpc.staticTask.create.mutationOptions(options));
  const update = useMutation(trpc.staticTask.update.mutationOptions(options));
  const byEngine = new Map(categories.map((c) => [c.engineName, c.id]));
  const save = () => {
    if (!name.en.trim() || (type === "report" && !categoryId)) {
      setInvalid(true);
      return;
    }
    const body = {
      type,
      categoryId: type === "report" ? categoryId : null,
      priority,
      swotType: swot,
      name,
      description,
    };
    if (task) update.mutate({ id: task.id, ...body });
    else create.mutate(body);
  };
  const selectedEngine = categories.find((c) => c.id === categoryId)?.engineName ?? null;
  return (
    <Modal
      opened
      onClose={onClose}
      title={task ? t`Edit suggested task` : t`New suggested task`}
      size={660}
      closeButtonProps={{ "aria-label": t`Close` }}
    >
      <Stack gap="sm">
        {invalid ? (
          <Alert color="red" variant="light">
            <Trans>Check that you have filled in all required fields.</Trans>
          </Alert>
        ) : null}
        <Select
          label={t`Type`}
          required
          allowDeselect={false}
          value={type}
          onChange={(v) => setType((v as StaticType) ?? "report")}
          data={STATIC_TASK_TYPES.map((v) => ({
            value: v,
            label: i18n._(typeLabel(v)),
          }))}
          comboboxProps={{ withinPortal: false }}
        />
        {type === "report" ? (
          <Select
            label={t`Category`}
            required
            searchable
            value={selectedEngine}
            onChange={(v) => setCategoryId(v ? (byEngine.get(v) ?? null) : null)}
            data={categoryOptions(categories)}
            error={invalid && !categoryId ? t`A report task needs a category.` : undefined}
            comboboxProps={{ withinPortal: false }}
          />
        ) : null}
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t`Priority`}
            allowDeselect={false}
            value={priority}
            onChange={(v) => setPriority((v as TaskPriority) ?? "MEDIUM")}
            data={TASK_PRIORITIES.map((p) => ({ value: p, label: i18n._(PRIORITY_LABELS[p]) }))}
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            label={t`SWOT type`}
            clearable
            value={swot}
            onChange={(v) => setSwot(v as SwotType | null)}
            data={SWOT_TYPES.map((s) => ({ value: s, label: i18n._(SWOT_LABELS[s]) }))}
            comboboxProps={{ withinPortal: false }}
          />
        </Group>
        <ContentTextsFields
          legend={t`Title`}
          texts={name}
          onChange={setName}
          required
          error={invalid && !name.en.trim() ? t`The name is required.` : null}
        />
        <ContentTextsFields legend={t`Description`} texts={description} onChange={setDescription} multiline />
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
