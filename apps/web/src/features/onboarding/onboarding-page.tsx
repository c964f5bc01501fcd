import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, List, Stack, Stepper, Text } from "@mantine/core";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Navigate, useNavigate } from "@tanstack/react-router";
import { ButtonLink } from "../../components/links";
import { PageTitle } from "../../components/page-title";
import { tenantDetailsOf } from "../../components/tenant-details-fields";
import {
  isOnboardingOver,
  ONBOARDING_DISMISSED,
  ONBOARDING_KEY,
  onboardingStep,
  wizardStep,
} from "../../lib/onboarding";
import { useTRPC } from "../../lib/trpc";
import { SuggestedTasksCard } from "../tasks/suggested-tasks";
import { DetailsStep } from "./details-step";
import { StepCard } from "./step-card";
import { SurveyStep } from "./survey-step";
import { TeamsStep } from "./teams-step";

/**
 * The onboarding wizard (document 2 §2, §4): seven steps, each advance saved as the account value
 * 'onboarding' and the route replaced with the new step. The step comes from the route, else from
 * the stored value; a stored -1 (dismissed) or 7 (done) opens the dashboard instead.
 */
export function OnboardingPage({ tenantId, routeStep }: { tenantId: string; routeStep?: number }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: tenant } = useSuspenseQuery(trpc.tenant.current.queryOptions());
  const { data: values } = useSuspenseQuery(trpc.tenant.values.queryOptions());
  const stored = onboardingStep(values);
  const setValue = useMutation(trpc.tenant.setValue.mutationOptions());
  if (routeStep === undefined && isOnboardingOver(stored))
    return <Navigate to="/t/$tenantId/dashboard" params={{ tenantId }} replace />;
  const step = wizardStep(routeStep, stored);

  const save = async (value: number) => {
    await setValue.mutateAsync({ key: ONBOARDING_KEY, value: String(value) });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.tenant.values.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.user.me.queryKey() }),
    ]);
  };
  const advance = async () => {
    const next = step + 1;
    await save(next);
    await navigate({
      to: "/t/$tenantId/onboarding",
      params: { tenantId },
      search: { step: next },
      replace: true,
    });
  };
  const dismiss = async () => {
    await save(ONBOARDING_DISMISSED);
    await navigate({ to: "/t/$tenantId/dashboard", params: { tenantId } });
  };
  const labels = [
    t`Company details`,
    t`Introduction`,
    t`Teams`,
    t`Personnel survey`,
    t`Management survey`,
    t`Suggested tasks`,
    t`All done`,
  ];
  const tenantName = tenant.name;

  return (
    <Stack maw={860} mx="auto" w="100%">
      <PageTitle
        title={t`Set up ${tenantName}`}
        description={<Trans>Welcome to Kunto! Step {step} of 7.</Trans>}
      />
      <Stepper
        active={step - 1}
        size="sm"
        allowNextStepsSelect={false}
        aria-label={t`Set-up steps`}
        visibleFrom="sm"
      >
        {labels.map((label) => (
          <Stepper.Step key={label} label={label} />
        ))}
      </Stepper>
      <Text hiddenFrom="sm" fw={600}>
        {labels[step - 1]}
      </Text>
      {step === 1 ? (
        <StepCard title={t`Company details`} text={t`Start by checking your company details.`}>
          <DetailsStep
            initial={tenantDetailsOf(tenant)}
            dunsLocked={Boolean(tenant.dunsNumber)}
            onDone={advance}
          />
        </StepCard>
      ) : step === 2 ? (
        <StepCard title={t`How Kunto works`}>
          <List spacing="xs">
            <List.Item>
              <Trans>Your staff answer a personnel survey and your management a management survey.</Trans>
            </List.Item>
            <List.Item>
              <Trans>
                The answers become the Company Fitness Index, the culture analysis and the input map.
              </Trans>
            </List.Item>
            <List.Item>
              <Trans>The findings turn into improvement tasks that you follow up on the tasks screen.</Trans>
            </List.Item>
          </List>
          <Text size="sm" c="dimmed">
            <Trans>Next you create your teams and your first surveys. It takes about five minutes.</Trans>
          </Text>
          <Group justify="space-between">
            <Button variant="subtle" color="gray" onClick={() => void dismiss()} loading={setValue.isPending}>
              <Trans>Skip the set-up</Trans>
            </Button>
            <Button onClick={() => void advance()} loading={setValue.isPending}>
              <Trans>Continue</Trans>
            </Button>
          </Group>
        </StepCard>
      ) : step === 3 ? (
        <TeamsStep tenantId={tenantId} onDone={advance} />
      ) : step === 4 ? (
        <SurveyStep key="PERSONNEL" tenantId={tenantId} type="PERSONNEL" onDone={advance} />
      ) : step === 5 ? (
        <SurveyStep key="MANAGEMENT" tenantId={tenantId} type="MANAGEMENT" onDone={advance} />
      ) : step === 6 ? (
        <StepCard
          title={t`Suggested tasks`}
          text={t`Pick improvement tasks to start with. You can add, change and remove tasks later on the tasks screen.`}
        >
          <SuggestedTasksCard tenantId={tenantId} types={["personnel_help", "management_help"]} />
          <Group justify="flex-end">
            <Button onClick={() => void advance()} loading={setValue.isPending}>
              <Trans>Continue</Trans>
            </Button>
          </Group>
        </StepCard>
      ) : (
        <StepCard
          title={t`All done`}
          text={t`Your organisation is set up. Follow the answers on the dashboard and the improvement work on the tasks screen.`}
        >
          <Group justify="flex-end">
            <ButtonLink to="/t/$tenantId/tasks" params={{ tenantId }}>
              <Trans>Go to the tasks</Trans>
            </ButtonLink>
          </Group>
        </StepCard>
      )}
    </Stack>
  );
}
