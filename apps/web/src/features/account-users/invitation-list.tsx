import type { AppRouter } from "@kunto/api";
import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Badge, Card, Group, Menu, Stack, Table, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDots, IconMailForward, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { breakableLogin } from "../../components/email-text";
import { RoleBadges } from "../../components/role-badges";
import { ActionsHeaderCell } from "../../components/table-parts";
import { errorMessage } from "../../lib/api-error";
import { formatDate } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";

type TenantInvitation = inferRouterOutputs<AppRouter>["tenant"]["invitations"][number];

/**
 * The organisation's invitations (issue 6.7): the address, the roles and the state, never who
 * holds the address. Open and expired ones can be sent again or withdrawn; declined ones stay
 * until removed. Hidden while there are none.
 */
export function InvitationList() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invitations = useQuery(trpc.tenant.invitations.queryOptions());
  const [removing, setRemoving] = useState<TenantInvitation | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.tenant.invitations.queryKey() });
  const onError = (error: unknown) => notifications.show({ color: "red", message: errorMessage(error) });
  const resend = useMutation(
    trpc.tenant.resendInvitation.mutationOptions({
      onSuccess: async ({ email }) => {
        notifications.show({ color: "green", message: t`The invitation was sent again to ${email}.` });
        await refresh();
      },
      onError,
    }),
  );
  const revoke = useMutation(
    trpc.tenant.revokeInvitation.mutationOptions({
      onSuccess: async () => {
        setRemoving(null);
        await refresh();
      },
      onError,
    }),
  );
  const list = invitations.data ?? [];
  if (list.length === 0) return null;
  const removingEmail = removing?.email ?? "";

  return (
    <Card p={0} component="section" aria-labelledby="invitations-title">
      <Stack gap={0}>
        <Group p="md">
          <Title order={2} size="h4" id="invitations-title">
            <Trans>Invitations</Trans>
          </Title>
        </Group>
        <Table verticalSpacing="sm" className="stack-on-phone">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>E-mail</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Roles</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>State</Trans>
              </Table.Th>
              <ActionsHeaderCell w={48} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((invitation) => (
              <Table.Tr key={invitation.id}>
                <Table.Td>
                  <Text size="sm" fw={500} className="break-anywhere">
                    {breakableLogin(invitation.email)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <RoleBadges roles={invitation.roles} size="xs" />
                </Table.Td>
                <Table.Td>
                  <InvitationState invitation={invitation} />
                </Table.Td>
                <Table.Td w={48} ta="right" data-actions>
                  <Menu position="bottom-end" shadow="md">
                    <Menu.Target>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t`Actions for the invitation to ${invitation.email}`}
                      >
                        <IconDots size={18} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {invitation.state === "declined" ? null : (
                        <Menu.Item
                          leftSection={<IconMailForward size={16} />}
                          disabled={resend.isPending}
                          onClick={() => resend.mutate({ id: invitation.id })}
                        >
                          <Trans>Send again</Trans>
                        </Menu.Item>
                      )}
                      <Menu.Item
                        color="red"
                        leftSection={<IconTrash size={16} />}
                        onClick={() => setRemoving(invitation)}
                      >
                        {invitation.state === "declined" ? (
                          <Trans>Remove from the list</Trans>
                        ) : (
                          <Trans>Withdraw the invitation</Trans>
                        )}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={
          removing?.state === "declined" ? t`Remove the declined invitation?` : t`Withdraw the invitation?`
        }
        message={
          removing?.state === "declined"
            ? t`${removingEmail} declined. The invitation leaves the list.`
            : t`${removingEmail} can no longer accept the invitation.`
        }
        confirmLabel={removing?.state === "declined" ? t`Remove` : t`Withdraw`}
        danger
        loading={revoke.isPending}
        onConfirm={() => removing && revoke.mutate({ id: removing.id })}
      />
    </Card>
  );
}

function InvitationState({ invitation }: { invitation: TenantInvitation }) {
  const until = formatDate(invitation.expiresAt);
  if (invitation.state === "declined")
    return (
      <Badge variant="light" color="red">
        <Trans>Declined</Trans>
      </Badge>
    );
  if (invitation.state === "expired")
    return (
      <Badge variant="light" color="gray">
        <Trans>Expired</Trans>
      </Badge>
    );
  return (
    <Stack gap={2} align="flex-start">
      <Badge variant="light" color="kunto">
        <Trans>Invited</Trans>
      </Badge>
      <Text size="xs" c="dimmed">
        <Trans>Until {until}</Trans>
      </Text>
    </Stack>
  );
}
