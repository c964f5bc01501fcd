import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import {
  IconBuilding,
  IconClipboardCheck,
  IconSettings,
  IconUserCircle,
  IconUsers,
} from "@tabler/icons-react";
import { useSuspenseQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ButtonLink } from "../../components/links";
import { PageTitle } from "../../components/page-title";
import { RoleBadges } from "../../components/role-badges";
import { PLAN_LABELS } from "../../lib/labels";
import { onboardingStep } from "../../lib/onboarding";
import { useTRPC } from "../../lib/trpc";
import { useCurrentTenant, useMe } from "../../lib/use-me";

/**
 * The account's front page. For now it welcomes the user with the account, its plan and the
 * user's roles, and points to what they can do; survey results arrive with the survey feature.
 */
export function DashboardPage({ tenantId }: { tenantId: string }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const me = useMe();
  const tenant = useCurrentTenant(tenantId);
  const { data: values } = useSuspenseQuery(trpc.tenant.values.queryOptions());
  if (!tenant) return null;
  const isAdmin = tenant.permissions.has("tenant.update");
  const step = onboardingStep(values);
  const onboardingOpen = isAdmin && (step === null || step === 1);
  const firstName = me.firstName?.trim();

  return (
    <Stack gap="lg">
      <PageTitle title={firstName ? t`Welcome, ${firstName}` : t`Welcome`} description={tenant.name} />
      <Card>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={48} radius="md" variant="light">
              <IconBuilding size={28} />
            </ThemeIcon>
            <Stack gap={6}>
              <Title order={2} className="break-anywhere">
                {tenant.name}
              </Title>
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  <Trans>Plan</Trans>
                </Text>
                <Badge variant="light">{i18n._(PLAN_LABELS[tenant.plan])}</Badge>
              </Group>
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  <Trans>Your roles</Trans>
                </Text>
                <RoleBadges roles={tenant.roles} />
              </Group>
            </Stack>
          </Group>
        </Group>
      </Card>

      <Title order={2} size="h3" mt="sm">
        <Trans>Get started</Trans>
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {onboardingOpen ? (
          <ActionCard
            icon={<IconClipboardCheck size={22} />}
            title={<Trans>Complete the company details</Trans>}
            text={
              <Trans>Add your address and registration details to finish setting up the organisation.</Trans>
            }
            action={
              <ButtonLink to="/t/$tenantId/onboarding" params={{ tenantId }} size="sm">
                <Trans>Continue set-up</Trans>
              </ButtonLink>
            }
          />
        ) : null}
        {tenant.permissions.has("tenant.users.manage") ? (
          <ActionCard
            icon={<IconUsers size={22} />}
            title={<Trans>Invite your colleagues</Trans>}
            text={<Trans>Add the people who will read reports and follow up on tasks.</Trans>}
            action={
              <ButtonLink to="/t/$tenantId/users" params={{ tenantId }} size="sm" variant="light">
                <Trans>Manage users</Trans>
              </ButtonLink>
            }
          />
        ) : null}
        {isAdmin ? (
          <ActionCard
            icon={<IconSettings size={22} />}
            title={<Trans>Organisation settings</Trans>}
            text={<Trans>Check the organisation's details and plan.</Trans>}
            action={
              <ButtonLink to="/t/$tenantId/settings" params={{ tenantId }} size="sm" variant="light">
                <Trans>Open settings</Trans>
              </ButtonLink>
            }
          />
        ) : null}
        <ActionCard
          icon={<IconUserCircle size={22} />}
          title={<Trans>Your profile</Trans>}
          text={<Trans>Keep your name and password up to date and turn on two-step verification.</Trans>}
          action={
            <ButtonLink to="/me" size="sm" variant="light">
              <Trans>Open profile</Trans>
            </ButtonLink>
          }
        />
      </SimpleGrid>
    </Stack>
  );
}

function ActionCard({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: ReactNode;
  text: ReactNode;
  action: ReactNode;
}) {
  return (
    <Card>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={8}>
          <ThemeIcon variant="light" size={38} radius="md">
            {icon}
          </ThemeIcon>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </Stack>
        <Group>{action}</Group>
      </Stack>
    </Card>
  );
}
