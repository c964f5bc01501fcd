import type { SurveyType } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, List, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { TeamDialog } from "../teams/team-dialog";
import { StepCard } from "./step-card";

/**
 * Step 3 (document 2 §2, §5): a personnel team, then a management team; Continue stays disabled
 * until the organisation has at least one team of the type in question.
 */
export function TeamsStep({ tenantId, onDone }: { tenantId: string; onDone: () => Promise<void> }) {
  const [type, setType] = useState<SurveyType>("PERSONNEL");
  return type === "PERSONNEL" ? (
    <TeamsOfType
      key="PERSONNEL"
      tenantId={tenantId}
      type="PERSONNEL"
      onContinue={async () => setType("MANAGEMENT")}
    />
  ) : (
    <TeamsOfType key="MANAGEMENT" tenantId={tenantId} type="MANAGEMENT" onContinue={onDone} />
  );
}

function TeamsOfType({
  tenantId,
  type,
  onContinue,
}: {
  tenantId: string;
  type: SurveyType;
  onContinue: () => Promise<void>;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const teams = useQuery(trpc.team.lite.queryOptions());
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState(false);
  const own = (teams.data ?? []).filter((team) => team.type === type);
  const personnel = type === "PERSONNEL";
  return (
    <StepCard
      title={personnel ? t`Create a personnel team` : t`Create a management team`}
      text={
        personnel
          ? t`A personnel team is a group of staff who answer the personnel survey through the same link, for example a department or a site.`
          : t`The management team answers the management survey: the people who lead the organisation.`
      }
    >
      {own.length > 0 ? (
        <List spacing={4} aria-label={personnel ? t`Personnel teams` : t`Management teams`}>
          {own.map((team) => (
            <List.Item key={team.key}>{team.name}</List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm" c="dimmed">
          {personnel ? <Trans>No personnel team yet.</Trans> : <Trans>No management team yet.</Trans>}
        </Text>
      )}
      <Group justify="space-between">
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          <Trans>New team</Trans>
        </Button>
        <Button
          disabled={own.length === 0}
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onContinue();
            } finally {
              setBusy(false);
            }
          }}
        >
          <Trans>Continue</Trans>
        </Button>
      </Group>
      <TeamDialog
        tenantId={tenantId}
        team={null}
        defaultType={type}
        opened={creating}
        onClose={() => setCreating(false)}
      />
    </StepCard>
  );
}
