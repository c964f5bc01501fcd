/** Upper bounds (inclusive) of the weakness and opportunity bands; above is strength. */
export interface BandBounds {
  readonly weaknessMax: number;
  readonly opportunityMax: number;
}

export type ScoredBand = "weakness" | "opportunity" | "strength";
/** 'grey' stands for "no value" (the old client used a negative number for it). */
export type Band = ScoredBand | "grey";

export const DEFAULT_BOUNDS: BandBounds = Object.freeze({ weaknessMax: 40, opportunityMax: 60 });
/** culture (the productive share) and economy_customers use wider bands. */
export const WIDE_BOUNDS: BandBounds = Object.freeze({ weaknessMax: 22.5, opportunityMax: 72.5 });

/**
 * Decimal places a value keeps when it is compared with a bound (a band, the input map's gap).
 * Values are means of floating-point sums, so a mean that is exactly 60 on paper can come out as
 * 60.00000000000001 or 59.99999999999999 depending on the order shares were merged in. Rounding to
 * 1e-7 of a point before comparing removes that noise (it stays below 1e-8 even for a million
 * respondents) while no real difference a report could show is lost: display rounds to whole percent.
 */
export const COMPARISON_DECIMALS = 7;
const COMPARISON_SCALE = 10 ** COMPARISON_DECIMALS;

/** `value` as it is compared with a bound: rounded to COMPARISON_DECIMALS places. */
export function comparable(value: number): number {
  return Math.round(value * COMPARISON_SCALE) / COMPARISON_SCALE;
}

export function scoredBand(raw: number, bounds: BandBounds = DEFAULT_BOUNDS): ScoredBand {
  const value = comparable(raw);
  if (value <= bounds.weaknessMax) return "weakness";
  if (value <= bounds.opportunityMax) return "opportunity";
  return "strength";
}

export function bandFor(value: number | null, bounds: BandBounds = DEFAULT_BOUNDS): Band {
  return value === null ? "grey" : scoredBand(value, bounds);
}
