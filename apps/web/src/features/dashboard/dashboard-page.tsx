import { Trans, useLingui } from "@lingui/react/macro";
import { Card, Group, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { ButtonLink } from "../../components/links";
import { withWholeCatalog } from "../../lib/i18n";
import { isOnboardingOpen, onboardingStep } from "../../lib/onboarding";
import { useTRPC } from "../../lib/trpc";
import { useCurrentTenant, useMe } from "../../lib/use-me";
import { FinancialDevelopmentChart } from "../financials/financial-chart";
import { NotificationAlerts } from "../notifications/notification-alerts";
import { LoopCard } from "../tasks/loop-card";
import { TasksOverviewCard } from "../tasks/tasks-overview-card";
import { BrandAccentContext, useDashboardBranding } from "./branding";
import { CultureCard } from "./culture-card";
import { DashboardTitle } from "./dashboard-title";
import { FitnessCard } from "./fitness-card";
import { HeadlineCard } from "./headline-card";
import { SurveyEmptyState } from "./survey-empty-state";

// Outside the first load, and so are its messages (`withWholeCatalog`).
const OnboardingSuccessDialog = lazy(withWholeCatalog(() => import("./onboarding-success-dialog")));

/**
 * The dashboard (document 2 §2 tenant_start): notifications, the Company Fitness Index and culture
 * of the latest answered personnel survey, the tasks overview and (paid plans, once financials
 * exist) the financial chart; the empty states; the dialog after a completed onboarding. By plan
 * (document 2 §6): FREE's limited dashboard has no comparison with earlier surveys, TOTAL's is
 * branded with the organisation's logo and colour.
 */
export function DashboardPage({
  tenantId,
  onboardingSuccess = false,
}: {
  tenantId: string;
  onboardingSuccess?: boolean;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useMe();
  const tenant = useCurrentTenant(tenantId);
  const { data: values } = useSuspenseQuery(trpc.tenant.values.queryOptions());
  const data = useQuery(trpc.dashboard.survey.queryOptions());
  const branding = useDashboardBranding(tenant?.plan ?? "FREE");
  if (!tenant) return null;
  const isAdmin = tenant.permissions.has("tenant.update");
  const firstName = me.firstName?.trim();

  const closeSuccess = async () => {
    await navigate({ to: "/t/$tenantId/dashboard", params: { tenantId }, search: {}, replace: true });
    // The menu's counts and everything the onboarding created.
    await queryClient.invalidateQueries();
  };

  return (
    <BrandAccentContext.Provider value={branding.color}>
      <Stack gap="lg">
        <DashboardTitle
          title={firstName ? t`Welcome, ${firstName}` : t`Welcome`}
          description={tenant.name}
          organisation={tenant.name}
          color={branding.color}
          logoSrc={branding.logoSrc}
        />
        <NotificationAlerts tenantId={tenantId} />
        {isAdmin && isOnboardingOpen(onboardingStep(values)) ? (
          <Card withBorder padding="lg">
            <Group justify="space-between" gap="sm">
              <div>
                <Text fw={600}>
                  <Trans>Finish setting up your organisation</Trans>
                </Text>
                <Text size="sm" c="dimmed">
                  <Trans>Add your teams and your first surveys step by step.</Trans>
                </Text>
              </div>
              <ButtonLink to="/t/$tenantId/onboarding" params={{ tenantId }} size="sm">
                <Trans>Continue set-up</Trans>
              </ButtonLink>
            </Group>
          </Card>
        ) : null}

        {data.data?.hasSurveys ? (
          <HeadlineCard
            side={data.data.personnel ?? null}
            canReadSurveys={tenant.permissions.has("survey.read")}
            comparisonAvailable={data.data.comparisonAvailable}
          />
        ) : null}
        {data.isPending ? (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Skeleton h={320} />
            <Skeleton h={320} />
          </SimpleGrid>
        ) : data.isError ? (
          <Text c="red.9" role="alert">
            <Trans>The survey results could not be loaded.</Trans>
          </Text>
        ) : !data.data.hasSurveys ? (
          <SurveyEmptyState tenantId={tenantId} kind="no_surveys" isAdmin={isAdmin} />
        ) : data.data.personnel ? (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <FitnessCard tenantId={tenantId} side={data.data.personnel} />
            <CultureCard tenantId={tenantId} side={data.data.personnel} />
          </SimpleGrid>
        ) : (
          <SurveyEmptyState
            tenantId={tenantId}
            kind={data.data.hasPersonnelSurvey ? "no_answers" : "no_personnel"}
            isAdmin={isAdmin}
          />
        )}

        <TasksOverviewCard tenantId={tenantId} />
        <LoopCard />
        {/* The financial development chart: paid plans only (document 2 §2, §6; issue 23). */}
        {tenant && tenant.plan !== "FREE" && tenant.permissions.has("financials.read") ? (
          <FinancialDevelopmentChart tenantId={tenantId} />
        ) : null}

        {onboardingSuccess && (
          <Suspense fallback={null}>
            <OnboardingSuccessDialog onClose={() => void closeSuccess()} />
          </Suspense>
        )}
      </Stack>
    </BrandAccentContext.Provider>
  );
}
