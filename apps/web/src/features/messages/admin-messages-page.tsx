import { ADMIN_PAGE_SIZES, MESSAGE_PREVIEW_LENGTH } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Alert, Badge, Button, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCheck, IconPlus, IconTrash } from "@tabler/icons-react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageTitle } from "../../components/page-title";
import { TablePagination } from "../../components/table-pagination";
import { ActionsHeaderCell, EmptyTableRow } from "../../components/table-parts";
import { errorMessage } from "../../lib/api-error";
import { formatDateTime } from "../../lib/format";
import type { PageSize } from "../../lib/pagination";
import { useTRPC } from "../../lib/trpc";
import { adminPageInput } from "./admin-query";
import { CATEGORY_COLORS, CATEGORY_LABELS, MESSAGE_ERRORS } from "./message-labels";

type Row = { id: string; title: string; preview: string; truncated: boolean };

/** Document 3 §2: every message, 50 a page, a row opens the editor, delete after a confirmation. */
export function AdminMessagesPage() {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(ADMIN_PAGE_SIZES[0]);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const deletingTitle = deleting?.title ?? null;
  const query = useQuery({
    ...trpc.messageCenter.admin.queryOptions(adminPageInput(page, pageSize)),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation(
    trpc.messageCenter.delete.mutationOptions({
      onSuccess: () => {
        setDeleting(null);
        return queryClient.invalidateQueries({ queryKey: trpc.messageCenter.pathKey() });
      },
      onError: (error) =>
        notifications.show({ color: "red", message: errorMessage(error, MESSAGE_ERRORS.deleting) }),
    }),
  );
  const open = (id: string) => navigate({ to: "/adminmessagecenter/message/$id", params: { id } });
  const items = query.data?.items ?? [];
  const check = (on: boolean, label: string) =>
    on ? <IconCheck size={18} aria-label={label} role="img" /> : null;
  return (
    <Stack gap="md">
      <PageTitle
        title={t`Message center`}
        actions={
          <Button component={Link} to="/adminmessagecenter/message/new" leftSection={<IconPlus size={16} />}>
            <Trans>New message</Trans>
          </Button>
        }
      />
      {query.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(query.error, MESSAGE_ERRORS.loading)}
        </Alert>
      ) : null}
      <div>
        {/* Below 36rem each row stacks, its cells named by their column (styles.css). */}
        <Table highlightOnHover className="stack-when-narrow">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Title</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Message</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Category</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Author</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Published</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Sticky</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Created</Trans>
              </Table.Th>
              <ActionsHeaderCell w={56} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((row) => (
              <Table.Tr key={row.id} onClick={() => open(row.id)} style={{ cursor: "pointer" }}>
                <Table.Td>
                  {/* The link makes the row's action reachable by keyboard and named for screen readers. */}
                  <Link
                    to="/adminmessagecenter/message/$id"
                    params={{ id: row.id }}
                    onClick={(event) => event.stopPropagation()}
                    className="break-anywhere"
                  >
                    {row.title}
                  </Link>
                </Table.Td>
                <Table.Td maw={320} data-label={t`Message`}>
                  <Text size="sm" className="break-anywhere">
                    {row.truncated ? `${row.preview.slice(0, MESSAGE_PREVIEW_LENGTH)}…` : row.preview}
                  </Text>
                </Table.Td>
                <Table.Td data-label={t`Category`}>
                  <Badge variant="light" color={CATEGORY_COLORS[row.category]}>
                    {i18n._(CATEGORY_LABELS[row.category])}
                  </Badge>
                </Table.Td>
                <Table.Td data-label={t`Author`}>{row.author}</Table.Td>
                <Table.Td data-label={t`Published`}>{check(row.published, t`Published`)}</Table.Td>
                <Table.Td data-label={t`Sticky`}>{check(row.sticky, t`Sticky`)}</Table.Td>
                <Table.Td data-label={t`Created`} style={{ whiteSpace: "nowrap" }}>
                  {formatDateTime(row.createdAt)}
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t`Delete ${row.title}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      setDeleting(row);
                    }}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
            {query.isSuccess && items.length === 0 ? (
              <EmptyTableRow colSpan={8}>
                <Trans>No messages yet.</Trans>{" "}
                <Link to="/adminmessagecenter/message/new">
                  <Trans>Create a message</Trans>
                </Link>
              </EmptyTableRow>
            ) : null}
          </Table.Tbody>
        </Table>
      </div>
      <TablePagination
        total={query.data?.total ?? 0}
        page={page}
        onPage={setPage}
        pageSize={pageSize}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        withRange
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={<Trans>Delete message</Trans>}
        message={deletingTitle === null ? "" : t`Delete the message “${deletingTitle}”?`}
        confirmLabel={<Trans>Delete</Trans>}
        danger
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
