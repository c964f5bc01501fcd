import { describe, expect, it } from "vitest";
import { apiKeyNameOf, DETAIL_MAX, DETAILS_MAX, detailsOf, personName } from "./audit-detail";

describe("audit row details", () => {
  it("keeps simple values and lists of them, in the order stored", () => {
    expect(detailsOf({ role: "tenant_basic" })).toEqual([{ field: "role", value: "tenant_basic" }]);
    expect(detailsOf({ roles: ["tenant_admin", "tenant_basic"], status: "PRO" })).toEqual([
      { field: "roles", value: ["tenant_admin", "tenant_basic"] },
      { field: "status", value: "PRO" },
    ]);
    expect(detailsOf({ enabled: false, count: 3, codes: [1, true] })).toEqual([
      { field: "enabled", value: false },
      { field: "count", value: 3 },
      { field: "codes", value: ["1", "true"] },
    ]);
  });

  it("leaves out ids: fields named like ids and values that are UUIDs", () => {
    const uuid = "3f2c8a4e-5b6d-4c1e-9f0a-7b8c9d0e1f2a";
    expect(
      detailsOf({ id: "x", userId: "y", endpointId: "z", team_id: "t", teamIds: ["a"], target: uuid }),
    ).toEqual([]);
    expect(detailsOf({ members: [uuid, "Anna"], name: "Sales", paid: true, ips: ["192.0.2.1"] })).toEqual([
      { field: "members", value: ["Anna"] },
      { field: "name", value: "Sales" },
      { field: "paid", value: true },
      { field: "ips", value: ["192.0.2.1"] },
    ]);
  });

  it("leaves out nested objects, empty values, secrets and the API key's name", () => {
    expect(detailsOf({ nested: { a: 1 }, empty: " ", none: null, list: [], password: "[redacted]" })).toEqual(
      [],
    );
    expect(detailsOf({ mixed: ["a", { b: 1 }], role: "x" })).toEqual([{ field: "role", value: "x" }]);
    expect(detailsOf({ apiKeyName: "CI export", role: "x" })).toEqual([{ field: "role", value: "x" }]);
    expect(detailsOf(null)).toEqual([]);
    expect(detailsOf(["a"])).toEqual([]);
    expect(detailsOf("text")).toEqual([]);
  });

  it("cuts a long text with an ellipsis at the cap and keeps at most DETAILS_MAX details", () => {
    const [long] = detailsOf({ text: "x".repeat(500) });
    expect(long?.value).toHaveLength(DETAIL_MAX);
    expect(String(long?.value).endsWith("…")).toBe(true);
    expect(detailsOf({ text: "x".repeat(DETAIL_MAX) })[0]?.value).toBe("x".repeat(DETAIL_MAX));
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, i]));
    expect(detailsOf(many)).toHaveLength(DETAILS_MAX);
    expect(detailsOf({ list: Array.from({ length: 30 }, (_, i) => `v${i}`) })[0]?.value).toHaveLength(
      DETAILS_MAX,
    );
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
