import { describe, expect, it } from "vitest";
import { normalisePhone } from "./phone";
import { ZUserInfoInput } from "./schemas";

describe("issue 10.7: phone numbers get the default calling code 358", () => {
  it("issue 10.7: adds +358 to a number without a calling code and drops its trunk 0", () => {
    expect(normalisePhone("040 123 4567")).toBe("+358401234567");
    expect(normalisePhone("40-123 4567")).toBe("+358401234567");
    expect(normalisePhone("(09) 123 456")).toBe("+3589123456");
  });

  it("issue 10.7: keeps a given calling code, written with + or 00", () => {
    expect(normalisePhone("+46 70 123 45 67")).toBe("+46701234567");
    expect(normalisePhone("00372 5123 4567")).toBe("+37251234567");
    expect(normalisePhone(" +358 (0)40 123 4567 ")).toBe("+358401234567");
  });

  it("issue 10.7: refuses what cannot be a phone number", () => {
    for (const bad of [
      "abc",
      "12",
      "+0 123 4567",
      "+1234567890123456",
      "040 123 4567 ext 5",
      "++358401234567",
    ])
      expect(normalisePhone(bad), bad).toBeNull();
  });

  it("issue 10.7: the shared profile schema stores the normalised number and names a bad one", () => {
    expect(ZUserInfoInput.parse({ phone: "040 123 4567" })).toEqual({ phone: "+358401234567" });
    expect(ZUserInfoInput.parse({ phone: "" })).toEqual({ phone: null });
    expect(ZUserInfoInput.parse({})).toEqual({});
    const bad = ZUserInfoInput.safeParse({ phone: "call me" });
    expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["phone", "invalid_phone"]]);
  });
});
