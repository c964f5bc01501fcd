import { describe, expect, it } from "vitest";
import { hasPermission, PERMISSIONS, permissionsOf, ROLE_PERMISSIONS } from "./permissions";
import { isPaid, nextPlan, PLAN_LIMITS, planAllows } from "./plans";

describe("permissions", () => {
  it("grants an admin everything and denies unknown roles", () => {
    expect([...permissionsOf(["tenant_admin"])].sort()).toEqual([...PERMISSIONS].sort());
    expect(permissionsOf(["admin", "nonsense"]).size).toBe(0);
  });

  it("lets read-only users view surveys but change nothing", () => {
    expect(hasPermission(["tenant_readonly"], "survey.read")).toBe(true);
    expect(hasPermission(["tenant_readonly"], "survey.write")).toBe(false);
    expect(hasPermission(["tenant_basic"], "survey.read")).toBe(false);
    for (const perm of ROLE_PERMISSIONS.tenant_readonly) expect(perm.endsWith(".read")).toBe(true);
  });

  it("unites the permissions of several roles", () => {
    expect(hasPermission(["tenant_basic", "tenant_readonly"], "survey.read")).toBe(true);
  });
});

describe("plans", () => {
  it("follows the limits of spec §9", () => {
    expect(PLAN_LIMITS.FREE.answerers).toBe(10);
    expect(PLAN_LIMITS.FREE.suggestedTasks).toBe(5);
    expect(PLAN_LIMITS.PRO.answerers).toBe(250);
    expect(PLAN_LIMITS.TOTAL.answerers).toBeNull();
    expect(planAllows("FREE", "financials")).toBe(false);
    expect(planAllows("PRO", "financials")).toBe(true);
  });

  it("orders plans FREE, PRO, TOTAL", () => {
    expect(nextPlan("FREE")).toBe("PRO");
    expect(nextPlan("PRO")).toBe("TOTAL");
    expect(nextPlan("TOTAL")).toBeNull();
    expect(isPaid("FREE")).toBe(false);
    expect(isPaid("TOTAL")).toBe(true);
  });
});
