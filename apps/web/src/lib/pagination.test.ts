import { describe, expect, it } from "vitest";
import { pageCount, pageOf, pageRange, parsePageSize } from "./pagination";

describe("paging", () => {
  const rows = Array.from({ length: 120 }, (_, i) => i);
  it("cuts pages of the chosen size", () => {
    expect(pageCount(120, 50)).toBe(3);
    expect(pageCount(0, 50)).toBe(1);
    expect(pageOf(rows, 3, 50)).toEqual(rows.slice(100));
    expect(pageOf(rows, 9, 100)).toEqual(rows.slice(100));
    expect(pageOf(rows, 2, "all")).toHaveLength(120);
    expect(pageCount(120, "all")).toBe(1);
  });

  it("tells which rows the page shows", () => {
    expect(pageRange(120, 3, 50)).toEqual({ first: 101, last: 120 });
    expect(pageRange(120, 1, "all")).toEqual({ first: 1, last: 120 });
    expect(pageRange(0, 1, 50)).toEqual({ first: 0, last: 0 });
  });

  it("reads the select's value", () => {
    expect(parsePageSize("100", [50, 100, 500])).toBe(100);
    expect(parsePageSize("all", [50, 100, 500])).toBe("all");
    expect(parsePageSize("200", [50, 100, 500])).toBe("all");
  });
});
