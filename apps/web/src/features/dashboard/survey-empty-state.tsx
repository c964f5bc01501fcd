import { Trans } from "@lingui/react/macro";
import { Card, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconClipboardList } from "@tabler/icons-react";
import { ButtonLink } from "../../components/links";

/**
 * The dashboard's empty states (document 2 §2): no survey yet, or a personnel survey without answers.
 * Only admins get the button (§6).
 */
export function SurveyEmptyState({
  tenantId,
  kind,
  isAdmin,
}: {
  tenantId: string;
  kind: "no_surveys" | "no_answers" | "no_personnel";
  isAdmin: boolean;
}) {
  return (
    <Card withBorder padding="xl">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconClipboardList size={26} aria-hidden="true" />
        </ThemeIcon>
        <Title order={2} size="h3">
          {kind === "no_surveys" ? (
            <Trans>No surveys yet</Trans>
          ) : kind === "no_answers" ? (
            <Trans>The personnel survey has no answers yet</Trans>
          ) : (
            <Trans>No personnel survey yet</Trans>
          )}
        </Title>
        <Text c="dimmed" maw={520}>
          {kind === "no_answers" ? (
            <Trans>
              The Company Fitness Index and the culture appear here once your people have answered.
            </Trans>
          ) : isAdmin ? (
            <Trans>
              Start with a personnel survey: its answers give the Company Fitness Index and the culture.
            </Trans>
          ) : (
            <Trans>Results appear here once your organisation has run a survey.</Trans>
          )}
        </Text>
        {isAdmin ? (
          <ButtonLink to="/t/$tenantId/analyses" params={{ tenantId }}>
            <Trans>Go to surveys</Trans>
          </ButtonLink>
        ) : null}
      </Stack>
    </Card>
  );
}
