import { NO_ASSIGNEE, taskYears } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCopy, IconHelp, IconPlus, IconRefresh, IconSparkles } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageTitle } from "../../components/page-title";
import { errorMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import { useCurrentTenant, useMe } from "../../lib/use-me";
import { FindingSuggestionsButton } from "./finding-suggestions";
import { LoopCard } from "./loop-card";
import { SuggestedTasksCard } from "./suggested-tasks";
import { TaskCard } from "./task-card";
import { TaskDialog } from "./task-dialog";
import { typeLabel } from "./task-labels";
import { type BoardSearch, boardColumns, filterTasks, type Task, textIn } from "./task-model";

/**
 * The public voting page's address. `key` is the organisation's voting key, or its id until an
 * admin first makes a new link (`GET /api/tenant/taskvoting/link`, issue 17.10).
 */
export const votingLink = (key: string) =>
  `${window.location.origin}/public/#/tasks/vote/${encodeURIComponent(key)}`;

/**
 * The task board (document 3 §2 tenant_tasks): columns per top-level category plus the two help
 * types, progress per column, every filter in the URL, and the dialogs. Read-only members see it all
 * without the buttons that change anything (the server refuses them too).
 */
export function TasksBoardPage({
  tenantId,
  category,
  search,
  onSearch,
}: {
  tenantId: string;
  category?: string;
  search: BoardSearch;
  onSearch: (next: BoardSearch) => void;
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const me = useMe();
  const tenant = useCurrentTenant(tenantId);
  const { data: tasks } = useSuspenseQuery(trpc.task.list.queryOptions());
  const { data: categories } = useSuspenseQuery(trpc.task.categories.queryOptions());
  const canEdit = tenant?.permissions.has("task.write") ?? false;
  const free = tenant?.plan === "FREE";
  const [editing, setEditing] = useState<{ task: Task | null; category: string | null } | null>(null);
  const [suggesting, setSuggesting] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [rotating, setRotating] = useState(false);
  const queryClient = useQueryClient();
  const linkQuery = trpc.taskVote.link.queryOptions();
  // Not suspended: the board shows without it, and it is there long before anyone copies.
  const { data: link } = useQuery(linkQuery);
  const rotate = useMutation(
    trpc.taskVote.rotateLink.mutationOptions({
      onSuccess: (fresh) => {
        queryClient.setQueryData(linkQuery.queryKey, fresh);
        setRotating(false);
        notifications.show({
          color: "green",
          message: t`A new voting link was made. Copy it and share it with your staff: the previous link no longer works.`,
        });
      },
      onError: (error) => notifications.show({ color: "red", message: errorMessage(error) }),
    }),
  );

  // The category route parameter pre-sets and activates the category filter.
  const effective: BoardSearch = {
    ...search,
    categories: search.categories ?? (category ? [category] : undefined),
  };
  const set = (patch: Partial<BoardSearch>) => onSearch({ ...search, ...patch });
  const shown = filterTasks(tasks, effective, me.id);
  const columns = boardColumns(categories, shown).filter(
    (c) => !effective.categories?.length || effective.categories.includes(c.key),
  );
  const columnName = (key: string) => {
    const found = categories.find((c) => c.engineName === key);
    return found ? textIn(found.name) : i18n._(typeLabel(key));
  };

  const people = new Map<string, string>();
  for (const task of tasks)
    if (task.userInCharge)
      people.set(
        task.userInCharge.id,
        [task.userInCharge.firstName, task.userInCharge.lastName].filter(Boolean).join(" ") ||
          task.userInCharge.email ||
          task.userInCharge.id,
      );
  const teams = new Map(
    tasks.flatMap((task) => (task.team ? [[task.team.key, task.team.name] as const] : [])),
  );
  const years = taskYears(
    new Date().getFullYear(),
    tasks.map((task) => task.year),
  );
  const allColumns = boardColumns(categories, []).map((c) => c.key);

  const copyLink = async () => {
    try {
      const key = link?.key ?? (await queryClient.fetchQuery(linkQuery)).key;
      await navigator.clipboard.writeText(votingLink(key));
      notifications.show({ color: "green", message: t`Link copied` });
    } catch (error) {
      // A failed copy is only logged (document 3 §2).
      console.error(error);
    }
  };

  const addButton = (presetCategory: string | null, label: string) => {
    if (!canEdit) return null;
    const button = (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} />}
        disabled={free}
        onClick={() => setEditing({ task: null, category: presetCategory })}
        aria-label={label}
      >
        <Trans>Add</Trans>
      </Button>
    );
    return free ? (
      <Tooltip label={t`Own tasks need the PRO plan`} withinPortal={false}>
        <span>{button}</span>
      </Tooltip>
    ) : (
      button
    );
  };

  return (
    <Stack gap="md">
      <PageTitle
        title={t`Tasks`}
        description={t`Turn survey results into improvements. Staff can vote on the tasks on the public voting page.`}
        actions={
          <>
            <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copyLink}>
              <Trans>Copy voting link</Trans>
            </Button>
            <Button variant="subtle" leftSection={<IconHelp size={16} />} onClick={() => setHelpOpen(true)}>
              <Trans>How voting works</Trans>
            </Button>
            {canEdit ? (
              <Button
                variant="subtle"
                leftSection={<IconRefresh size={16} />}
                onClick={() => setRotating(true)}
              >
                <Trans>New voting link</Trans>
              </Button>
            ) : null}
            {canEdit ? (
              <Button
                variant="light"
                leftSection={<IconSparkles size={16} />}
                onClick={() => setSuggesting(true)}
              >
                <Trans>Suggested tasks</Trans>
              </Button>
            ) : null}
            <FindingSuggestionsButton
              tenantId={tenantId}
              source={{ latest: true }}
              label={t`From your latest results`}
              title={t`Suggested tasks from your latest results`}
              testId="latest-suggestions"
            />
            {canEdit && !free ? (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => setEditing({ task: null, category: null })}
              >
                <Trans>Add task</Trans>
              </Button>
            ) : null}
          </>
        }
      />
      {free && canEdit ? (
        <Text size="sm">
          <Trans>Your plan includes suggested tasks only. Upgrade to PRO to add your own tasks.</Trans>
        </Text>
      ) : null}
      <LoopCard />
      <Card withBorder padding="sm" radius="md" component="section" aria-label={t`Filters`}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <MultiSelect
            label={t`Person in charge`}
            value={search.assignees ?? []}
            onChange={(v) => set({ assignees: v.length ? v : undefined })}
            data={[
              { value: NO_ASSIGNEE, label: t`No one in charge` },
              ...[...people].map(([value, label]) => ({ value, label })),
            ]}
            comboboxProps={{ withinPortal: false }}
            clearable
          />
          <MultiSelect
            label={t`Year`}
            value={search.years ?? []}
            onChange={(v) => set({ years: v.length ? v : undefined })}
            data={years.map(String)}
            comboboxProps={{ withinPortal: false }}
            clearable
          />
          <MultiSelect
            label={t`Category`}
            value={effective.categories ?? []}
            onChange={(v) => set({ categories: v.length ? v : [] })}
            data={allColumns.map((key) => ({ value: key, label: columnName(key) }))}
            comboboxProps={{ withinPortal: false }}
            clearable
          />
          <MultiSelect
            label={t`Team`}
            value={search.teams ?? []}
            onChange={(v) => set({ teams: v.length ? v : undefined })}
            data={[...teams].map(([value, label]) => ({ value, label }))}
            comboboxProps={{ withinPortal: false }}
            clearable
          />
        </SimpleGrid>
        <Group gap="lg" mt="sm">
          <Checkbox
            label={t`Has votes`}
            checked={search.hasVotes ?? false}
            onChange={(e) => set({ hasVotes: e.currentTarget.checked || undefined })}
          />
          <Checkbox
            label={t`Hide done`}
            checked={search.hideDone ?? false}
            onChange={(e) => set({ hideDone: e.currentTarget.checked || undefined })}
          />
          <Checkbox
            label={t`Only mine`}
            checked={search.own ?? false}
            onChange={(e) => set({ own: e.currentTarget.checked || undefined })}
          />
        </Group>
      </Card>
      <Text size="sm" aria-live="polite">
        <Trans>
          Showing {shown.length} of {tasks.length} tasks
        </Trans>
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
        {columns.map((column) => {
          const name = columnName(column.key);
          return (
            <Card
              key={column.key}
              withBorder
              padding="sm"
              radius="md"
              component="section"
              aria-label={name}
              bg="gray.0"
              data-testid={`column-${column.key}`}
            >
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Title order={2} size="h5" className="break-anywhere">
                    {name}
                  </Title>
                  {addButton(column.category ? column.key : null, t`Add a task to ${name}`)}
                </Group>
                <Group gap="xs" wrap="nowrap">
                  <Progress value={column.percent} color={column.color} style={{ flex: 1 }} aria-hidden />
                  <Badge variant="light" color={column.color}>
                    <Trans>{column.percent} % done</Trans>
                  </Badge>
                </Group>
                {column.tasks.length === 0 ? (
                  <Text size="sm">
                    <Trans>No tasks</Trans>
                  </Text>
                ) : (
                  column.tasks.map((task) => (
                    <TaskCard
                      key={task.id}
                      task={task}
                      canEdit={canEdit}
                      onEdit={() => setEditing({ task, category: null })}
                    />
                  ))
                )}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      {editing ? (
        <TaskDialog
          opened
          onClose={() => setEditing(null)}
          task={editing.task}
          presetCategory={editing.category}
          categories={categories}
          ownTasks={!free}
        />
      ) : null}
      <Modal
        opened={suggesting}
        onClose={() => setSuggesting(false)}
        title={t`Suggested tasks`}
        size={660}
        closeButtonProps={{ "aria-label": t`Close` }}
      >
        <SuggestedTasksCard
          tenantId={tenantId}
          types={["personnel_help", "management_help"]}
          onDone={() => setSuggesting(false)}
        />
      </Modal>
      <ConfirmDialog
        opened={rotating}
        title={t`Make a new voting link?`}
        message={t`The current voting link stops working at once, also for anyone who already has it. Share the new link with your staff. Votes already given stay.`}
        confirmLabel={t`Make a new link`}
        danger
        loading={rotate.isPending}
        onConfirm={() => rotate.mutate()}
        onClose={() => setRotating(false)}
      />
      <Modal
        opened={helpOpen}
        onClose={() => setHelpOpen(false)}
        title={t`How voting works`}
        closeButtonProps={{ "aria-label": t`Close` }}
      >
        <Stack gap="sm">
          <Text size="sm">
            <Trans>
              Share the voting link with your staff. Anyone with the link can vote once for each task they
              find important, without signing in. Votes are anonymous: no names or addresses are stored.
            </Trans>
          </Text>
          <Text size="sm">
            <Trans>
              The voting page also shows which tasks are done, so staff see what their answers led to.
            </Trans>
          </Text>
          {canEdit ? (
            <Text size="sm">
              <Trans>
                If the link has reached people it should not have, make a new voting link: the previous one
                stops working at once.
              </Trans>
            </Text>
          ) : null}
          <Button onClick={copyLink} leftSection={<IconCopy size={16} />}>
            <Trans>Copy voting link</Trans>
          </Button>
        </Stack>
      </Modal>
    </Stack>
  );
}
