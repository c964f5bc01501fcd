import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it("keeps paths inside the app", () => {
    expect(safeRedirect("/me")).toBe("/me");
    expect(safeRedirect("/t/abc/dashboard?x=1")).toBe("/t/abc/dashboard?x=1");
  });

  it("refuses other origins and loops", () => {
    for (const target of [
      undefined,
      "",
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/login",
      "/logout?x=1",
    ]) {
      expect(safeRedirect(target)).toBe("/");
    }
  });
});
