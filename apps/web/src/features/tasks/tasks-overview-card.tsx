import { Trans, useLingui } from "@lingui/react/macro";
import { Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { ButtonLink } from "../../components/links";
import { useTRPC } from "../../lib/trpc";
import { useCurrentTenant } from "../../lib/use-me";

/**
 * The dashboard's tasks card (document 2 §2, document 3 §2): real counts by status, a link to the
 * board, and the go-to-surveys button only for an account admin when every task is done.
 */
export function TasksOverviewCard({ tenantId }: { tenantId: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const tenant = useCurrentTenant(tenantId);
  const { data, isPending } = useQuery(trpc.task.list.queryOptions());
  const total = data?.length ?? 0;
  const done = data?.filter((task) => task.status === "DONE").length ?? 0;
  const open = total - done;
  const isAdmin = tenant?.roles.includes("tenant_admin") ?? false;
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>Tasks</Trans>
        </Title>
        {isPending ? (
          <Loader size="sm" aria-label={t`Loading tasks`} />
        ) : total === 0 ? (
          <Text size="sm">
            <Trans>No tasks yet. Tasks made from survey results and suggestions appear here.</Trans>
          </Text>
        ) : (
          <Group gap="xl">
            <div>
              <Text size="xl" fw={700} data-testid="tasks-open">
                {open}
              </Text>
              <Text size="sm">
                <Trans>Open</Trans>
              </Text>
            </div>
            <div>
              <Text size="xl" fw={700} data-testid="tasks-done">
                {done}
              </Text>
              <Text size="sm">
                <Trans>Done</Trans>
              </Text>
            </div>
          </Group>
        )}
        <Group>
          <ButtonLink to="/t/$tenantId/tasks" params={{ tenantId }} variant="light">
            <Trans>Open the task board</Trans>
          </ButtonLink>
          {isAdmin && total > 0 && open === 0 ? (
            <ButtonLink to="/t/$tenantId/analyses" params={{ tenantId }}>
              <Trans>Go to surveys</Trans>
            </ButtonLink>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
