import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Modal, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCopy, IconHelp, IconPlus, IconRefresh } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageTitle } from "../../components/page-title";
import { errorMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import { useCurrentTenant, useMe } from "../../lib/use-me";
import { BackButton } from "../reports/back-button";
import { BoardColumns } from "./board-columns";
import { BoardEmpty, BoardNoMatch, SuggestionButtons } from "./board-empty";
import { BoardFilters } from "./board-filters";
import { LoopCard } from "./loop-card";
import { SuggestedTasksCard } from "./suggested-tasks";
import { TaskDialog } from "./task-dialog";
import { typeLabel } from "./task-labels";
import { type BoardSearch, boardColumns, filterTasks, hasFilters, type Task, textIn } from "./task-model";

/**
 * The public voting page's address. `key` is the organisation's voting key, or its id until an
 * admin first makes a new link (`GET /api/tenant/taskvoting/link`, issue 17.10).
 */
export const votingLink = (key: string) =>
  `${window.location.origin}/public/#/tasks/vote/${encodeURIComponent(key)}`;

/**
 * The task board (document 3 §2 tenant_tasks): a Back button (to the dashboard when opened directly),
 * columns per top-level category plus the two help types in a group of their own, progress per
 * column, every filter in the URL, and the dialogs. A board without tasks shows one empty state with
 * the suggestions; filters that let nothing through say so once (issue 18.7). Read-only members see
 * it all without the buttons that change anything (the server refuses them too).
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
  const navigate = useNavigate();
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
  // Clearing leaves the category route too: its parameter would set the filter again.
  const clearFilters = () =>
    category
      ? void navigate({ to: "/t/$tenantId/tasks", params: { tenantId }, search: {}, replace: true })
      : onSearch({});
  const shown = filterTasks(tasks, effective, me.id);
  const columns = boardColumns(categories, shown).filter(
    (c) => !effective.categories?.length || effective.categories.includes(c.key),
  );
  const columnName = (key: string) => {
    const found = categories.find((c) => c.engineName === key);
    return found ? textIn(found.name) : i18n._(typeLabel(key));
  };
  const categoryOptions = boardColumns(categories, []).map((c) => ({
    value: c.key,
    label: columnName(c.key),
  }));
  const empty = tasks.length === 0;

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

  return (
    <Stack gap="md">
      <BackButton fallback={`/t/${tenantId}/dashboard`} />
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
            {/* An empty board has them in its empty state, once. */}
            {empty ? null : (
              <SuggestionButtons
                tenantId={tenantId}
                canEdit={canEdit}
                onSuggest={() => setSuggesting(true)}
              />
            )}
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
      {empty ? (
        <BoardEmpty tenantId={tenantId} canEdit={canEdit} onSuggest={() => setSuggesting(true)} />
      ) : (
        <>
          <BoardFilters
            tasks={tasks}
            search={search}
            categories={effective.categories ?? []}
            categoryOptions={categoryOptions}
            canReadTeams={tenant?.permissions.has("survey.read") ?? false}
            onChange={set}
          />
          <Text size="sm" aria-live="polite">
            <Trans>
              Showing {shown.length} of {tasks.length} tasks
            </Trans>
          </Text>
          {shown.length === 0 && hasFilters(effective) ? (
            <BoardNoMatch onClear={clearFilters} />
          ) : (
            <BoardColumns
              columns={columns}
              columnName={columnName}
              canEdit={canEdit}
              free={free}
              onAdd={(preset) => setEditing({ task: null, category: preset })}
              onEdit={(task) => setEditing({ task, category: null })}
            />
          )}
        </>
      )}
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
