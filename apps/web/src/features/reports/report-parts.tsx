import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Alert, Badge, Group, Text } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { BAND_COLORS, BAND_LABELS, type Band } from "../../lib/bands";
import { signedPoints } from "../../lib/points";
import { type ReportSide, signed } from "./report-model";

/** The band in words on its colour (colour never carries the band alone). */
export function BandBadge({ band, withheld = false }: { band: Band; withheld?: boolean }) {
  const { i18n, t } = useLingui();
  if (withheld)
    return (
      <Badge color="gray.2" c="dark.7" variant="filled" radius="sm">
        {t`Withheld`}
      </Badge>
    );
  return (
    <Badge color={BAND_COLORS[band]} c="dark.7" variant="filled" radius="sm">
      {i18n._(BAND_LABELS[band])}
    </Badge>
  );
}

/** The change since the previous survey of the type, in points; nothing when there is none. */
export function TrendText({ value, size = "sm" }: { value: number | null | undefined; size?: string }) {
  const { t } = useLingui();
  const text = signed(value);
  if (text === null || value === null || value === undefined) return null;
  const points = signedPoints(value);
  return (
    <Text size={size} c="dark.5" aria-label={t`Change since the previous survey: ${points}`}>
      <Trans>{text} since previous</Trans>
    </Text>
  );
}

/** The anonymity rule, shown plainly where numbers are withheld (DECISIONS.md "Anonymity"). */
export function AnonymityNotice({ side }: { side: ReportSide }) {
  const { t } = useLingui();
  const a = side.anonymity;
  if (a.status === "ok") return null;
  return (
    <Alert
      color="grape"
      variant="light"
      icon={<IconLock size={18} aria-hidden />}
      title={t`Not enough answers to protect anonymity`}
    >
      {a.status === "not_enough_answers" ? (
        <Text size="sm">
          <Plural
            value={a.needed}
            one="# more answer is needed before the numbers of this selection can be shown."
            other="# more answers are needed before the numbers of this selection can be shown."
          />
        </Text>
      ) : (
        <Text size="sm">
          <Trans>
            Together with the other teams this selection would reveal the answers of a small team. Add the
            other small teams, or choose the whole survey.
          </Trans>
        </Text>
      )}
    </Alert>
  );
}

/** A number or the reason there is none. */
export function ScoreText({
  value,
  withheld,
  size = "xl",
}: {
  value: number | null;
  withheld: boolean;
  size?: string;
}) {
  const { t } = useLingui();
  if (withheld)
    return (
      <Group gap={4}>
        <IconLock size={16} aria-hidden />
        <Text size="sm">{t`Not enough answers to protect anonymity`}</Text>
      </Group>
    );
  return (
    <Text size={size} fw={700}>
      {value === null ? t`No data` : `${Math.round(value)} %`}
    </Text>
  );
}
