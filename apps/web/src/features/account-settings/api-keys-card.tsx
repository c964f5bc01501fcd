import { isPaid, type Plan } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconCheck, IconCopy, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { errorMessage } from "../../lib/api-error";
import { formatDate, formatDateTime } from "../../lib/format";
import { displayName } from "../../lib/session";
import { useTRPC } from "../../lib/trpc";
import { PlanNote } from "../dashboard/plan-note";
import { type ApiKey, ApiKeyDialog, type CreatedApiKey } from "./api-key-dialog";

/**
 * The API keys card of the organisation's settings (document 3 §2, issue 20): the keys with their
 * expiry, last use and maker; create, edit and delete. Tenant admins of a PRO or TOTAL organisation
 * and platform admins manage them; on FREE the card says which plan includes them.
 */
export function ApiKeysCard({ plan, platformAdmin }: { plan: Plan; platformAdmin: boolean }) {
  const available = isPaid(plan) || platformAdmin;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="api-keys-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="api-keys-title">
          <Trans>API keys</Trans>
        </Title>
        <Text size="sm" c="dark.5">
          <Trans>
            Keys let your own systems read and change this organisation's data through the REST API, without a
            person signing in.
          </Trans>
        </Text>
        {available ? (
          <ApiKeyList />
        ) : (
          <PlanNote plan="PRO">
            <Trans>API keys for integrations are included in the PRO and TOTAL plans.</Trans>
          </PlanNote>
        )}
      </Stack>
    </Card>
  );
}

function ApiKeyList() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.apiKey.list.queryOptions());
  const [dialogOpened, dialog] = useDisclosure(false);
  const [editing, setEditing] = useState<ApiKey | null>(null);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const remove = useMutation(
    trpc.apiKey.delete.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: "green", message: t`The API key has been deleted.` });
        setDeleting(null);
        await queryClient.invalidateQueries({ queryKey: trpc.apiKey.list.queryKey() });
      },
      onError: (error) => notifications.show({ color: "red", message: errorMessage(error) }),
    }),
  );

  return (
    <>
      <Group justify="flex-end">
        <Button
          data-testid="new-api-key"
          leftSection={<IconPlus size={16} />}
          onClick={() => {
            setEditing(null);
            dialog.open();
          }}
        >
          <Trans>New API key</Trans>
        </Button>
      </Group>
      {keys.isError ? (
        <Text c="red.9">
          <Trans>Loading the API keys failed.</Trans>
        </Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t`API keys`}>
          {keys.data?.length === 0 ? (
            <Text component="li" size="sm" c="dimmed" py="sm">
              <Trans>No API keys yet.</Trans>
            </Text>
          ) : null}
          {keys.data?.map((key) => (
            <ApiKeyRow
              key={key.publicKey}
              apiKey={key}
              onEdit={() => {
                setEditing(key);
                dialog.open();
              }}
              onDelete={() => setDeleting(key)}
            />
          ))}
        </Stack>
      )}
      <ApiKeyDialog apiKey={editing} opened={dialogOpened} onClose={dialog.close} onCreated={setCreated} />
      <CreatedKeyDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={<Trans>Delete API key</Trans>}
        message={
          deleting ? t`Delete the API key ${deleting.name}? Systems using it are refused at once.` : ""
        }
        confirmLabel={<Trans>Delete</Trans>}
        danger
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ publicKey: deleting.publicKey })}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

function ApiKeyRow({
  apiKey,
  onEdit,
  onDelete,
}: {
  apiKey: ApiKey;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useLingui();
  const expired = new Date(apiKey.expireAt).getTime() < Date.now();
  const maker = apiKey.createdBy ? displayName({ ...apiKey.createdBy, username: null }) : "";
  const expires = formatDate(apiKey.expireAt);
  const lastUsed = apiKey.lastUsed ? formatDateTime(apiKey.lastUsed) : t`never`;
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py="xs"
      style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}
      data-testid="api-key-row"
    >
      <Stack gap={2} miw={0}>
        <Group gap="xs">
          <Text fw={500} className="break-anywhere">
            {apiKey.name}
          </Text>
          <Badge size="sm" variant="light" color={apiKey.scope === "write" ? "orange" : "blue"}>
            {apiKey.scope === "write" ? t`Read and write` : t`Read only`}
          </Badge>
          {expired ? (
            <Badge size="sm" variant="light" color="red">
              <Trans>Expired</Trans>
            </Badge>
          ) : null}
        </Group>
        <Code className="break-anywhere">{apiKey.publicKey}</Code>
        <Text size="sm" c="dimmed">
          {t`Expires ${expires}`} · {t`Last used ${lastUsed}`}
          {maker ? ` · ${t`Created by ${maker}`}` : ""}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="subtle" aria-label={t`Edit API key ${apiKey.name}`} onClick={onEdit}>
          <IconPencil size={18} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red.9"
          aria-label={t`Delete API key ${apiKey.name}`}
          onClick={onDelete}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
    </Group>
  );
}

/** The private key, shown once (document 3 §4, §9): copied now or made again. */
function CreatedKeyDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title={t`API key created`}
      size={660}
      closeOnClickOutside={false}
    >
      {created ? (
        <Stack gap="md">
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            <Trans>
              Copy the key now and keep it safe. You will not see it again: only a fingerprint of it is
              stored.
            </Trans>
          </Alert>
          <Text size="sm">
            <Trans>Send it in the Authorization header of each call:</Trans>
          </Text>
          <Code block className="break-anywhere" data-testid="api-key-token">
            {`Authorization: Bearer ${created.token}`}
          </Code>
          <Group justify="space-between">
            <CopyButton value={created.token}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? t`Copied` : t`Copy key`}
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
