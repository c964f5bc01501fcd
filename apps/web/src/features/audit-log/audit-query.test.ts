import { describe, expect, it } from "vitest";
import { csvPath, filterInput, NO_FILTERS, pageInput, withFilter } from "./audit-query";

describe("audit log query", () => {
  it("sends only the filters that are set", () => {
    expect(filterInput(NO_FILTERS)).toEqual({});
    expect(filterInput({ ...NO_FILTERS, action: "auth.sign_in", from: "2026-11-01" })).toEqual({
      action: "auth.sign_in",
      from: "2026-11-01",
    });
  });

  it("turns pages into limit and offset", () => {
    expect(pageInput(1, 50)).toEqual({ limit: 50, offset: 0 });
    expect(pageInput(3, 25)).toEqual({ limit: 25, offset: 50 });
    expect(pageInput(0, 25)).toEqual({ limit: 25, offset: 0 });
  });

  it("addresses the CSV of the scope with the filters and the language", () => {
    const filters = { ...NO_FILTERS, userId: "u1", to: "2026-11-30", tenantId: "t1" };
    expect(csvPath("tenant", filters, "fi")).toBe("/api/tenant/audit/csv?userId=u1&to=2026-11-30&lang=fi");
    expect(csvPath("admin", filters, "en")).toBe(
      "/api/admin/audit/csv?userId=u1&to=2026-11-30&tenantId=t1&lang=en",
    );
    expect(csvPath("admin", { ...NO_FILTERS, action: "a b&c" }, "en")).toBe(
      "/api/admin/audit/csv?action=a+b%26c&lang=en",
    );
  });

  it("changes one filter and drops a last day before the first", () => {
    const range = withFilter(withFilter(NO_FILTERS, "from", "2026-11-10"), "to", "2026-11-20");
    expect(range).toMatchObject({ from: "2026-11-10", to: "2026-11-20" });
    expect(withFilter(range, "from", "2026-11-21")).toMatchObject({ from: "2026-11-21", to: null });
    expect(withFilter(range, "from", "2026-11-20")).toMatchObject({ from: "2026-11-20", to: "2026-11-20" });
    expect(withFilter(range, "action", "")).toMatchObject({ action: null, from: "2026-11-10" });
  });
});
