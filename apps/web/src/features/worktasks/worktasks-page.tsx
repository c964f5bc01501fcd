import { WORK_TASK_STATUSES, type WorkTaskStatus } from "@kunto/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Box,
  Button,
  Card,
  Center,
  Group,
  Loader,
  MultiSelect,
  Select,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { LoadFailed } from "../../components/load-failed";
import { PageTitle } from "../../components/page-title";
import { DebouncedSearchInput } from "../../components/search-input";
import { TablePagination } from "../../components/table-pagination";
import { ActionsHeaderCell, EmptyTableRow } from "../../components/table-parts";
import { errorMessage } from "../../lib/api-error";
import { formatDate } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { useCurrentTenant, useMe } from "../../lib/use-me";
import { HelloNotes } from "./hello-notes";
import { WorkTaskDialog } from "./worktask-dialog";
import { personName, STATUS_LABELS, StatusLabel, type WorkTask } from "./worktask-labels";
import { FIRST_STATE, type ListState, pagedInput, SORTS, type Sort } from "./worktasks-query";

/**
 * The work-task list (document 3 §2 "Work tasks page"): status and employee filters, a debounced
 * search, a table paged by the server (50 / 100 / 500 / all) and the create / edit dialog. Basic
 * members see their own tasks; admins all (§6, enforced by the server).
 */
