import { addDays, dayOf, ONBOARDING_TASK_DUE_DAYS, type StaticTaskType } from "@kunto/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Alert, Badge, Button, Card, Checkbox, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCheck } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../lib/api-error";
import { trpcClient, useTRPC } from "../../lib/trpc";
import { PRIORITY_LABELS } from "./task-labels";
import { inParallel, type Suggestion, textIn } from "./task-model";

type SuggestionType = Extract<StaticTaskType, "report" | "personnel_help" | "management_help">;

/**
 * Creates tasks from suggestions with at most 3 requests in flight (document 3 §7), each with the
 * suggestion's texts in the interface language. Answers how many were created and whether the plan's
 * cap cut the rest.
 */
export async function createFromSuggestions(
  suggestions: readonly Suggestion[],
  options: { surveyKey?: string; dueDate?: string | null } = {},
): Promise<{ created: number; capped: boolean; failed: number }> {
  const results = await inParallel(suggestions, (s) =>
    trpcClient.task.create.mutate({
      staticTaskId: s.id,
      name: textIn(s.name),
      description: textIn(s.description) || null,
      ...(options.surveyKey ? { surveyKey: options.surveyKey } : {}),
      ...(options.dueDate !== undefined ? { dueDate: options.dueDate } : {}),
    }),
  );
  const rejected = results.filter((r) => r.status === "rejected");
  const capped = rejected.some((r) => /plan_required/.test(String((r.reason as Error)?.message)));
  return {
    created: results.length - rejected.length,
    capped,
    failed: rejected.length,
  };
}

/**
 * The simple onboarding's "generate tasks" step (document 2 §7 "Simple onboarding payloads"): every
 * suggestion of the help types not yet created, due today + 30 days, within the plan's cap.
 */
export async function generateSuggestedTasks(
  options: { types?: SuggestionType[]; today?: string } = {},
): Promise<{ created: number; capped: boolean; failed: number }> {
  const types = options.types ?? ["personnel_help", "management_help"];
  const list = await trpcClient.task.suggestions.query({ types });
  const open = list.suggestions.filter((s) => !s.created);
  const room = list.limit === null ? open.length : Math.max(0, list.limit - list.used);
  const dueDate = addDays(options.today ?? dayOf(new Date()), ONBOARDING_TASK_DUE_DAYS);
  const result = await createFromSuggestions(open.slice(0, room), { dueDate });
  return { ...result, capped: result.capped || room < open.length };
}

/**
 * Suggested tasks as a card: the survey-created view (with the survey's key: due date = its end + 7)
 * and onboarding step 6 (the help types). Created suggestions show as created; the selection is cut
 * to the plan's cap with a plan notification (document 3 §5).
 */
export function SuggestedTasksCard({
  tenantId,
  surveyKey,
  types,
  onDone,
}: {
  tenantId: string;
  surveyKey?: string;
  types?: SuggestionType[];
  onDone?: () => void;
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(
    trpc.task.suggestions.queryOptions({
      types: types ?? ["personnel_help", "management_help"],
      ...(surveyKey ? { surveyKey } : {}),
    }),
  );
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [capNotice, setCapNotice] = useState(false);
  void tenantId;
  if (query.isPending) return <Loader size="sm" aria-label={t`Loading suggested tasks`} />;
  // A failed load is only logged (document 3 §8); the card then stays out of the way.
  if (query.isError) {
    console.error(query.error);
    return null;
  }
  const { suggestions, limit, used, dueDate } = query.data;
  const room = limit === null ? Number.POSITIVE_INFINITY : Math.max(0, limit - used);
  const toggle = (id: string, on: boolean) => {
    const next = on ? [...selected, id] : selected.filter((s) => s !== id);
    // Extras beyond the plan's cap are cut, with the plan notification.
    if (next.length > room) {
      setCapNotice(true);
      setSelected(next.slice(0, room));
    } else setSelected(next);
  };
  const create = async () => {
    setBusy(true);
    try {
      const chosen = suggestions.filter((s) => selected.includes(s.id));
      const result = await createFromSuggestions(chosen, { surveyKey, dueDate });
      if (result.capped) setCapNotice(true);
      if (result.created > 0)
        notifications.show({ color: "green", message: t`The suggested tasks were saved` });
      if (result.failed > 0 && !result.capped)
        notifications.show({ color: "red", message: t`Saving the task failed.` });
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: trpc.task.pathKey() });
      onDone?.();
    } catch (error) {
      notifications.show({ color: "red", message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>Suggested tasks</Trans>
        </Title>
        <Text size="sm">
          <Trans>Choose the tasks to add to your task board.</Trans>
          {dueDate ? (
            <>
              {" "}
              <Trans>They are due a week after the survey ends.</Trans>
            </>
          ) : null}
        </Text>
        {limit !== null ? (
          <Text size="sm">
            <Plural
              value={Math.max(0, limit - used)}
              one="Your plan allows # more suggested task."
              other="Your plan allows # more suggested tasks."
            />
          </Text>
        ) : null}
        {capNotice ? (
          <Alert color="yellow" variant="light" title={t`Plan limit reached`}>
            <Trans>
              Your plan includes at most {limit} suggested tasks. Upgrade the plan to add more tasks.
            </Trans>
          </Alert>
        ) : null}
        {suggestions.length === 0 ? (
          <Text size="sm">
            <Trans>No suggestions right now.</Trans>
          </Text>
        ) : (
          <Stack gap="xs">
            {suggestions.map((s) =>
              s.created ? (
                <Group key={s.id} gap="xs" wrap="nowrap">
                  <IconCheck size={16} aria-hidden />
                  <Text size="sm" className="break-anywhere">
                    {textIn(s.name)}
                  </Text>
                  <Badge variant="light" color="green">
                    <Trans>Created</Trans>
                  </Badge>
                </Group>
              ) : (
                <Checkbox
                  key={s.id}
                  checked={selected.includes(s.id)}
                  onChange={(e) => toggle(s.id, e.currentTarget.checked)}
                  label={textIn(s.name)}
                  description={`${i18n._(PRIORITY_LABELS[s.priority])} · ${textIn(s.description)}`}
                />
              ),
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button onClick={create} loading={busy} disabled={selected.length === 0}>
            <Plural value={selected.length} one="Create # task" other="Create # tasks" />
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
