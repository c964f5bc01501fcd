import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * Score bands (document 2 §9), shared by the reports and the dashboard: the word always goes with
 * the colour, which never stands alone.
 */
export type Band = "weakness" | "opportunity" | "strength" | "grey";

export const BAND_LABELS: Record<Band, MessageDescriptor> = {
  weakness: msg`Weakness`,
  opportunity: msg`Opportunity`,
  strength: msg`Strength`,
  grey: msg`No data`,
};

/** Band fills: light tones under dark text (contrast ≥ 4.5:1); the band is also named in words. */
export const BAND_COLORS: Record<Band, string> = {
  weakness: "red.2",
  opportunity: "yellow.2",
  strength: "green.2",
  grey: "gray.2",
};

/** Stronger tones for bars and dots in charts (each chart also has a table or sentence). */
export const BAND_CHART_COLORS: Record<Band, string> = {
  weakness: "red.7",
  opportunity: "yellow.6",
  strength: "green.7",
  grey: "gray.5",
};
