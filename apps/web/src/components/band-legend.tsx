import { DEFAULT_BOUNDS, WIDE_BOUNDS } from "@kunto/engine";
import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Group, Stack, Text } from "@mantine/core";
import { BAND_COLORS, BAND_LABELS, type Band } from "../lib/bands";

/** A bound as written in the language (22.5 is "22,5" in Finnish). */
const fmt = (n: number) => n.toLocaleString(document.documentElement.lang || "en");

/**
 * What the bands mean (issue 18.4), wherever a band is shown: the ranges of each band, and why the
 * same value can be a strength in one category and an opportunity in another (culture and economy &
 * customers are shares of answers, with wider bands). A disclosure, so it costs one line.
 */
export function BandLegend() {
  const { i18n, t } = useLingui();
  const row = (band: Band, range: string) => (
    <Group gap="xs" wrap="nowrap" align="center">
      <Badge color={BAND_COLORS[band]} c="dark.7" variant="filled" radius="sm" style={{ flexShrink: 0 }}>
        {i18n._(BAND_LABELS[band])}
      </Badge>
      <Text size="sm">{range}</Text>
    </Group>
  );
  const d = DEFAULT_BOUNDS;
  const w = WIDE_BOUNDS;
  return (
    <details className="band-legend">
      <summary>
        <Text span size="sm" fw={600}>
          <Trans>What the bands mean</Trans>
        </Text>
      </summary>
      <Stack gap={6} mt="xs">
        {row("weakness", t`${fmt(d.weaknessMax)} % or less`)}
        {row("opportunity", t`over ${fmt(d.weaknessMax)} % up to ${fmt(d.opportunityMax)} %`)}
        {row("strength", t`over ${fmt(d.opportunityMax)} %`)}
        <Text size="sm">
          <Trans>
            Culture and Economy & customers are shares of answers, not averages, so their bands are wider:
            weakness up to {fmt(w.weaknessMax)} %, strength above {fmt(w.opportunityMax)} %. That is why 63 %
            can be a strength in one category and an opportunity in another.
          </Trans>
        </Text>
      </Stack>
    </details>
  );
}
