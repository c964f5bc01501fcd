import {
  MESSAGE_AUTHOR_MAX,
  MESSAGE_BODY_MAX,
  MESSAGE_CATEGORIES,
  MESSAGE_TITLE_MAX,
  type MessageCategory,
} from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Anchor,
  Box,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconExternalLink } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCanGoBack, useNavigate, useRouter } from "@tanstack/react-router";
import { useState } from "react";
import { FormInvalidHint } from "../../components/form-errors";
import { PageTitle } from "../../components/page-title";
import { errorMessage, fieldErrorMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import { useMe } from "../../lib/use-me";
import { MessageBody } from "./message-body";
import { CATEGORY_LABELS, MESSAGE_ERRORS } from "./message-labels";

export interface EditedMessage {
  id: string;
  title: string;
  message: string;
  category: MessageCategory;
  author: string;
  published: boolean;
  sticky: boolean;
  createdAt: string;
}

type Draft = Omit<EditedMessage, "id" | "createdAt">;
const REQUIRED = ["author", "title", "message"] as const;
const MARKDOWN_GUIDE = "https://commonmark.org/help/";

const draftOf = ({ id: _id, createdAt: _createdAt, ...rest }: EditedMessage): Draft => rest;

/**
 * Document 3 §2, §4, §5: the message editor with a live preview beside the markdown (stacked on a
 * phone). A new message is release notes, unpublished and not sticky, written by the current user.
 */
export function MessageEditor({ message }: { message?: EditedMessage }) {
  const { i18n, t } = useLingui();
  const me = useMe();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(
    message
      ? draftOf(message)
      : {
          category: "release_notes",
          author: [me.firstName, me.lastName].filter(Boolean).join(" "),
          title: "",
          message: "",
          published: false,
          sticky: false,
        },
  );
  const [showErrors, setShowErrors] = useState(false);
  const missing = REQUIRED.filter((field) => !draft[field].trim());
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const onError = (error: unknown) =>
    notifications.show({ color: "red", message: errorMessage(error, MESSAGE_ERRORS.saving) });
  const onSaved = (saved: EditedMessage) => {
    notifications.show({ color: "green", message: t`Message saved` });
    void queryClient.invalidateQueries({ queryKey: trpc.messageCenter.pathKey() });
    queryClient.setQueryData(trpc.messageCenter.get.queryKey({ id: saved.id }), saved);
    setShowErrors(false);
    // §4: a new message opens its editor; an existing one takes the answer as it is.
    if (message) setDraft(draftOf(saved));
    else void navigate({ to: "/adminmessagecenter/message/$id", params: { id: saved.id }, replace: true });
  };
  const create = useMutation(trpc.messageCenter.create.mutationOptions({ onSuccess: onSaved, onError }));
  const update = useMutation(trpc.messageCenter.update.mutationOptions({ onSuccess: onSaved, onError }));
  const save = () => {
    if (missing.length > 0) {
      setShowErrors(true);
      return;
    }
    if (message) update.mutate({ id: message.id, ...draft });
    else create.mutate(draft);
  };
  const required = (field: (typeof REQUIRED)[number]) =>
    showErrors && missing.includes(field) ? fieldErrorMessage("field_required") : undefined;
  return (
    <Stack gap="md" pb={90}>
      <PageTitle title={message ? t`Edit message` : t`New message`} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t`Category`}
          required
          data={MESSAGE_CATEGORIES.map((value) => ({ value, label: i18n._(CATEGORY_LABELS[value]) }))}
          value={draft.category}
          onChange={(value) => value && set("category", value as MessageCategory)}
          allowDeselect={false}
        />
        <TextInput
          label={t`Author`}
          required
          maxLength={MESSAGE_AUTHOR_MAX}
          value={draft.author}
          onChange={(e) => set("author", e.currentTarget.value)}
          error={required("author")}
        />
      </SimpleGrid>
      <TextInput
        label={t`Title`}
        required
        maxLength={MESSAGE_TITLE_MAX}
        value={draft.title}
        onChange={(e) => set("title", e.currentTarget.value)}
        error={required("title")}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Textarea
          label={t`Message`}
          description={
            <Anchor href={MARKDOWN_GUIDE} target="_blank" rel="noopener noreferrer" size="xs">
              <Trans>Markdown guide</Trans> <IconExternalLink size={12} aria-hidden />
            </Anchor>
          }
          required
          autosize
          minRows={10}
          maxLength={MESSAGE_BODY_MAX}
          value={draft.message}
          onChange={(e) => set("message", e.currentTarget.value)}
          error={required("message")}
        />
        <Box>
          <Text size="sm" fw={500} id="message-preview-label">
            <Trans>Preview</Trans>
          </Text>
          <Paper withBorder p="sm" mt={4} mih={200} role="region" aria-labelledby="message-preview-label">
            <MessageBody text={draft.message} />
          </Paper>
        </Box>
      </SimpleGrid>
      {/* One switch a line: side by side a phone squeezed their tracks (layout spec). */}
      <Stack gap="sm">
        <Switch
          label={t`Published`}
          checked={draft.published}
          onChange={(e) => set("published", e.currentTarget.checked)}
        />
        <Switch
          label={t`Sticky`}
          checked={draft.sticky}
          onChange={(e) => set("sticky", e.currentTarget.checked)}
        />
      </Stack>
      <Box
        pos="fixed"
        bottom={0}
        right={0}
        left="var(--app-shell-navbar-offset, 0px)"
        p="sm"
        bg="var(--mantine-color-body)"
        style={{ borderTop: "1px solid var(--mantine-color-default-border)", zIndex: 150 }}
      >
        <Group justify="flex-end" gap="sm" wrap="nowrap">
          <FormInvalidHint shown={showErrors && missing.length > 0} />
          <Button
            variant="default"
            onClick={() => (canGoBack ? router.history.back() : navigate({ to: "/adminmessagecenter" }))}
          >
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={save} loading={create.isPending || update.isPending}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Box>
    </Stack>
  );
}
