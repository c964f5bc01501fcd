import { describe, expect, it } from "vitest";
import { hashDeepLink, safeRedirect } from "./redirect";

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

describe("hashDeepLink", () => {
  it("turns the hash form of document 2 into the path", () => {
    expect(hashDeepLink("/", "#/t/abc/reports/rg/leadership")).toBe("/t/abc/reports/rg/leadership");
    expect(hashDeepLink("/", "#/t/abc/reports/rg/efficiency/processes")).toBe(
      "/t/abc/reports/rg/efficiency/processes",
    );
  });

  it("leaves other addresses alone", () => {
    expect(hashDeepLink("/t/abc/dashboard", "#/t/abc/reports/rg/leadership")).toBeNull();
    expect(hashDeepLink("/", "#section")).toBeNull();
    expect(hashDeepLink("/", "")).toBeNull();
    expect(hashDeepLink("/", "#//evil.example/x")).toBeNull();
    expect(hashDeepLink("/", "#/login")).toBeNull();
  });
});
