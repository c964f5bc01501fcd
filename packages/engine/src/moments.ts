/** Count, sum and sum of squares of respondent scores: enough for a mean and a sample sd. */
export interface Moments {
  readonly count: number;
  readonly sum: number;
  readonly sumSquares: number;
}

export const ZERO_MOMENTS: Moments = Object.freeze({ count: 0, sum: 0, sumSquares: 0 });

export function addScore(moments: Moments, score: number): Moments {
  return {
    count: moments.count + 1,
    sum: moments.sum + score,
    sumSquares: moments.sumSquares + score * score,
  };
}

export function addMoments(a: Moments, b: Moments): Moments {
  return { count: a.count + b.count, sum: a.sum + b.sum, sumSquares: a.sumSquares + b.sumSquares };
}

export function momentsMean(moments: Moments): number | null {
  return moments.count === 0 ? null : moments.sum / moments.count;
}

// Below this share of the mean square, a variance is floating-point cancellation in
// sumSquares - sum²/n (identical scores such as 100/3 leave ~1e-13 behind), not spread: on a
// 0..100 scale it is an sd of at most 0.001 points, far below what the reports display.
const RELATIVE_VARIANCE_NOISE = 1e-10;

/**
 * Sample standard deviation: sqrt((sumSquares - sum² / n) / (n - 1)); null when n < 2.
 */
export function momentsSd(moments: Moments): number | null {
  const { count, sum, sumSquares } = moments;
  if (count < 2) return null;
  const variance = (sumSquares - (sum * sum) / count) / (count - 1);
  if (variance <= RELATIVE_VARIANCE_NOISE * (sumSquares / count)) return 0;
  return Math.sqrt(variance);
}
