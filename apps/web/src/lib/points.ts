import { plural } from "@lingui/core/macro";

/**
 * A change in points with its sign, in the language's plural forms ("+1 point", "−3 points"). The
 * value is rounded here, once: callers pass the unrounded difference of unrounded values, so the
 * same pair of surveys shows the same change on every screen (issue 18.4).
 */
export function signedPoints(value: number): string {
  const rounded = Math.round(value);
  const n = Math.abs(rounded);
  if (rounded > 0) return plural(n, { one: "+# point", other: "+# points" });
  if (rounded < 0) return plural(n, { one: "−# point", other: "−# points" });
  return plural(0, { one: "±# points", other: "±# points" });
}
