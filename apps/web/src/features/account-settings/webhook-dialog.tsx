import type { AppRouter } from "@kunto/api";
import {
  WEBHOOK_ANSWER_COUNT_MAX,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
  webhookUrlOf,
} from "@kunto/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconCheck, IconCopy } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { FormButtons } from "../../components/form-buttons";
import { FormErrorAlert, useFormAlert } from "../../components/form-errors";
import { errorKeyMessage, fieldErrorMessage } from "../../lib/api-error";
import { formatNumber } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { EVENT_TEXTS } from "../webhooks/webhook-labels";
import {
  answerCountOf,
  type WebhookFormValues,
  webhookFormValues,
  webhookInput,
} from "../webhooks/webhook-model";

type Outputs = inferRouterOutputs<AppRouter>["webhook"];
export type WebhookEndpoint = Outputs["list"][number];
export type CreatedWebhookEndpoint = Outputs["create"];

/** Document 1 §9: dialogs are at most 660 px wide and persistent. */
const DIALOG_WIDTH = 660;

/**
 * Add or change a webhook endpoint (issue 20.4): its address, a description of one's own, the events
 * it receives (each explained in a line) and, with "answers reached", the count that triggers it.
 * The signing secret of a new endpoint goes to `onCreated`, to be shown once.
 */
export function WebhookDialog({
  endpoint,
  opened,
  onClose,
  onCreated,
}: {
  /** The endpoint to change; null adds one. */
  endpoint: WebhookEndpoint | null;
  opened: boolean;
  onClose: () => void;
  onCreated: (created: CreatedWebhookEndpoint) => void;
}) {
  const { t } = useLingui();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={endpoint ? t`Edit webhook endpoint` : t`Add webhook endpoint`}
      size={DIALOG_WIDTH}
      closeOnClickOutside={false}
    >
      {opened ? <WebhookForm endpoint={endpoint} onClose={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

function WebhookForm({
  endpoint,
  onClose,
  onCreated,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (created: CreatedWebhookEndpoint) => void;
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const max = formatNumber(WEBHOOK_ANSWER_COUNT_MAX);
  const form = useForm<WebhookFormValues>({
    initialValues: webhookFormValues(endpoint),
    validate: {
      url: (value) => {
        if (!value.trim()) return fieldErrorMessage("field_required");
        return webhookUrlOf(value.trim()) ? null : errorKeyMessage("webhook_url_invalid");
      },
      events: (value) => (value.length > 0 ? null : errorKeyMessage("webhook_events_required")),
      answerCount: (value, values) =>
        values.events.includes("survey.answers_reached") && answerCountOf(value) === "invalid"
          ? t`Enter a whole number from 1 to ${max}.`
          : null,
    },
  });
  const formAlert = useFormAlert(form, {
    webhook_url_invalid: "url",
    webhook_url_private: "url",
    webhook_events_required: "events",
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhook.list.queryKey() });
  const create = useMutation(
    trpc.webhook.create.mutationOptions({
      onMutate: formAlert.clear,
      onSuccess: async (created) => {
        onCreated(created);
        onClose();
        await refresh();
      },
      onError: formAlert.onError,
    }),
  );
  const update = useMutation(
    trpc.webhook.update.mutationOptions({
      onMutate: formAlert.clear,
      onSuccess: async () => {
        notifications.show({ color: "green", message: t`The webhook endpoint has been saved.` });
        onClose();
        await refresh();
      },
      onError: formAlert.onError,
    }),
  );
  const countChosen = form.values.events.includes("survey.answers_reached");

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        const input = webhookInput(values);
        if (endpoint) update.mutate({ id: endpoint.id, ...input });
        else create.mutate(input);
      }, formAlert.onInvalid)}
    >
      <Stack gap="md">
        <FormErrorAlert
          invalid={formAlert.invalid}
          error={formAlert.error}
          fallback={
            endpoint ? msg`Saving the webhook endpoint failed.` : msg`Adding the webhook endpoint failed.`
          }
        />
        <TextInput
          label={t`Endpoint URL`}
          description={t`The address of your system that receives the events, for example https://example.com/kunto-events. It must be reachable from the internet.`}
          type="url"
          inputMode="url"
          autoComplete="off"
          required
          maxLength={WEBHOOK_URL_MAX}
          data-autofocus
          {...form.getInputProps("url")}
        />
        <TextInput
          label={t`Description`}
          description={t`For your own use, for example the name of the receiving system.`}
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          {...form.getInputProps("description")}
        />
        <Checkbox.Group
          label={t`Events`}
          description={t`Choose what is sent to this address.`}
          withAsterisk
          {...form.getInputProps("events")}
        >
          <Stack gap="sm" mt="xs">
            {WEBHOOK_EVENTS.map((event) => (
              <Stack key={event} gap="xs">
                <Checkbox
                  value={event}
                  label={i18n._(EVENT_TEXTS[event].label)}
                  description={i18n._(EVENT_TEXTS[event].explanation)}
                />
                {event === "survey.answers_reached" && countChosen ? (
                  <NumberInput
                    ml={32}
                    label={t`Answer count`}
                    description={t`Leave empty to use each survey's expected answers.`}
                    min={1}
                    max={WEBHOOK_ANSWER_COUNT_MAX}
                    allowDecimal={false}
                    allowNegative={false}
                    {...form.getInputProps("answerCount")}
                  />
                ) : null}
              </Stack>
            ))}
          </Stack>
        </Checkbox.Group>
        <FormButtons
          onCancel={onClose}
          loading={create.isPending || update.isPending}
          lockCancel
          submitLabel={<Trans>Save</Trans>}
        />
      </Stack>
    </form>
  );
}

/**
 * A new endpoint's signing secret, shown once (Standard Webhooks): the receiver checks each
 * delivery's `webhook-signature` header with it. Lost, it is replaced by adding the endpoint again.
 */
export function CreatedSecretDialog({
  created,
  onClose,
}: {
  created: CreatedWebhookEndpoint | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title={t`Webhook endpoint added`}
      size={DIALOG_WIDTH}
      closeOnClickOutside={false}
    >
      {created ? (
        <Stack gap="md">
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            <Trans>
              Copy the signing secret now and keep it safe. It will not be shown again: if it is lost, delete
              the endpoint and add it again.
            </Trans>
          </Alert>
          <Text size="sm">
            <Trans>
              Your system uses the secret to check the <Code>webhook-signature</Code> header of each delivery,
              as the Standard Webhooks specification describes, and so to know that the event came from Kunto.
            </Trans>
          </Text>
          <Code block className="break-anywhere" data-testid="webhook-secret">
            {created.secret}
          </Code>
          <Group justify="space-between">
            <CopyButton value={created.secret}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? t`Copied` : t`Copy secret`}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>
              <Trans>Done</Trans>
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
