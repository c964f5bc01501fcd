import { isPaid, type SurveyType } from "@kunto/core";
import type { MessageDescriptor } from "@lingui/core";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCheck, IconCopy, IconMail } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { AnchorLink } from "../../components/links";
import { errorMessage } from "../../lib/api-error";
import { formatDate } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { useCurrentTenant } from "../../lib/use-me";
import { ShareEmailDialog } from "./share-email-dialog";

const STATE_LABELS: Record<"queued" | "sent" | "failed", MessageDescriptor> = {
  queued: msg`Queued`,
  sent: msg`Sent`,
  failed: msg`Failed`,
};
const STATE_COLORS = { queued: "gray", sent: "green", failed: "red" } as const;
const REASONS: Record<string, MessageDescriptor> = {
  held_demo: msg`Not sent: mail is never sent from a demo organisation.`,
  no_smtp: msg`Not sent: the server has no mail connection.`,
};

/**
 * The share card (document 2 §2, §5): a link per team with a copy button, sharing with another team
 * of the survey's type, sending by e-mail and each invitation's state. Shown to those who may manage
 * shares: to a read-only member the server withholds the links (null; document 2 §6), and a link
 * row without its link is left out.
 */
export function ShareCard({
  tenantId,
  surveyKey,
  type,
}: {
  tenantId: string;
  surveyKey: string;
  type: SurveyType;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tenant = useCurrentTenant(tenantId);
  const shares = useQuery(trpc.surveyShare.bySurvey.queryOptions({ surveyKey }, { refetchInterval: 10_000 }));
  const teams = useQuery(trpc.team.lite.queryOptions());
  const [teamKey, setTeamKey] = useState<string | null>(null);
  const [mailing, setMailing] = useState<string | null>(null);
  const shared = new Set(shares.data?.flatMap((s) => s.teams.map((team) => team.key)) ?? []);
  const available = (teams.data ?? []).filter((team) => team.type === type && !shared.has(team.key));
  const add = useMutation(
    trpc.surveyShare.create.mutationOptions({
      onSuccess: async () => {
        setTeamKey(null);
        await queryClient.invalidateQueries({ queryKey: trpc.surveyShare.bySurvey.queryKey({ surveyKey }) });
        await queryClient.invalidateQueries({ queryKey: trpc.survey.get.queryKey({ key: surveyKey }) });
      },
      onError: (error) => notifications.show({ color: "red", message: errorMessage(error) }),
    }),
  );
  // Only a share with its key can be sent (the key and links are withheld from read-only members).
  const mailingShare = shares.data?.find((s) => s.id === mailing) ?? null;
  const mailable = mailingShare?.key ? { ...mailingShare, key: mailingShare.key } : null;

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          <Trans>Share</Trans>
        </Title>
        {shares.isError ? (
          <Text c="red.9">
            <Trans>Error sharing survey</Trans>
          </Text>
        ) : null}
        {shares.data?.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>The survey is not shared with any team yet. Choose a team to get its link.</Trans>
          </Text>
        ) : null}
        {shares.data?.map((share) => (
          <Stack key={share.id} gap="xs">
            {share.links
              .flatMap((link) => (link.url === null ? [] : [{ ...link, url: link.url }]))
              .map((link) => (
                <Group key={link.teamKey} gap="xs" align="flex-end" wrap="nowrap">
                  <TextInput
                    label={t`Link for ${link.teamName}`}
                    value={link.url}
                    readOnly
                    onFocus={(event) => event.currentTarget.select()}
                    style={{ flex: 1, minWidth: 0 }}
                    data-testid="share-link"
                  />
                  <CopyButton value={link.url}>
                    {({ copied, copy }) => (
                      <ActionIcon
                        size="lg"
                        variant="light"
                        aria-label={t`Copy link for ${link.teamName}`}
                        onClick={() => {
                          copy();
                          notifications.show({ color: "green", message: t`Link copied` });
                        }}
                      >
                        {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                      </ActionIcon>
                    )}
                  </CopyButton>
                </Group>
              ))}
            <Group gap="xs">
              <Button
                variant="light"
                size="xs"
                leftSection={<IconMail size={16} />}
                onClick={() => setMailing(share.id)}
              >
                <Trans>Share by e-mail</Trans>
              </Button>
              {share.sent ? (
                <Text size="xs" c="dimmed">
                  <Trans>Last sent {formatDate(share.sent)}</Trans>
                </Text>
              ) : null}
            </Group>
            {share.invitations.length > 0 ? (
              <ScrollArea.Autosize mah={240} type="auto">
                <Table fz="sm" verticalSpacing={4}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>
                        <Trans>E-mail</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>State</Trans>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {share.invitations.map((invitation) => (
                      <Table.Tr key={`${invitation.email}-${invitation.createdAt}`}>
                        <Table.Td className="break-anywhere">{invitation.email}</Table.Td>
                        <Table.Td>
                          <Stack gap={2}>
                            <Badge variant="light" color={STATE_COLORS[invitation.state]}>
                              {i18n._(STATE_LABELS[invitation.state])}
                            </Badge>
                            {invitation.lastError ? (
                              <Text size="xs" c="dimmed" className="break-anywhere">
                                {REASONS[invitation.lastError]
                                  ? i18n._(REASONS[invitation.lastError] as MessageDescriptor)
                                  : invitation.state === "queued"
                                    ? t`Will retry: ${invitation.lastError}`
                                    : invitation.lastError}
                              </Text>
                            ) : null}
                          </Stack>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            ) : null}
          </Stack>
        ))}
        {available.length > 0 ? (
          <Group gap="xs" align="flex-end">
            <Select
              label={t`Share with a team`}
              data={available.map((team) => ({ value: team.key, label: team.name }))}
              value={teamKey}
              onChange={setTeamKey}
              style={{ flex: 1, minWidth: 180 }}
            />
            <Button
              disabled={!teamKey}
              loading={add.isPending}
              onClick={() => {
                const team = available.find((x) => x.key === teamKey);
                if (team) add.mutate({ name: team.name, surveyKey, teams: [team.key] });
              }}
            >
              <Trans>Share</Trans>
            </Button>
          </Group>
        ) : teams.data && shares.data && shares.data.length === 0 ? (
          <Text size="sm">
            <Trans>
              There is no team of this type yet.{" "}
              <AnchorLink to="/t/$tenantId/settings" params={{ tenantId }}>
                Create a team in the settings
              </AnchorLink>
              .
            </Trans>
          </Text>
        ) : null}
      </Stack>
      <ShareEmailDialog
        share={mailable}
        plan={tenant?.plan ?? "FREE"}
        paid={isPaid(tenant?.plan ?? "FREE")}
        surveyKey={surveyKey}
        onClose={() => setMailing(null)}
      />
    </Card>
  );
}
