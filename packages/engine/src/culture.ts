import { EngineError } from "./errors";

export interface CultureShares {
  readonly productive: number;
  readonly authoritative: number;
  readonly individual: number;
  readonly fragmented: number;
}

/** Fixed order of the culture types; it is also the tie-break order of the rounding. */
export const CULTURE_TYPES = ["productive", "authoritative", "individual", "fragmented"] as const;

function assertPercent(value: number, name: string): void {
  if (!(Number.isFinite(value) && value >= 0 && value <= 100)) {
    throw new EngineError("INVALID_ARGUMENT", `${name} must be a number in 0..100`, name);
  }
}

/**
 * The four culture shares on 0..100 (exact, not rounded) from the direction and autonomy
 * scores (0..100): with d = direction/100 and a = autonomy/100, productive = d·a,
 * authoritative = d·(1−a), individual = (1−d)·a, fragmented = (1−d)·(1−a).
 */
export function cultureShares(direction: number, autonomy: number): CultureShares {
  assertPercent(direction, "direction");
  assertPercent(autonomy, "autonomy");
  const d = direction / 100;
  const a = autonomy / 100;
  return {
    productive: d * a * 100,
    authoritative: d * (1 - a) * 100,
    individual: (1 - d) * a * 100,
    fragmented: (1 - d) * (1 - a) * 100,
  };
}

// Floating-point noise (0.1 · 0.3 · 100 = 3.0000000000000004) must not decide which value gets
// rounded up, so values are compared on a grid far finer than any share that matters.
const GRID = 1e9;

/**
 * Rounds non-negative values that sum to `total` into whole numbers that sum to exactly
 * `total` (largest remainder / Hamilton method): every value is first rounded down, then the
 * units still missing go one each to the values with the largest fractional parts; equal
 * fractional parts go to the earlier value in the list.
 */
export function roundByLargestRemainder(values: readonly number[], total = 100): number[] {
  if (!Number.isSafeInteger(total) || total < 0) {
    throw new EngineError("INVALID_ARGUMENT", "total must be a non-negative integer", "total");
  }
  const onGrid = values.map((value) => {
    if (!(Number.isFinite(value) && value >= 0)) {
      throw new EngineError("INVALID_ARGUMENT", "values must be finite and non-negative", "values");
    }
    return Math.round(value * GRID) / GRID;
  });
  const floors = onGrid.map(Math.floor);
  const missing = total - floors.reduce((sum, floor) => sum + floor, 0);
  const sum = onGrid.reduce((acc, value) => acc + value, 0);
  if (Math.abs(sum - total) > 1e-6 || missing < 0 || missing > values.length) {
    throw new EngineError("INVALID_ARGUMENT", `values must sum to ${total}`, "values");
  }
  const order = onGrid
    // Snapped again: 45.3 - 45 and 12.3 - 12 differ in their last bits but are the same remainder.
    .map((value, index) => ({ index, remainder: Math.round((value - (floors[index] ?? 0)) * GRID) / GRID }))
    .sort((x, y) => y.remainder - x.remainder || x.index - y.index);
  const rounded = [...floors];
  for (const { index } of order.slice(0, missing)) rounded[index] = (rounded[index] ?? 0) + 1;
  return rounded;
}

/** Whole percentages of the culture shares, summing to exactly 100. */
export function culturePercentages(shares: CultureShares): CultureShares {
  const [productive = 0, authoritative = 0, individual = 0, fragmented = 0] = roundByLargestRemainder(
    CULTURE_TYPES.map((type) => shares[type]),
  );
  return { productive, authoritative, individual, fragmented };
}
