import { describe, expect, it } from "vitest";
import { matchesTerms, searchTerms } from "./search";

describe("search", () => {
  it("splits the search into lower-cased terms", () => {
    expect(searchTerms("  Anna  ADMIN ")).toEqual(["anna", "admin"]);
    expect(searchTerms("")).toEqual([]);
  });

  it("needs every term in some field", () => {
    const fields = ["anna@example.com", null, "Anna", "Virtanen", undefined];
    expect(matchesTerms([], fields)).toBe(true);
    expect(matchesTerms(["anna", "virt"], fields)).toBe(true);
    expect(matchesTerms(["anna", "laine"], fields)).toBe(false);
  });
});
