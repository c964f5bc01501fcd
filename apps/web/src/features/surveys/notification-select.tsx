import { useLingui } from "@lingui/react/macro";
import { Group, Radio } from "@mantine/core";

export type NotificationValue = "OFF" | "DAILY" | "WEEKLY";

/** The survey's notification option (§2): off, daily or weekly. The choices wrap on a phone. */
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
  return (
    <Radio.Group label={t`Notifications`} value={value} onChange={(v) => onChange(v as NotificationValue)}>
      <Group gap="md" mt={6}>
        <Radio value="OFF" label={t`Off`} disabled={disabled} />
        <Radio value="DAILY" label={t`Daily`} disabled={disabled} />
        <Radio value="WEEKLY" label={t`Weekly`} disabled={disabled} />
      </Group>
    </Radio.Group>
  );
}
