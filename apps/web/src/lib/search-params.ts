/**
 * Readers for route search parameters (the `validateSearch` of the route files). They run on
 * every first load, because the route tree is in the entry chunk, so they are plain functions
 * rather than zod schemas: zod would add about 23 kB gzip to the first load (issue 8's budget).
 * Every reader returns undefined for a value it cannot read, so a hand-edited URL never breaks
 * a screen; TanStack Router has already turned `?a=1` into a number and `?a=true` into a boolean.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A string of at most `max` characters. */
export function text(value: unknown, max: number): string | undefined {
  return typeof value === "string" && value.length <= max ? value : undefined;
}

/** A string or a number (a numeric value the router has parsed), as given. */
export function textOrNumber(value: unknown): string | number | undefined {
  return typeof value === "string" || typeof value === "number" ? value : undefined;
}

/** A UUID in its canonical text form. */
export function uuid(value: unknown): string | undefined {
  return typeof value === "string" && UUID.test(value) ? value : undefined;
}

/** A boolean as the router parsed it (`?a=true`); anything else is not given. */
export function boolean(value: unknown): boolean | undefined {
  return typeof value === "boolean" ? value : undefined;
}

/** A switch: true for `true`, `"true"` and `"1"` (and the number 1), false for any other given value. */
export function flag(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  if (typeof value === "string" || typeof value === "number") return ["true", "1"].includes(String(value));
  return undefined;
}

/** An integer from `min` to `max`, from a number or its text. */
export function integer(value: unknown, min: number, max: number): number | undefined {
  if (typeof value !== "number" && typeof value !== "string") return undefined;
  if (typeof value === "string" && value.trim() === "") return undefined;
  const number = Number(value);
  return Number.isInteger(number) && number >= min && number <= max ? number : undefined;
}

/** A list of strings of at most `max` characters each; a single string is a list of one. */
export function textList(value: unknown, max: number): string[] | undefined {
  const list: unknown[] = Array.isArray(value) ? value : [value];
  const short = (item: unknown): item is string => typeof item === "string" && item.length <= max;
  return list.length > 0 && list.every(short) ? list : undefined;
}
