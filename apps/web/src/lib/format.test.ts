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
