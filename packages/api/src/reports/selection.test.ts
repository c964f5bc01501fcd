import { AppError } from "@kunto/core";
import { describe, expect, it } from "vitest";
import { MAX_REPORT_KEYS, parseKeys } from "./selection";

const keyOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.key;
    throw error;
  }
  return "accepted";
};

describe("report keys (document 2 §7: comma-separated survey or share keys)", () => {
  it("splits on commas, trims, drops empty entries and repeats, keeping the first order", () => {
    expect(parseKeys("a,b,,c ")).toEqual(["a", "b", "c"]);
    expect(parseKeys(" b , a,b")).toEqual(["b", "a"]);
    expect(parseKeys("K1")).toEqual(["K1"]);
  });

  it("asks for a target group when no key is left", () => {
    expect(keyOf(() => parseKeys(""))).toBe("choose_target_group");
    expect(keyOf(() => parseKeys(" , ,"))).toBe("choose_target_group");
  });

  it("takes up to MAX_REPORT_KEYS distinct keys and refuses more", () => {
    const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}`);
    expect(MAX_REPORT_KEYS).toBe(100);
    expect(parseKeys(keys(100).join(","))).toHaveLength(100);
    expect(keyOf(() => parseKeys(keys(101).join(",")))).toBe("report_selection_invalid");
    // Repeats do not count against the limit.
    expect(parseKeys([...keys(100), ...keys(100)].join(","))).toHaveLength(100);
  });
});
