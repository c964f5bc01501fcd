import { i18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { errorMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import { TEAM_TYPE_LABELS } from "../surveys/survey-labels";
import { TeamDialog, type TeamValues } from "./team-dialog";

/** The teams card of the organisation's settings (document 2 §2 Teams): list, create, edit, delete. */
export function TeamsCard({ tenantId, canEdit }: { tenantId: string; canEdit: boolean }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const teams = useQuery(trpc.team.list.queryOptions());
  const [dialogOpened, dialog] = useDisclosure(false);
  const [editing, setEditing] = useState<TeamValues | null>(null);
  const [deleting, setDeleting] = useState<TeamValues | null>(null);
  const remove = useMutation(
    trpc.team.delete.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: "green", message: t`The team has been deleted.` });
        setDeleting(null);
        await queryClient.invalidateQueries({ queryKey: trpc.team.list.queryKey() });
      },
      onError: (error) => notifications.show({ color: "red", message: errorMessage(error) }),
    }),
  );

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            <Trans>Teams</Trans>
          </Title>
          {canEdit ? (
            <Button
              data-testid="new-team"
              leftSection={<IconPlus size={16} />}
              onClick={() => {
                setEditing(null);
                dialog.open();
              }}
            >
              <Trans>New team</Trans>
            </Button>
          ) : null}
        </Group>
        {teams.isError ? (
          <Text c="red.9">
            <Trans>Loading the teams failed.</Trans>
          </Text>
        ) : (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t`Teams`}>
            {teams.data?.length === 0 ? (
              <Text component="li" size="sm" c="dimmed" py="sm">
                <Trans>No teams yet. A survey is shared with teams.</Trans>
              </Text>
            ) : null}
            {teams.data?.map((team) => (
              <Group
                component="li"
                key={team.key}
                justify="space-between"
                wrap="nowrap"
                gap="sm"
                py="xs"
                style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}
                data-testid="team-row"
              >
                <Stack gap={0} miw={0}>
                  <Text fw={500} className="break-anywhere">
                    {team.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {i18n._(TEAM_TYPE_LABELS[team.type])} · {t`${team.answerers.length} recipients`}
                  </Text>
                </Stack>
                {canEdit ? (
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t`Edit team ${team.name}`}
                      onClick={() => {
                        setEditing(team);
                        dialog.open();
                      }}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      aria-label={t`Delete team ${team.name}`}
                      onClick={() => setDeleting(team)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                ) : null}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      {canEdit ? (
        <TeamDialog tenantId={tenantId} team={editing} opened={dialogOpened} onClose={dialog.close} />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={<Trans>Delete team</Trans>}
        message={deleting ? t`Delete the team ${deleting.name}? Its links stop working.` : ""}
        confirmLabel={<Trans>Delete</Trans>}
        danger
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ key: deleting.key })}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
