import { HELLO_MSG_MAX } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Button, Card, Group, Stack, Text, Textarea, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../lib/api-error";
import { formatDateTime } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";

/**
 * Notes on the work-task page (document 3 §7 "hello" calls; docs/decisions.md "Work tasks"): short
 * messages to everyone working on the organisation's tasks, newest first. Members who change work
 * tasks write them; the author or an admin deletes one.
 */
export function HelloNotes({
  userId,
  canWrite,
  canManage,
}: {
  userId: string;
  canWrite: boolean;
  canManage: boolean;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notes = useQuery(trpc.hello.list.queryOptions());
  const [text, setText] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.hello.list.queryKey() });
  const onError = (error: unknown) => notifications.show({ color: "red", message: errorMessage(error) });
  const add = useMutation(
    trpc.hello.create.mutationOptions({
      onSuccess: () => {
        setText("");
        void refresh();
      },
      onError,
    }),
  );
  const remove = useMutation(trpc.hello.delete.mutationOptions({ onSuccess: () => void refresh(), onError }));

  return (
    <Card component="section" aria-labelledby="hello-notes-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="hello-notes-title">
          <Trans>Notes</Trans>
        </Title>
        {canWrite ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (text.trim()) add.mutate({ msg: text.trim() });
            }}
          >
            <Group align="flex-end" gap="sm" wrap="wrap">
              <Textarea
                label={t`New note`}
                placeholder={t`A short note for everyone working on the tasks`}
                autosize
                minRows={1}
                maxLength={HELLO_MSG_MAX}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                style={{ flex: "1 1 16rem" }}
              />
              <Button type="submit" loading={add.isPending} disabled={!text.trim()}>
                <Trans>Post</Trans>
              </Button>
            </Group>
          </form>
        ) : null}
        {notes.data?.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No notes yet.</Trans>
          </Text>
        ) : null}
        {notes.isError ? (
          <Text size="sm" c="red.9" role="alert">
            {errorMessage(notes.error)}
          </Text>
        ) : null}
        <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {(notes.data ?? []).map((note) => (
            <Group
              key={note.id}
              component="li"
              justify="space-between"
              align="flex-start"
              wrap="nowrap"
              gap="xs"
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" className="break-anywhere" style={{ whiteSpace: "pre-wrap" }}>
                  {note.msg}
                </Text>
                <Text size="xs" c="dimmed">
                  {note.author || t`Former member`} ·{" "}
                  <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
                </Text>
              </Stack>
              {canManage || note.authorUserId === userId ? (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t`Delete note`}
                  loading={remove.isPending && remove.variables?.id === note.id}
                  onClick={() => remove.mutate({ id: note.id })}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              ) : null}
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
