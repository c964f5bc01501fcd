import { dayOf, isPaid, PLAN_LIMITS, type SurveyType } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Button,
  Card,
  CopyButton,
  Group,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { PageTitle } from "../../components/page-title";
import { ONBOARDING_KEY, ONBOARDING_STEPS } from "../../lib/onboarding";
import { useTRPC, useTRPCClient } from "../../lib/trpc";
import { useCurrentTenant } from "../../lib/use-me";
import { SURVEY_TYPE_LABELS, TEAM_TYPE_LABELS } from "../surveys/survey-labels";
import { generateSuggestedTasks } from "../tasks/suggested-tasks";
import {
  type CreatedSurvey,
  runSimpleOnboarding,
  type SimpleOnboardingCalls,
  type SimpleOnboardingStage,
} from "./simple-onboarding-engine";

type State =
  | { kind: "lander" }
  | { kind: "working"; stage: SimpleOnboardingStage }
  | { kind: "done"; surveys: CreatedSurvey[] }
  | { kind: "skipped" }
  | { kind: "error" };

const STAGE_PROGRESS: Record<SimpleOnboardingStage, number> = {
  checking: 10,
  teams: 35,
  surveys: 60,
  shares: 85,
  tasks: 95,
};

/**
 * The simple onboarding (document 2 §2): a lander with skip and start; on start the engine creates a
 * team, a survey and a share of each type and this page shows a card per survey with its link.
 * Skip opens the dashboard with onboardingSuccess false, complete with true. Shown to a new
 * organisation's admin right after creating it (docs/decisions.md "Onboarding").
 */
export function SimpleOnboardingPage({ tenantId }: { tenantId: string }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const tenant = useCurrentTenant(tenantId);
  const [state, setState] = useState<State>({ kind: "lander" });
  const setValue = useMutation(trpc.tenant.setValue.mutationOptions());
  const finish = async (onboardingSuccess: boolean) => {
    // Completed: the wizard has nothing left to offer (a stored 7 sends it to the dashboard).
    if (onboardingSuccess)
      await setValue.mutateAsync({ key: ONBOARDING_KEY, value: String(ONBOARDING_STEPS) });
    await queryClient.invalidateQueries();
    await navigate({ to: "/t/$tenantId/dashboard", params: { tenantId }, search: { onboardingSuccess } });
  };

  const start = async () => {
    setState({ kind: "working", stage: "checking" });
    const calls: SimpleOnboardingCalls = {
      hasExisting: async () => {
        const [teams, surveys, tasks] = await Promise.all([
          client.team.lite.query(),
          client.survey.list.query(),
          client.task.list.query(),
        ]);
        return teams.length > 0 || surveys.length > 0 || tasks.length > 0;
      },
      createTeam: (input) => client.team.create.mutate(input),
      createSurvey: (input) => client.survey.create.mutate(input),
      createShare: (input) => client.surveyShare.create.mutate(input),
      // Every suggestion of the help types, due today + 30 days, within the plan's cap.
      generateTasks: async () => {
        await generateSuggestedTasks();
      },
    };
    try {
      const result = await runSimpleOnboarding(calls, {
        today: dayOf(new Date()),
        teamName: (type) => i18n._(TEAM_TYPE_LABELS[type]),
        onStage: (stage) => setState({ kind: "working", stage }),
        log: (error) => console.error(error),
      });
      await queryClient.invalidateQueries({ queryKey: trpc.survey.pathKey() });
      setState(result.status === "skipped" ? { kind: "skipped" } : { kind: "done", surveys: result.surveys });
    } catch (error) {
      console.error(error);
      setState({ kind: "error" });
    }
  };
  const free = tenant ? !isPaid(tenant.plan) : true;

  return (
    <Stack maw={860} mx="auto" w="100%">
      <PageTitle title={t`Welcome to Kunto`} />
      {state.kind === "lander" ? (
        <Card withBorder padding="xl">
          <Stack gap="md">
            <Title order={2} size="h3">
              <Trans>Start measuring in two minutes</Trans>
            </Title>
            <Text>
              <Trans>
                We create a personnel team and a management team and a survey for each, running for five days.
                You get a link per survey to share with your people.
              </Trans>
            </Text>
            <Group justify="space-between">
              <Button variant="subtle" color="gray" onClick={() => void finish(false)}>
                <Trans>Skip</Trans>
              </Button>
              <Button onClick={() => void start()}>
                <Trans>Start</Trans>
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : state.kind === "working" ? (
        <Card withBorder padding="xl" aria-busy="true">
          <Stack gap="md" align="center">
            <Loader aria-hidden="true" />
            <Text role="status">
              <Trans>Setting up your teams and surveys…</Trans>
            </Text>
            <Progress value={STAGE_PROGRESS[state.stage]} w="100%" aria-label={t`Progress`} />
          </Stack>
        </Card>
      ) : state.kind === "error" ? (
        <Alert color="red" title={t`The set-up could not be completed`} role="alert">
          <Stack gap="sm">
            <Text size="sm">
              <Trans>Check your connection and try again.</Trans>
            </Text>
            <Group>
              <Button color="red" variant="light" onClick={() => void start()}>
                <Trans>Try again</Trans>
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : state.kind === "skipped" ? (
        <Card withBorder padding="xl">
          <Stack gap="md">
            <Text>
              <Trans>Your organisation already has teams or surveys, so nothing new was created.</Trans>
            </Text>
            <Group justify="flex-end">
              <Button onClick={() => void finish(false)}>
                <Trans>Go to the dashboard</Trans>
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {state.surveys.map((created) => (
              <SurveyLinkCard key={created.survey.key} created={created} />
            ))}
          </SimpleGrid>
          {free ? (
            <Text size="sm" c="dimmed">
              <Trans>
                On the free plan a survey takes at most {PLAN_LIMITS.FREE.answerers} answers and reports show
                one team at a time.
              </Trans>
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button onClick={() => void finish(true)}>
              <Trans>Complete</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

function SurveyLinkCard({ created }: { created: CreatedSurvey }) {
  const { t, i18n } = useLingui();
  const url = created.share.links[0]?.url ?? "";
  const label = i18n._(SURVEY_TYPE_LABELS[created.type as SurveyType]);
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {label}
        </Title>
        <Text size="sm" className="break-anywhere">
          {url}
        </Text>
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
              aria-label={t`Copy link: ${label}`}
            >
              {copied ? <Trans>Link copied</Trans> : <Trans>Copy link</Trans>}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Card>
  );
}
