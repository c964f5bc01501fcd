import { type Plan, planAllows, WEBHOOK_ENDPOINTS_MAX } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import {
  IconDots,
  IconList,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconSend,
  IconTrash,
} from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { errorKeyMessage, errorMessage } from "../../lib/api-error";
import { formatNumber } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { PlanNote } from "../dashboard/plan-note";
import { EVENT_TEXTS } from "../webhooks/webhook-labels";
import {
  CreatedSecretDialog,
  type CreatedWebhookEndpoint,
  WebhookDialog,
  type WebhookEndpoint,
} from "./webhook-dialog";

/**
 * The webhooks card of the organisation's settings (issue 20.4): the endpoints with their events and
 * state; add, edit, send a test, open the delivery log, enable or disable, delete. Tenant admins of a
 * PRO or TOTAL organisation and platform admins manage them; on FREE the card says which plan has them.
 */
export function WebhooksCard({
  tenantId,
  plan,
  platformAdmin,
}: {
  tenantId: string;
  plan: Plan;
  platformAdmin: boolean;
}) {
  const available = planAllows(plan, "webhooks") || platformAdmin;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="webhooks-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="webhooks-title">
          <Trans>Webhooks</Trans>
        </Title>
        <Text size="sm" c="dark.5">
          <Trans>
            Webhooks tell your own systems at once when something happens in this organisation, such as a
            survey ending or a task being done: each event is sent to the addresses you add here.
          </Trans>
        </Text>
        {available ? (
          <WebhookList tenantId={tenantId} />
        ) : (
          <PlanNote plan="PRO">
            <Trans>Webhooks for integrations are included in the PRO and TOTAL plans.</Trans>
          </PlanNote>
        )}
      </Stack>
    </Card>
  );
}

/** The row menu's calls, one of each for the whole list. */
function useEndpointActions(onDeleted: () => void) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhook.list.queryKey() });
  const failed = (error: unknown) => notifications.show({ color: "red", message: errorMessage(error) });
  const remove = useMutation(
    trpc.webhook.delete.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: "green", message: t`The webhook endpoint has been deleted.` });
        onDeleted();
        await refresh();
      },
      onError: failed,
    }),
  );
  const toggle = useMutation(
    trpc.webhook.update.mutationOptions({
      onSuccess: async (endpoint) => {
        notifications.show({
          color: "green",
          message: endpoint.enabled
            ? t`The webhook endpoint is enabled.`
            : t`The webhook endpoint is disabled: it receives nothing until it is enabled again.`,
        });
        await refresh();
      },
      onError: failed,
    }),
  );
  const test = useMutation(
    trpc.webhook.test.mutationOptions({
      onSuccess: async (_ok, { id }) => {
        notifications.show({
          color: "green",
          message: t`A test event is on its way. Its outcome shows in the delivery log.`,
        });
        await queryClient.invalidateQueries({ queryKey: trpc.webhook.deliveries.queryKey({ id }) });
      },
      onError: failed,
    }),
  );
  return { remove, toggle, test };
}

