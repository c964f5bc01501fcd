import { useLingui } from "@lingui/react/macro";
import { SegmentedControl, Stack, Text } from "@mantine/core";
import { useId } from "react";

export type NotificationValue = "OFF" | "DAILY" | "WEEKLY";

/** The survey's notification option (§2): off, daily or weekly. */
export function NotificationSelect({
  value,
  onChange,
  disabled,
}: {
  value: NotificationValue;
  onChange: (value: NotificationValue) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {t`Notifications`}
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        disabled={disabled}
        value={value}
        onChange={(v) => onChange(v as NotificationValue)}
        data={[
          { value: "OFF", label: t`Off` },
          { value: "DAILY", label: t`Daily` },
          { value: "WEEKLY", label: t`Weekly` },
        ]}
      />
    </Stack>
  );
}
