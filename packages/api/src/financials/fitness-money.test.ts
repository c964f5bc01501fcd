import { describe, expect, it } from "vitest";
import { revenueGrowth } from "./fitness-money";

describe("revenue growth (issue 23, fitness against money)", () => {
  it("is the change against the previous statement's sales revenue, in percent", () => {
    expect(revenueGrowth(1_200_000, 1_000_000)).toBeCloseTo(20, 10);
    expect(revenueGrowth(900_000, 1_000_000)).toBeCloseTo(-10, 10);
    // A negative base: the sign follows the direction of the change.
    expect(revenueGrowth(-50, -100)).toBeCloseTo(50, 10);
  });

  it("is null without both figures or from zero", () => {
    expect(revenueGrowth(100, null)).toBeNull();
    expect(revenueGrowth(100, undefined)).toBeNull();
    expect(revenueGrowth(null, 100)).toBeNull();
    expect(revenueGrowth(100, 0)).toBeNull();
  });
});
