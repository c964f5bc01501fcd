import { Trans } from "@lingui/react/macro";
import { Button, Group, type MantineColor } from "@mantine/core";
import type { ReactNode } from "react";

export interface FormButtonsProps {
  /** Text of the confirming button ("Save", "Create user", ...). */
  submitLabel: ReactNode;
  onCancel: () => void;
  /** The call is under way: the confirming button shows a loader. */
  loading?: boolean;
  /** "Cancel" is disabled too while loading. */
  lockCancel?: boolean;
  /** Disables the confirming button, for example while nothing has changed. */
  disabled?: boolean;
  /** The confirming button calls this instead of submitting the surrounding form. */
  onSubmit?: () => void;
  /** Colour of the confirming button (red for a destructive action). */
  color?: MantineColor;
}

/** "Cancel" and the confirming button at the end of a dialog or form (document 1 §9). */
export function FormButtons({
  submitLabel,
  onCancel,
  loading,
  lockCancel = false,
  disabled,
  onSubmit,
  color,
}: FormButtonsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={lockCancel && loading}>
        <Trans>Cancel</Trans>
      </Button>
      <Button
        type={onSubmit ? "button" : "submit"}
        onClick={onSubmit}
        color={color}
        disabled={disabled}
        loading={loading}
      >
        {submitLabel}
      </Button>
    </Group>
  );
}
