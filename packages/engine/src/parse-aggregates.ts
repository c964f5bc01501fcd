import type { Aggregates } from "./aggregates";
import { EngineError } from "./errors";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

// Scores lie in 0..100, so a sum lies in 0..100·count and a sum of squares in 0..10000·count.
// The small slack lets through sums that SQL added in another order or another float type.
const SLACK = 1e-9;

function fail(section: string, key: string, why: string): EngineError {
  return new EngineError("INVALID_AGGREGATES", `${section}.${key}: ${why}`, `${section}.${key}`);
}

function checkMoments(value: unknown, respondents: number, section: string, key: string): void {
  if (!isRecord(value)) throw fail(section, key, "not an object");
  const { count, sum, sumSquares } = value;
  if (!isCount(count) || count > respondents) {
    throw fail(section, key, "count must be an integer in 0..respondents");
  }
  if (typeof sum !== "number" || !(sum >= -SLACK && sum <= 100 * count * (1 + SLACK))) {
    throw fail(section, key, "sum must be a number in 0..100·count");
  }
  if (
    typeof sumSquares !== "number" ||
    !(sumSquares >= -SLACK && sumSquares <= 10_000 * count * (1 + SLACK))
  ) {
    throw fail(section, key, "sumSquares must be a number in 0..10000·count");
  }
}

function checkSection(value: unknown, respondents: number, section: string): void {
  if (!isRecord(value)) throw new EngineError("INVALID_AGGREGATES", `${section} must be an object`, section);
  for (const key of Object.keys(value)) checkMoments(value[key], respondents, section, key);
}

/**
 * Checks a value read back from storage (jsonb, or rows built in SQL) and returns it typed as
 * Aggregates; the value itself is not copied. Numbers must be JS numbers: cast PostgreSQL
 * numeric to float8 / int first. Throws EngineError INVALID_AGGREGATES.
 */
export function parseAggregates(value: unknown): Aggregates {
  assertAggregates(value);
  return value;
}

function assertAggregates(value: unknown): asserts value is Aggregates {
  if (!isRecord(value)) throw new EngineError("INVALID_AGGREGATES", "Aggregates must be an object");
  const { respondents } = value;
  if (!isCount(respondents)) {
    throw new EngineError("INVALID_AGGREGATES", "respondents must be a non-negative integer", "respondents");
  }
  checkSection(value.categories, respondents, "categories");
  checkSection(value.questions, respondents, "questions");
}
