import { ITEM_TYPES, type ItemType, TOAST_MS } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Center,
  Chip,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageTitle } from "../../components/page-title";
import { errorMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import { ItemDialog } from "./item-dialog";
import { ITEM_TYPE_LABELS, type Item } from "./item-labels";

/**
 * Items (document 3 §2 "Items", tenant admins): a filter over the types and a list per type with
 * create, open (the edit dialog) and delete (soft: the item is hidden from then on).
 */
export function ItemsPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [types, setTypes] = useState<ItemType[]>([...ITEM_TYPES]);
  const [editing, setEditing] = useState<{ item: Item | null; type: ItemType | null } | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const deletingName = deleting?.name ?? "";
  const list = useQuery({ ...trpc.item.byTypes.queryOptions({ types }), enabled: types.length > 0 });
  const remove = useMutation(
    trpc.item.update.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: "green", message: t`Item deleted`, autoClose: TOAST_MS });
        setDeleting(null);
        void queryClient.invalidateQueries({ queryKey: trpc.item.pathKey() });
      },
      onError: (error) => notifications.show({ color: "red", message: errorMessage(error) }),
    }),
  );

  return (
    <Stack gap="lg">
      <PageTitle
        title={t`Items`}
        actions={
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({ item: null, type: null })}
          >
            <Trans>New item</Trans>
          </Button>
        }
      />
      <Chip.Group multiple value={types} onChange={(v) => setTypes(v as ItemType[])}>
        <Group gap="xs" role="group" aria-label={t`Item types`}>
          {ITEM_TYPES.map((type) => (
            <Chip key={type} value={type}>
              {i18n._(ITEM_TYPE_LABELS[type])}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {types.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Choose a type to see its items.</Trans>
        </Text>
      ) : list.isError ? (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              <Trans>No items could be loaded.</Trans> {errorMessage(list.error)}
            </Text>
            <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        </Alert>
      ) : !list.data ? (
        <Center py="xl" aria-busy="true">
          <Loader size="sm" />
        </Center>
      ) : (
        types.map((type) => {
          const label = i18n._(ITEM_TYPE_LABELS[type]);
          const rows = list.data.filter((item) => item.type === type);
          return (
            <Card key={type} component="section" aria-label={label}>
              <Stack gap="sm">
                <Group justify="space-between" wrap="wrap">
                  <Title order={2} size="h4">
                    {label}
                  </Title>
                  <Button
                    variant="light"
                    size="xs"
                    leftSection={<IconPlus size={14} aria-hidden />}
                    onClick={() => setEditing({ item: null, type })}
                  >
                    {/* The type in the name, after the visible word (axe: label-content-name-mismatch). */}
                    <Trans>Add</Trans>
                    <VisuallyHidden>{` ${label}`}</VisuallyHidden>
                  </Button>
                </Group>
                {rows.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    <Trans>No items.</Trans>
                  </Text>
                ) : (
                  <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
                    {rows.map((item) => (
                      <Group key={item.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                        <UnstyledButton
                          onClick={() => setEditing({ item, type })}
                          aria-label={t`Open item ${item.name}`}
                          className="break-anywhere"
                          style={{ minWidth: 0 }}
                        >
                          <Text size="sm" c="blue.8" td="underline" span>
                            {item.name}
                          </Text>
                        </UnstyledButton>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t`Delete item ${item.name}`}
                          onClick={() => setDeleting(item)}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Group>
                    ))}
                  </Stack>
                )}
              </Stack>
            </Card>
          );
        })
      )}
      {editing ? (
        <ItemDialog item={editing.item} presetType={editing.type} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={t`Delete item`}
        message={t`Delete the item “${deletingName}”?`}
        confirmLabel={t`Delete`}
        danger
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id, active: false })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