function WebhookList({ tenantId }: { tenantId: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const endpoints = useQuery(trpc.webhook.list.queryOptions());
  const [dialogOpened, dialog] = useDisclosure(false);
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const actions = useEndpointActions(() => setDeleting(null));
  const full = (endpoints.data?.length ?? 0) >= WEBHOOK_ENDPOINTS_MAX;

  return (
    <>
      <Group justify="flex-end" gap="sm">
        {full ? (
          <Text size="sm" c="dark.5" style={{ flex: "1 1 16rem" }}>
            {errorKeyMessage("webhook_limit_reached")}
          </Text>
        ) : null}
        <Button
          data-testid="new-webhook"
          leftSection={<IconPlus size={16} />}
          disabled={full || !endpoints.data}
          onClick={() => {
            setEditing(null);
            dialog.open();
          }}
        >
          <Trans>Add endpoint</Trans>
        </Button>
      </Group>
      {endpoints.isError ? (
        <Text c="red.9">
          <Trans>Loading the webhook endpoints failed.</Trans>
        </Text>
      ) : (
        <Stack
          gap={0}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: "none" }}
          aria-label={t`Webhook endpoints`}
        >
          {endpoints.data?.length === 0 ? (
            <Text component="li" size="sm" c="dimmed" py="sm">
              <Trans>No webhook endpoints yet.</Trans>
            </Text>
          ) : null}
          {endpoints.data?.map((endpoint) => (
            <WebhookRow key={endpoint.id} endpoint={endpoint}>
              <Menu position="bottom-end">
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" aria-label={t`Actions for ${endpoint.url}`}>
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    leftSection={<IconPencil size={16} />}
                    onClick={() => {
                      setEditing(endpoint);
                      dialog.open();
                    }}
                  >
                    <Trans>Edit</Trans>
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconSend size={16} />}
                    disabled={!endpoint.enabled}
                    onClick={() => actions.test.mutate({ id: endpoint.id })}
                  >
                    <Trans>Send test event</Trans>
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconList size={16} />}
                    onClick={() =>
                      void navigate({
                        to: "/t/$tenantId/webhooks/$endpointId",
                        params: { tenantId, endpointId: endpoint.id },
                      })
                    }
                  >
                    <Trans>Delivery log</Trans>
                  </Menu.Item>
                  <Menu.Divider />
                  <Menu.Item
                    leftSection={
                      endpoint.enabled ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />
                    }
                    onClick={() => actions.toggle.mutate({ id: endpoint.id, enabled: !endpoint.enabled })}
                  >
                    {endpoint.enabled ? <Trans>Disable</Trans> : <Trans>Enable</Trans>}
                  </Menu.Item>
                  <Menu.Item
                    color="red.9"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => setDeleting(endpoint)}
                  >
                    <Trans>Delete</Trans>
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </WebhookRow>
          ))}
        </Stack>
      )}
      <WebhookDialog endpoint={editing} opened={dialogOpened} onClose={dialog.close} onCreated={setCreated} />
      <CreatedSecretDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={<Trans>Delete webhook endpoint</Trans>}
        message={
          deleting
            ? t`Delete the endpoint ${deleting.url}? Events waiting for it are not sent, and its delivery log is deleted too.`
            : ""
        }
        confirmLabel={<Trans>Delete</Trans>}
        danger
        loading={actions.remove.isPending}
        onConfirm={() => deleting && actions.remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

/** One endpoint: its address (wrapping anywhere), description, state and events; its menu at the end. */
function WebhookRow({ endpoint, children }: { endpoint: WebhookEndpoint; children: ReactNode }) {
  const { t, i18n } = useLingui();
  return (
    <Group
      component="li"
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      py="xs"
      style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}
      data-testid="webhook-row"
    >
      <Stack gap={4} miw={0}>
        <Group gap="xs">
          <Text fw={500} className="break-anywhere" miw={0}>
            {endpoint.url}
          </Text>
          <Badge size="sm" variant="light" color={endpoint.enabled ? "green" : "gray"}>
            {endpoint.enabled ? t`Enabled` : t`Disabled`}
          </Badge>
        </Group>
        {endpoint.description ? (
          <Text size="sm" className="break-anywhere">
            {endpoint.description}
          </Text>
        ) : null}
        <Group gap={4}>
          <VisuallyHidden>{`${t`Events`}:`}</VisuallyHidden>
          {endpoint.events.map((event) => {
            const count = endpoint.answerCount === null ? null : formatNumber(endpoint.answerCount);
            return (
              <Badge key={event} size="sm" variant="light" color="blue" tt="none">
                {event === "survey.answers_reached" && count !== null
                  ? t`Answers reached: ${count}`
                  : i18n._(EVENT_TEXTS[event].short)}
              </Badge>
            );
          })}
        </Group>
      </Stack>
      {children}
    </Group>
  );
}
