import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconBulb, IconCheck, IconPlus } from "@tabler/icons-react";
import { useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../lib/api-error";
import { trpcClient, useTRPC } from "../../lib/trpc";
import { useCurrentTenant } from "../../lib/use-me";
import { BandBadge } from "../reports/report-parts";
import { PRIORITY_LABELS } from "./task-labels";
import { type Suggestion, textIn } from "./task-model";

type Source = { surveyKeys: string[]; category?: string; question?: string } | { latest: true };

/**
 * Suggested tasks that answer findings (issue 18.1): for the named surveys (and one category with
 * its subcategories) or for the account's newest surveys, weakest finding first, each with its band,
 * value and a "Create task" that fills in category, question, origin survey and due date (the
 * survey's end + 7). A created one shows as created; the plan's cap answers with an upgrade notice.
 */
export function FindingSuggestions({ tenantId, source }: { tenantId: string; source: Source }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tenant = useCurrentTenant(tenantId);
  const canEdit = tenant?.permissions.has("task.write") ?? false;
  const inputs =
    "latest" in source
      ? [{ latest: true as const }]
      : source.surveyKeys.map((surveyKey) => ({
          types: ["report" as const],
          surveyKey,
          ...(source.category ? { category: source.category } : {}),
          ...(source.question ? { question: source.question } : {}),
        }));
  const results = useQueries({ queries: inputs.map((input) => trpc.task.suggestions.queryOptions(input)) });
  const { data: categories } = useQuery(trpc.task.categories.queryOptions());
  const [busy, setBusy] = useState<string | null>(null);
  const [capped, setCapped] = useState(false);
  if (results.some((r) => r.isPending)) return <Loader size="sm" aria-label={t`Loading suggested tasks`} />;
  const failed = results.find((r) => r.isError);
  if (failed)
    return (
      <Alert color="red" variant="light">
        {errorMessage(failed.error)}
      </Alert>
    );
  const seen = new Set<string>();
  const list = results
    .flatMap((r) => r.data?.suggestions ?? [])
    .filter((s) => s.finding && !seen.has(s.id) && seen.add(s.id))
    .sort((a, b) => (a.finding?.value ?? 0) - (b.finding?.value ?? 0));
  const categoryName = (engineName: string) => {
    const found = categories?.find((c) => c.engineName === engineName);
    return found ? textIn(found.name) : engineName;
  };
  const create = async (s: Suggestion) => {
    if (!s.finding) return;
    setBusy(s.id);
    try {
      await trpcClient.task.create.mutate({
        staticTaskId: s.id,
        name: textIn(s.name),
        description: textIn(s.description) || null,
        surveyKey: s.finding.surveyKey,
        dueDate: s.finding.dueDate,
      });
      notifications.show({ color: "green", message: t`The task was created. It is on the task board.` });
      await queryClient.invalidateQueries({ queryKey: trpc.task.pathKey() });
    } catch (error) {
      if (/plan_required/.test(String((error as Error)?.message))) setCapped(true);
      else notifications.show({ color: "red", message: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };
  if (list.length === 0)
    return (
      <Text size="sm">
        <Trans>
          No suggested tasks for these results. Suggestions follow the categories' released results.
        </Trans>
      </Text>
    );
  return (
    <Stack gap="sm">
      {capped ? (
        <Alert color="yellow" variant="light" title={t`Plan limit reached`}>
          <Trans>
            Your plan's limit of tasks from suggestions is reached. Upgrade the plan to add more tasks.
          </Trans>
        </Alert>
      ) : null}
      <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {list.map((s) => (
          <li key={s.id}>
            <Stack gap={4}>
              <Group gap="xs" wrap="wrap">
                <Text fw={600} size="sm" className="break-anywhere">
                  {textIn(s.name)}
                </Text>
                {s.finding ? <BandBadge band={s.finding.band} /> : null}
              </Group>
              {s.finding ? (
                <Text size="xs" c="dark.5">
                  {t`${categoryName(s.finding.category)}: ${Math.round(s.finding.value)} %`} ·{" "}
                  {i18n._(PRIORITY_LABELS[s.priority])}
                </Text>
              ) : null}
              {textIn(s.description) ? (
                <Text size="sm" className="break-anywhere">
                  {textIn(s.description)}
                </Text>
              ) : null}
              <Group gap="xs">
                {s.created ? (
                  <Badge variant="light" color="green" leftSection={<IconCheck size={12} aria-hidden />}>
                    <Trans>Created</Trans>
                  </Badge>
                ) : canEdit ? (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconPlus size={14} aria-hidden />}
                    loading={busy === s.id}
                    disabled={busy !== null && busy !== s.id}
                    onClick={() => void create(s)}
                    aria-label={t`Create task: ${textIn(s.name)}`}
                  >
                    <Trans>Create task</Trans>
                  </Button>
                ) : null}
              </Group>
            </Stack>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

/** A button that opens the finding suggestions in a dialog (category cards, the board). */
export function FindingSuggestionsButton({
  tenantId,
  source,
  label,
  title,
  testId,
}: {
  tenantId: string;
  source: Source;
  label: string;
  title: string;
  testId?: string;
}) {
  const { t } = useLingui();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconBulb size={16} aria-hidden />}
        onClick={open}
        data-testid={testId}
      >
        {label}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={title}
        closeButtonProps={{ "aria-label": t`Close` }}
        size="lg"
      >
        {opened ? <FindingSuggestions tenantId={tenantId} source={source} /> : null}
      </Modal>
    </>
  );
}
