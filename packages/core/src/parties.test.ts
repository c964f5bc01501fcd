import { describe, expect, it } from "vitest";
import { isBirthDateInRange, isMasked, maskIdentifier, ZPartyInput, ZPersonInput } from "./parties";

describe("parties and persons (document 3 §3, §5; issue 22)", () => {
  it("takes birth dates from 1950-01-01 to today (Finnish time) only", () => {
    const now = new Date("2026-06-15T10:00:00Z");
    expect(isBirthDateInRange("1950-01-01", now)).toBe(true);
    expect(isBirthDateInRange("2026-06-15", now)).toBe(true);
    expect(isBirthDateInRange("1949-12-31", now)).toBe(false);
    expect(isBirthDateInRange("2026-06-16", now)).toBe(false);
    expect(isBirthDateInRange("1990-02-30", now)).toBe(false);
  });

  it("masks an identifier to its last 4 characters, and knows a masked one", () => {
    expect(maskIdentifier("010190-123A")).toBe("••••123A");
    expect(maskIdentifier("123")).toBe("••••");
    expect(maskIdentifier(null)).toBeNull();
    expect(isMasked("••••123A")).toBe(true);
    expect(isMasked("010190-123A")).toBe(false);
  });

  it("checks a person's e-mail (no spaces, valid) and keeps absent fields absent", () => {
    const issue = (email: string) => ZPersonInput.safeParse({ email }).error?.issues[0]?.message;
    expect(issue("a b@example.fi")).toBe("no_spaces");
    expect(issue("ab.example.fi")).toBe("invalid_email");
    expect(ZPersonInput.parse({ email: "" }).email).toBeNull();
    expect(ZPersonInput.parse({})).toEqual({});
    expect(ZPartyInput.parse({ companyName: "" })).toEqual({ companyName: null });
  });
});
