import { describe, expect, it } from "vitest";
import { apiKeyNameOf, DETAIL_MAX, detailOf, personName } from "./audit-detail";

describe("audit row detail", () => {
  it("summarises scalar values and lists, in the order stored", () => {
    expect(detailOf({ role: "tenant_basic" })).toBe("role: tenant_basic");
    expect(detailOf({ roles: ["tenant_admin", "tenant_basic"], status: "PRO" })).toBe(
      "roles: tenant_admin, tenant_basic; status: PRO",
    );
    expect(detailOf({ id: "x", enabled: false, count: 3 })).toBe("id: x; enabled: false; count: 3");
  });

  it("leaves out nested objects, empty values and the API key's name", () => {
    expect(detailOf({ nested: { a: 1 }, empty: " ", none: null, list: [] })).toBeNull();
    expect(detailOf({ mixed: ["a", { b: 1 }], role: "x" })).toBe("role: x");
    expect(detailOf({ apiKeyName: "CI export", role: "x" })).toBe("role: x");
    expect(detailOf(null)).toBeNull();
    expect(detailOf(["a"])).toBeNull();
    expect(detailOf("text")).toBeNull();
  });

  it("cuts a long line with an ellipsis at the cap", () => {
    const long = detailOf({ text: "x".repeat(500) });
    expect(long).toHaveLength(DETAIL_MAX);
    expect(long?.endsWith("…")).toBe(true);
    expect(detailOf({ text: "x".repeat(DETAIL_MAX - 6) })).toHaveLength(DETAIL_MAX);
  });

  it("reads the API key's name only when it is text", () => {
    expect(apiKeyNameOf({ apiKeyName: " CI export " })).toBe("CI export");
    expect(apiKeyNameOf({ apiKeyName: 5 })).toBeNull();
    expect(apiKeyNameOf({ apiKeyName: "  " })).toBeNull();
    expect(apiKeyNameOf(null)).toBeNull();
  });

  it("names a person by name, else e-mail, else username", () => {
    const none = { firstName: null, lastName: null, email: null, username: null };
    expect(personName({ ...none, firstName: "Anna", lastName: "Virtanen", email: "a@x" })).toBe(
      "Anna Virtanen",
    );
    expect(personName({ ...none, lastName: "Virtanen" })).toBe("Virtanen");
    expect(personName({ ...none, email: "a@x", username: "tablet" })).toBe("a@x");
    expect(personName({ ...none, username: "tablet" })).toBe("tablet");
    expect(personName(none)).toBeNull();
  });
});
