import type { AppRouter } from "@kunto/api";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCheck, IconMailOpened } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { FormErrorAlert } from "../../components/form-errors";
import { RoleBadges } from "../../components/role-badges";
import { formatDate } from "../../lib/format";
import { setTenantId } from "../../lib/tenant";
import { useTRPC } from "../../lib/trpc";

export type Invitation = inferRouterOutputs<AppRouter>["user"]["invitations"][number];

/**
 * The signed-in person's open invitations (issue 6.7), in the account chooser and on the profile:
 * accepting joins the organisation and opens it; declining asks first, then tells the organisation
 * "declined". Renders nothing while there are none.
 */
export function MyInvitations({ highlight }: { highlight?: string }) {
  const trpc = useTRPC();
  const invitations = useQuery(trpc.user.invitations.queryOptions());
  const list = invitations.data ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-invitations-title">
      <Title order={2} size="h3" id="my-invitations-title">
        <Trans>Invitations</Trans>
      </Title>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {list.map((invitation) => (
          <li key={invitation.id}>
            <InvitationCard invitation={invitation} highlighted={invitation.id === highlight} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

function InvitationCard({ invitation, highlighted }: { invitation: Invitation; highlighted: boolean }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const organisation = invitation.organisation;
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.user.invitations.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.user.me.queryKey() }),
    ]);
  const accept = useMutation(
    trpc.user.acceptInvitation.mutationOptions({
      onSuccess: async ({ tenantId }) => {
        await refresh();
        notifications.show({ color: "green", message: t`You joined ${organisation}.` });
        setTenantId(tenantId, queryClient);
        await navigate({ to: "/t/$tenantId/dashboard", params: { tenantId } });
      },
    }),
  );
  const decline = useMutation(
    trpc.user.declineInvitation.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        notifications.show({ message: t`You declined the invitation to ${organisation}.` });
        await refresh();
      },
    }),
  );
  const busy = accept.isPending || decline.isPending;
  const from = invitation.invitedBy;
  const until = formatDate(invitation.expiresAt);

  return (
    <Paper withBorder p="md" bd={highlighted ? "2px solid var(--mantine-color-kunto-6)" : undefined}>
      <Stack gap="sm">
        <Group wrap="nowrap" gap="md" align="flex-start">
          <IconMailOpened size={26} stroke={1.5} color="var(--mantine-color-kunto-7)" aria-hidden />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={600} className="break-anywhere">
              {organisation}
            </Text>
            <Text size="sm" c="dimmed" className="break-anywhere">
              {from ? (
                <Trans>
                  {from} invited you to join. Valid until {until}.
                </Trans>
              ) : (
                <Trans>You are invited to join. Valid until {until}.</Trans>
              )}
            </Text>
            <RoleBadges roles={invitation.roles} />
          </Stack>
        </Group>
        <FormErrorAlert error={accept.error ?? decline.error} />
        <Group gap="sm" justify="flex-end">
          <Button
            variant="default"
            onClick={() => setConfirming(true)}
            disabled={busy}
            aria-label={t`Decline the invitation to ${organisation}`}
          >
            <Trans>Decline</Trans>
          </Button>
          <Button
            leftSection={<IconCheck size={16} />}
            onClick={() => accept.mutate({ id: invitation.id })}
            loading={accept.isPending}
            disabled={busy}
            aria-label={t`Accept the invitation to ${organisation}`}
          >
            <Trans>Accept</Trans>
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t`Decline the invitation?`}
        message={t`You will not join ${organisation}. The organisation sees that you declined.`}
        confirmLabel={t`Decline`}
        danger
        loading={decline.isPending}
        onConfirm={() => decline.mutate({ id: invitation.id })}
      />
    </Paper>
  );
}
