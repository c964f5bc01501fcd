import { AUDIT_ADMIN_OPERATIONS } from "@kunto/core";
import { describe, expect, it } from "vitest";
import { appRouter } from "../root";

type Procedures = Record<string, { _def: { type: string; meta?: { access?: string } } }>;

describe("audit log: the admin path's operations (issue 20.5)", () => {
  it("names every mutation of the admin path, which leaves an `admin.<procedure>` row", () => {
    const procedures = appRouter._def.procedures as unknown as Procedures;
    const audited = Object.entries(procedures)
      .filter(
        ([, procedure]) => procedure._def.meta?.access === "admin" && procedure._def.type === "mutation",
      )
      .map(([path]) => path)
      .sort();
    expect(audited).toEqual([...AUDIT_ADMIN_OPERATIONS].sort());
    // Queries leave no row and need no label.
    expect(audited).not.toContain("admin.users");
  });
});
