import { describe, expect, it } from "vitest";
import { findUnsafeValue, isSafeText, MAX_JSON_BYTES } from "./input-safety";
import { ZCreateTenantInput, ZEmail, ZJson, ZRequired } from "./schemas";

const deep = (depth: number) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe("unsafe input", () => {
  it("issue 6.11: NUL and lone surrogates are unsafe text, paired surrogates are not", () => {
    expect(isSafeText("Hyvää päivää 👋")).toBe(true);
    expect(isSafeText("a\u0000b")).toBe(false);
    expect(isSafeText("x\ud800y")).toBe(false);
    expect(isSafeText("\udfff")).toBe(false);
    expect(isSafeText("\ud83d")).toBe(false);
  });

  it("issue 6.11: the shared string schemas refuse unsafe text with invalid_text", () => {
    expect(ZRequired().safeParse("a\u0000b").error?.issues[0]?.message).toBe("invalid_text");
    expect(ZEmail.safeParse("a\ud800@example.fi").error?.issues[0]?.message).toBe("invalid_text");
    const tenant = ZCreateTenantInput.safeParse({ name: "Oy\u0000", country: "FI", city: "\udc00" });
    expect(tenant.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["name", "invalid_text"],
      ["city", "invalid_text"],
    ]);
  });

  it("issue 6.11: free JSON is capped in depth and size and checked to its last key", () => {
    expect(ZJson.safeParse({ screen: "dashboard", filters: [1, 2] }).success).toBe(true);
    expect(ZJson.safeParse(deep(16)).success).toBe(true);
    expect(ZJson.safeParse(deep(17)).error?.issues[0]?.message).toBe("value_too_complex");
    expect(ZJson.safeParse("x".repeat(MAX_JSON_BYTES + 1)).error?.issues[0]?.message).toBe(
      "value_too_complex",
    );
    const nested = ZJson.safeParse({ a: [{ b: "ok" }, { c: "no\u0000" }] });
    expect(nested.error?.issues[0]).toMatchObject({ message: "invalid_text", path: ["a", 1, "c"] });
    expect(ZJson.safeParse({ "bad\u0000key": 1 }).error?.issues[0]?.message).toBe("invalid_text");
  });

  it("issue 6.11: a 5,000-deep value is found without exhausting the stack", () => {
    expect(findUnsafeValue(deep(5_000))).toMatchObject({ key: "value_too_complex" });
    expect(findUnsafeValue({ list: ["fine", "x\ud800"] })).toEqual({
      path: ["list", 1],
      key: "invalid_text",
    });
    expect(findUnsafeValue({ a: { b: [1, "two", null, true] } })).toBeNull();
  });
});
