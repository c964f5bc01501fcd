import { ITEM_TYPES, type ItemType, TOAST_MS } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import { ITEM_TYPE_LABELS, type Item } from "./item-labels";

/**
 * Add / edit an item (document 3 §2, §5): name required, type required when creating and fixed
 * afterwards (shown, not editable); 'check all required fields' otherwise.
 */
export function ItemDialog({
  item,
  presetType,
  onClose,
}: {
  item: Item | null;
  presetType: ItemType | null;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState(item?.name ?? "");
  const [type, setType] = useState<ItemType | null>(item?.type ?? presetType);
  const [invalid, setInvalid] = useState(false);
  const onSaved = (message: string) => {
    notifications.show({ color: "green", message, autoClose: TOAST_MS });
    void queryClient.invalidateQueries({ queryKey: trpc.item.pathKey() });
    onClose();
  };
  const onError = (error: unknown) => notifications.show({ color: "red", message: errorMessage(error) });
  const create = useMutation(
    trpc.item.create.mutationOptions({ onSuccess: () => onSaved(t`Item created`), onError }),
  );
  const update = useMutation(
    trpc.item.update.mutationOptions({ onSuccess: () => onSaved(t`Item updated`), onError }),
  );

  const save = () => {
    const missing = !name.trim() || !type;
    setInvalid(missing);
    if (missing) return;
    if (item) update.mutate({ id: item.id, name: name.trim() });
    else create.mutate({ name: name.trim(), type });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={item ? t`Edit item` : t`New item`}
      size={660}
      closeOnClickOutside={false}
      closeButtonProps={{ "aria-label": t`Close` }}
    >
      <Stack gap="sm">
        {invalid ? (
          <Alert color="red" variant="light" role="alert">
            <Trans>Check that you have filled in all required fields.</Trans>
          </Alert>
        ) : null}
        <TextInput
          label={t`Name`}
          required
          maxLength={200}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={invalid && !name.trim() ? t`Give the item a name.` : undefined}
          data-autofocus
        />
        <Select
          label={t`Type`}
          required
          disabled={item !== null}
          description={item ? t`The type of an existing item cannot be changed.` : undefined}
          value={type}
          onChange={(v) => setType(v as ItemType | null)}
          data={ITEM_TYPES.map((v) => ({ value: v, label: i18n._(ITEM_TYPE_LABELS[v]) }))}
          error={invalid && !type ? t`Choose a type.` : undefined}
          comboboxProps={{ withinPortal: false }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={save} loading={create.isPending || update.isPending}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
