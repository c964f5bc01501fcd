import { Trans } from "@lingui/react/macro";
import { Card, Stack, Text } from "@mantine/core";
import { ButtonLink } from "../../components/links";

/**
 * No survey has answers yet (document 2 §2, §6): admins get a button to the surveys; other users
 * are told who makes the surveys.
 */
export function ReportsEmptyState({
  tenantId,
  canWrite,
  hasSurveys,
}: {
  tenantId: string;
  canWrite: boolean;
  hasSurveys: boolean;
}) {
  return (
    <Card withBorder padding="xl">
      <Stack align="center" gap="sm" ta="center">
        <Text fw={500}>
          {hasSurveys ? <Trans>No survey has answers yet.</Trans> : <Trans>No surveys yet.</Trans>}
        </Text>
        <Text c="dark.4">
          {canWrite ? (
            hasSurveys ? (
              <Trans>
                Reports appear here once your surveys get answers. Share your surveys with your teams.
              </Trans>
            ) : (
              <Trans>
                Create a personnel survey and a management survey; their answers become the reports.
              </Trans>
            )
          ) : (
            <Trans>Reports appear here once an administrator of the organisation has run a survey.</Trans>
          )}
        </Text>
        {canWrite ? (
          <ButtonLink to="/t/$tenantId/analyses" params={{ tenantId }}>
            <Trans>Go to surveys</Trans>
          </ButtonLink>
        ) : null}
      </Stack>
    </Card>
  );
}
