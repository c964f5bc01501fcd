/**
 * Text PostgreSQL cannot store (NUL) or that is not valid Unicode (a lone UTF-16 surrogate) is
 * refused at the door with `invalid_text`; free JSON nested or sized past what any screen writes is
 * refused with `value_too_complex`. Both used to reach the database and answer 500 (issue 6.11).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isSafeText = (value: string): boolean =>
  !value.includes("\u0000") && !LONE_SURROGATE.test(value);

/** The deepest nesting of any request input; free JSON fields have their own, lower cap. */
export const MAX_INPUT_DEPTH = 32;
/** Free JSON fields (a client's saved state, subscription data). */
export const MAX_JSON_DEPTH = 16;
export const MAX_JSON_BYTES = 64 * 1024;
/** Calls in one tRPC batch: the web client never sends more (its batch link is capped alike). */
export const MAX_TRPC_BATCH = 20;

export interface UnsafeValue {
  path: Array<string | number>;
  key: "invalid_text" | "value_too_complex";
}

/**
 * The first unsafe text (in a value or an object key) or the first point past `maxDepth`, walked
 * without recursion so a hostile depth cannot exhaust the stack.
 */
export function findUnsafeValue(value: unknown, maxDepth = MAX_INPUT_DEPTH): UnsafeValue | null {
  const stack: Array<{ value: unknown; path: Array<string | number> }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item) break;
    const { value: current, path } = item;
    if (typeof current === "string") {
      if (!isSafeText(current)) return { path, key: "invalid_text" };
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (path.length >= maxDepth) return { path, key: "value_too_complex" };
    if (Array.isArray(current)) {
      current.forEach((entry, index) => {
        stack.push({ value: entry, path: [...path, index] });
      });
      continue;
    }
    for (const [key, entry] of Object.entries(current)) {
      // The key itself is not echoed back: the error names the object holding it.
      if (!isSafeText(key)) return { path, key: "invalid_text" };
      stack.push({ value: entry, path: [...path, key] });
    }
  }
  return null;
}
