import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconFilterOff, IconSparkles } from "@tabler/icons-react";
import { FindingSuggestionsButton } from "./finding-suggestions";

/** The board's two ways in to suggestions: help with the surveys, and tasks from the latest results. */
export function SuggestionButtons({
  tenantId,
  canEdit,
  onSuggest,
}: {
  tenantId: string;
  canEdit: boolean;
  onSuggest: () => void;
}) {
  const { t } = useLingui();
  return (
    <>
      {canEdit ? (
        <Button variant="light" leftSection={<IconSparkles size={16} aria-hidden />} onClick={onSuggest}>
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
    </>
  );
}

/**
 * A board without a single task (issue 18.7): one empty state with the ways in to suggestions
 * instead of every column showing "0 % done". The page title keeps its "Add task".
 */
export function BoardEmpty({
  tenantId,
  canEdit,
  onSuggest,
}: {
  tenantId: string;
  canEdit: boolean;
  onSuggest: () => void;
}) {
  return (
    <Card withBorder padding="xl" radius="md" component="section" aria-labelledby="tasks-empty-title">
      <Stack align="center" gap="sm" ta="center">
        <Title order={2} size="h4" id="tasks-empty-title">
          <Trans>No tasks yet</Trans>
        </Title>
        <Text c="dark.4" maw={560}>
          {canEdit ? (
            <Trans>
              Start from a suggestion: tasks that help you run the surveys, or tasks for the weaknesses and
              opportunities in your latest results.
            </Trans>
          ) : (
            <Trans>
              Tasks appear here once an administrator of the organisation adds them. Meanwhile you can look at
              the tasks suggested by your latest results.
            </Trans>
          )}
        </Text>
        <Group gap="sm" justify="center">
          <SuggestionButtons tenantId={tenantId} canEdit={canEdit} onSuggest={onSuggest} />
        </Group>
      </Stack>
    </Card>
  );
}

/** Tasks exist but the filters let none through: said once, with the way out. */
export function BoardNoMatch({ onClear }: { onClear: () => void }) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack align="center" gap="sm" ta="center">
        <Text fw={500} role="status">
          <Trans>No task matches the filters</Trans>
        </Text>
        <Button variant="light" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={onClear}>
          <Trans>Clear filters</Trans>
        </Button>
      </Stack>
    </Card>
  );
}
