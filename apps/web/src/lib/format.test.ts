import { describe, expect, it } from "vitest";
import { groupInFours } from "./format";

describe("groupInFours", () => {
  it("issue 6.18: shows a TOTP secret in groups of four for typing by hand", () => {
    expect(groupInFours("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP");
    expect(groupInFours("ABCDEF")).toBe("ABCD EF");
    expect(groupInFours("")).toBe("");
  });
});
