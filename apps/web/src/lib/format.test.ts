import { describe, expect, it } from "vitest";
import { groupInFours, loginBreak } from "./format";

describe("groupInFours", () => {
  it("issue 6.18: shows a TOTP secret in groups of four for typing by hand", () => {
    expect(groupInFours("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP");
    expect(groupInFours("ABCDEF")).toBe("ABCD EF");
    expect(groupInFours("")).toBe("");
  });
});

describe("loginBreak", () => {
  it("issue 6.17: an e-mail address breaks after its @, never inside a word", () => {
    expect(loginBreak("anna.virtanen@aurora.example")).toEqual(["anna.virtanen@", "aurora.example"]);
    expect(loginBreak('"a@b"@example.fi')).toEqual(['"a@b"@', "example.fi"]);
    expect(loginBreak("aurora-kiosk")).toBeNull();
    expect(loginBreak("@example.fi")).toBeNull();
    expect(loginBreak("someone@")).toBeNull();
  });
});

describe("formatDate", () => {
  it("issue 19.8: one date format per language, the one the date pickers take", async () => {
    const { i18n } = await import("@lingui/core");
    const { formatDate, formatDateTime } = await import("./format");
    const expected = {
      en: "25/11/2026",
      fi: "25.11.2026",
      ee: "25.11.2026",
      ru: "25.11.2026",
      pl: "25.11.2026",
    };
    for (const [language, day] of Object.entries(expected)) {
      i18n.loadAndActivate({ locale: language, messages: {} });
      expect(formatDate("2026-11-25"), language).toBe(day);
      expect(formatDateTime(new Date(2026, 10, 25, 14, 5)), language).toContain(day);
    }
  });
});
