import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** Score bands (document 2 §9): the word always goes with the colour, which never stands alone. */
export type Band = "weakness" | "opportunity" | "strength" | "grey";

export const BAND_LABELS: Record<Band, MessageDescriptor> = {
  weakness: msg`Weakness`,
  opportunity: msg`Opportunity`,
  strength: msg`Strength`,
  grey: msg`No data`,
};

/** Dark enough shades that a bar reads against the card (WCAG 1.4.11). */
export const BAND_COLORS: Record<Band, string> = {
  weakness: "red.8",
  opportunity: "yellow.8",
  strength: "green.8",
  grey: "gray.6",
};

/** The band of a value on the default bounds (40 / 60), as the engine computes it. */
export function defaultBand(value: number | null): Band {
  if (value === null || value < 0) return "grey";
  if (value <= 40) return "weakness";
  if (value <= 60) return "opportunity";
  return "strength";
}

/** Scores are shown as whole percent (§9). */
export const wholePercent = (value: number) => Math.round(value);
