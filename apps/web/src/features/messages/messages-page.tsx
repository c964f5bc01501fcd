import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconPinFilled, IconRefresh } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { PageTitle } from "../../components/page-title";
import { errorMessage } from "../../lib/api-error";
import { formatDateTime } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { MessageBody } from "./message-body";
import { CATEGORY_COLORS, CATEGORY_LABELS, MESSAGE_ERRORS } from "./message-labels";

/**
 * Document 3 §2: the published messages, sticky first, then newest first (the server's order).
 * Opening the page stores now as the user's latest-messages-read, which clears the menu's count.
 */
export function MessagesPage() {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.messageCenter.list.queryOptions());
  const { mutate: markRead } = useMutation(
    trpc.messageCenter.markRead.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.messageCenter.latest.queryKey() }),
    }),
  );
  useEffect(() => markRead(), [markRead]);
  const messages = query.data ?? [];
  return (
    <Stack gap="md">
      <PageTitle title={t`Messages`} />
      {query.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(query.error, MESSAGE_ERRORS.loading)}
        </Alert>
      ) : null}
      {query.isSuccess && messages.length === 0 ? (
        <Stack align="center" gap="sm" py="xl">
          <Text c="dimmed">
            <Trans>No messages yet.</Trans>
          </Text>
          <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={() => query.refetch()}>
            <Trans>Reload</Trans>
          </Button>
        </Stack>
      ) : null}
      {query.isError ? (
        <Group>
          <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={() => query.refetch()}>
            <Trans>Reload</Trans>
          </Button>
        </Group>
      ) : null}
      {messages.map((message) => (
        <Card
          key={message.id}
          withBorder
          padding="md"
          component="article"
          aria-labelledby={`message-${message.id}`}
        >
          <Stack gap="xs">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                {message.sticky ? <IconPinFilled size={18} aria-label={t`Pinned`} role="img" /> : null}
                <Title order={2} size="h4" id={`message-${message.id}`} className="break-anywhere">
                  {message.title}
                </Title>
              </Group>
              <Badge variant="light" color={CATEGORY_COLORS[message.category]} style={{ flexShrink: 0 }}>
                {i18n._(CATEGORY_LABELS[message.category])}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {formatDateTime(message.createdAt)} · {message.author}
            </Text>
            <MessageBody text={message.message} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