export function WorkTasksPage({ tenantId }: { tenantId: string }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useMe();
  const tenant = useCurrentTenant(tenantId);
  const canManage = tenant?.permissions.has("worktask.manage") ?? false;
  const canWrite = tenant?.permissions.has("worktask.write") ?? false;
  const [state, setState] = useState<ListState>(FIRST_STATE);
  const [editing, setEditing] = useState<WorkTask | "new" | null>(null);
  const [deleting, setDeleting] = useState<WorkTask | null>(null);
  const deletingTitle = deleting?.title ?? "";
  const list = useQuery({
    ...trpc.workTask.paged.queryOptions(pagedInput(state)),
    placeholderData: keepPreviousData,
  });
  const assignees = useQuery(trpc.workTask.assignees.queryOptions());
  const remove = useMutation(
    trpc.workTask.delete.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: "green", message: t`Work task deleted` });
        setDeleting(null);
        void queryClient.invalidateQueries({ queryKey: trpc.workTask.pathKey() });
      },
      onError: (error) => notifications.show({ color: "red", message: errorMessage(error) }),
    }),
  );
  const change = (patch: Partial<ListState>) => setState((s) => ({ ...s, page: 1, ...patch }));
  const sortLabels: Record<Sort, string> = {
    "createdAt:DESC": t`Newest first`,
    "createdAt:ASC": t`Oldest first`,
    "title:ASC": t`Title`,
    "status:ASC": t`Status`,
    "assignedUser:ASC": t`Assignee`,
  };
  const columns = { status: t`Status`, assignee: t`Assignee`, assigner: t`Assigned by`, created: t`Created` };
  const total = list.data?.totalElements ?? 0;
  const mayDelete = (task: WorkTask) => canManage || (canWrite && task.assignedUserId === me.id);

  return (
    <Stack gap="lg">
      <PageTitle
        title={t`Work tasks`}
        description={canManage ? undefined : <Trans>The tasks assigned to you or made by you.</Trans>}
        actions={
          canManage ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing("new")}>
              <Trans>New work task</Trans>
            </Button>
          ) : null
        }
      />
      <Card p={0}>
        <Stack gap="xs" p="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <DebouncedSearchInput
              wordPrefix
              value={state.search}
              onSearch={(search) => change({ search })}
              style={{ flex: "1 1 14rem" }}
            />
            <MultiSelect
              label={t`Status`}
              data={WORK_TASK_STATUSES.map((s) => ({ value: s, label: i18n._(STATUS_LABELS[s]) }))}
              value={state.statuses}
              onChange={(v) => change({ statuses: v as WorkTaskStatus[] })}
              placeholder={state.statuses.length ? undefined : t`All statuses`}
              clearable
              style={{ flex: "1 1 14rem" }}
            />
            <MultiSelect
              label={t`Employee`}
              data={(assignees.data ?? []).map((a) => ({ value: a.id, label: personName(a) }))}
              value={state.assignees}
              onChange={(assigneeIds) => change({ assignees: assigneeIds })}
              placeholder={state.assignees.length ? undefined : t`Everyone`}
              searchable
              clearable
              style={{ flex: "1 1 12rem" }}
            />
            <Select
              label={t`Sort by`}
              data={SORTS.map((s) => ({ value: s, label: sortLabels[s] }))}
              value={state.sort}
              allowDeselect={false}
              onChange={(v) => change({ sort: (v as Sort | null) ?? FIRST_STATE.sort })}
              style={{ flex: "0 1 10rem" }}
            />
          </Group>
          <Text size="sm" c="dimmed" aria-live="polite">
            <Plural value={total} one="# work task" other="# work tasks" />
          </Text>
        </Stack>
        {list.data ? (
          <div aria-busy={list.isFetching}>
            <Box>
              <Table fz="sm" verticalSpacing="sm" striped highlightOnHover className="stack-when-narrow">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t`Title`}</Table.Th>
                    <Table.Th scope="col">{columns.status}</Table.Th>
                    <Table.Th scope="col">{columns.assignee}</Table.Th>
                    <Table.Th scope="col">{columns.assigner}</Table.Th>
                    <Table.Th scope="col">{columns.created}</Table.Th>
                    <ActionsHeaderCell w={56} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.content.length === 0 ? (
                    <EmptyTableRow colSpan={6}>
                      <Trans>No work tasks match the filters.</Trans>
                    </EmptyTableRow>
                  ) : (
                    list.data.content.map((task) => (
                      <Table.Tr key={task.id}>
                        <Table.Th scope="row" fw={500}>
                          {canWrite ? (
                            <UnstyledButton
                              onClick={() => setEditing(task)}
                              aria-label={t`Open work task ${task.title}`}
                              className="break-anywhere"
                            >
                              <Text size="sm" fw={500} c="blue.8" td="underline" span>
                                {task.title}
                              </Text>
                            </UnstyledButton>
                          ) : (
                            <Text size="sm" fw={500} span className="break-anywhere">
                              {task.title}
                            </Text>
                          )}
                          <Text size="xs" c="dimmed" lineClamp={2} className="break-anywhere">
                            {task.message}
                          </Text>
                        </Table.Th>
                        <Table.Td data-label={columns.status}>
                          <StatusLabel status={task.status} />
                        </Table.Td>
                        <Table.Td data-label={columns.assignee}>{personName(task.assignedUser)}</Table.Td>
                        <Table.Td data-label={columns.assigner}>{personName(task.assignerUser)}</Table.Td>
                        <Table.Td data-label={columns.created}>
                          <time dateTime={task.createdAt}>{formatDate(task.createdAt)}</time>
                        </Table.Td>
                        <Table.Td>
                          {mayDelete(task) ? (
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t`Delete work task ${task.title}`}
                              onClick={() => setDeleting(task)}
                            >
                              <IconTrash size={16} aria-hidden />
                            </ActionIcon>
                          ) : null}
                        </Table.Td>
                      </Table.Tr>
                    ))
                  )}
                </Table.Tbody>
              </Table>
            </Box>
            <TablePagination
              total={total}
              page={state.page}
              onPage={(page) => setState((s) => ({ ...s, page }))}
              pageSize={state.pageSize}
              onPageSize={(pageSize) => change({ pageSize })}
              withLabel
              withRange
            />
          </div>
        ) : list.isError ? (
          <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Center py="xl" aria-busy="true">
            <Loader size="sm" />
          </Center>
        )}
      </Card>
      <HelloNotes userId={me.id} canWrite={canWrite} canManage={canManage} />
      {editing ? (
        <WorkTaskDialog
          task={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          assignees={assignees.data ?? []}
          canAssign={canManage || (editing !== "new" && editing.assignerUserId === me.id)}
        />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={t`Delete work task`}
        message={t`Delete the work task “${deletingTitle}”? This cannot be undone.`}
        confirmLabel={t`Delete`}
        danger
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
