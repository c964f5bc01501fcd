import { describe, expect, it } from "vitest";
import { searchTerms } from "../../lib/search";
import type { AdminUser } from "../../lib/session";
import {
  canRemoveRole,
  DEFAULT_USER_FILTERS,
  enabledAdminCount,
  matchesSearch,
  missingRoles,
  nextSort,
  passesFilters,
  sortUsers,
  systemRolesOf,
} from "./user-list";

function user(overrides: Partial<AdminUser>): AdminUser {
  return {
    id: overrides.id ?? "id",
    subject: "subject",
    type: "CLOUD",
    email: null,
    username: null,
    firstName: null,
    lastName: null,
    phone: null,
    enabled: true,
    roles: ["basic"],
    roleSet: ["basic"],
    agentUser: false,
    imageKey: null,
    language: "en",
    isDemo: false,
    tenantRoles: [],
    ...overrides,
  };
}

const anna = user({
  id: "a",
  email: "anna@example.com",
  firstName: "Anna",
  roles: ["admin", "basic"],
  tenantRoles: [{ id: "t1", name: "Aurora Components", roleSet: ["tenant_admin"] }],
});
const kiosk = user({ id: "k", type: "LOCAL", username: "kiosk-1", roles: ["agent"], enabled: false });
const bob = user({
  id: "b",
  email: "bob@example.com",
  tenantRoles: [{ id: "t2", name: "Birch Oy", roleSet: ["tenant_basic"] }],
});

describe("search", () => {
  it("needs every term to match some field", () => {
    const terms = searchTerms("  ANNA   aurora ");
    expect(terms).toEqual(["anna", "aurora"]);
    expect(matchesSearch(anna, terms)).toBe(true);
    expect(matchesSearch(bob, terms)).toBe(false);
    expect(matchesSearch(anna, searchTerms("anna birch"))).toBe(false);
  });

  it("matches usernames, system roles, account roles and role texts", () => {
    expect(matchesSearch(kiosk, ["kiosk"])).toBe(true);
    expect(matchesSearch(kiosk, ["agent"])).toBe(true);
    expect(matchesSearch(anna, ["tenant_admin"])).toBe(true);
    expect(matchesSearch(kiosk, ["device"], (role) => (role === "agent" ? "Device user" : role))).toBe(true);
    expect(matchesSearch(bob, [])).toBe(true);
  });
});

describe("filters", () => {
  it("shows everyone by default", () => {
    expect([anna, kiosk, bob].filter((u) => passesFilters(u, DEFAULT_USER_FILTERS))).toHaveLength(3);
  });

  it("hides a type or a state when its chip is cleared", () => {
    expect(passesFilters(kiosk, ["cloud", "active", "inactive"])).toBe(false);
    expect(passesFilters(anna, ["local", "active", "inactive"])).toBe(false);
    expect(passesFilters(anna, ["cloud", "local", "inactive"])).toBe(false);
    expect(passesFilters(kiosk, ["cloud", "local", "active"])).toBe(false);
    expect(passesFilters(kiosk, ["cloud", "local", "inactive"])).toBe(true);
  });

  it("shows nothing with both state chips cleared", () => {
    expect([anna, kiosk, bob].filter((u) => passesFilters(u, ["cloud", "local"]))).toHaveLength(0);
  });
});

describe("sorting", () => {
  it("sorts by login and turns the direction", () => {
    expect(sortUsers([kiosk, bob, anna], { column: "user", direction: "asc" }).map((u) => u.id)).toEqual([
      "a",
      "b",
      "k",
    ]);
    expect(sortUsers([kiosk, bob, anna], { column: "user", direction: "desc" }).map((u) => u.id)).toEqual([
      "k",
      "b",
      "a",
    ]);
    expect(nextSort({ column: "user", direction: "asc" }, "user")).toEqual({
      column: "user",
      direction: "desc",
    });
    expect(nextSort({ column: "user", direction: "desc" }, "memberships")).toEqual({
      column: "memberships",
      direction: "asc",
    });
  });

  it("sorts memberships by account name with empty ones last", () => {
    const asc = sortUsers([kiosk, bob, anna], { column: "memberships", direction: "asc" });
    expect(asc.map((u) => u.id)).toEqual(["a", "b", "k"]);
    const desc = sortUsers([kiosk, bob, anna], { column: "memberships", direction: "desc" });
    expect(desc.map((u) => u.id)).toEqual(["b", "a", "k"]);
  });
});

describe("roles", () => {
  it("lists held and missing system roles", () => {
    expect(systemRolesOf(user({ roles: ["basic", "admin"] }))).toEqual(["admin", "basic"]);
    expect(missingRoles(anna, ["admin", "basic", "agent", "tenant_admin"])).toEqual(["agent"]);
  });

  it("keeps the last role and the last admin's admin role", () => {
    const admins = enabledAdminCount([anna, kiosk, bob]);
    expect(admins).toBe(1);
    expect(canRemoveRole(anna, "admin", admins)).toBe(false);
    expect(canRemoveRole(anna, "basic", admins)).toBe(true);
    expect(canRemoveRole(bob, "basic", admins)).toBe(false);
    expect(canRemoveRole(anna, "admin", 2)).toBe(true);
  });
});
