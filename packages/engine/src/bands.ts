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

export function scoredBand(value: number, bounds: BandBounds = DEFAULT_BOUNDS): ScoredBand {
  if (value <= bounds.weaknessMax) return "weakness";
  if (value <= bounds.opportunityMax) return "opportunity";
  return "strength";
}

export function bandFor(value: number | null, bounds: BandBounds = DEFAULT_BOUNDS): Band {
  return value === null ? "grey" : scoredBand(value, bounds);
}
