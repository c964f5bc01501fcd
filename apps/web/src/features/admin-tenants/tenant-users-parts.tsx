import { msg } from "@lingui/core/macro";
import { Center, Group, Loader, ScrollArea, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { breakableLogin } from "../../components/email-text";
import { FormErrorAlert } from "../../components/form-errors";
import { type AvatarUser, UserAvatar } from "../../components/user-avatar";
import { displayName } from "../../lib/session";

/** Document 1 §8: loading users failed. */
const LOAD_FAILED = msg`Loading users was not successful. Please try again.`;
const LIST_HEIGHT = 460;

/** The part of a query result the columns read. */
export interface ListQuery<T> {
  data?: T[];
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

export function ColumnTitle({ title, count }: { title: ReactNode; count: ReactNode }) {
  return (
    <Group justify="space-between" align="baseline" gap="xs">
      <Title order={3} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {count}
      </Text>
    </Group>
  );
}

/** Loading, failure (document 1 §8) and empty states around a scrolling list. */
export function ColumnBody({
  query,
  empty,
  count,
  children,
}: {
  query: ListQuery<unknown>;
  empty: ReactNode;
  count?: number;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <Center h={120}>
        <Loader size="sm" />
      </Center>
    );
  }
  if (query.isError) return <FormErrorAlert error={query.error} fallback={LOAD_FAILED} />;
  if ((count ?? query.data?.length ?? 0) === 0) {
    return (
      <Text size="sm" c="dimmed" py="md">
        {empty}
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={LIST_HEIGHT} type="auto" offsetScrollbars>
      <Stack gap={0}>{children}</Stack>
    </ScrollArea.Autosize>
  );
}

export function UserRow({
  user,
  extra,
  action,
  dimmed,
}: {
  user: AvatarUser;
  extra?: ReactNode;
  action: ReactNode;
  dimmed?: boolean;
}) {
  const names = displayName({ ...user, email: null, username: null });
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      py={8}
      style={{ borderBottom: "1px solid var(--mantine-color-default-border)", opacity: dimmed ? 0.6 : 1 }}
    >
      <UserAvatar user={user} size={34} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500} className="break-anywhere">
          {breakableLogin(user.email ?? user.username)}
        </Text>
        {names ? (
          <Text size="xs" c="dimmed" className="break-anywhere">
            {names}
          </Text>
        ) : null}
        {extra}
      </Stack>
      {action}
    </Group>
  );
}
