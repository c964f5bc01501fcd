import { describe, expect, it } from "vitest";
import { addressAllowed, KEY_PERMISSIONS, keyMayCall, PERSON_ONLY_PERMISSIONS } from "./key-access";

describe("what an API key may do (issue 20)", () => {
  it("allows every address on an empty list, else only the listed addresses and ranges", () => {
    expect(addressAllowed([], "203.0.113.9")).toBe(true);
    const list = ["192.0.2.10", "198.51.100.0/24", "2001:db8::/32"];
    expect(addressAllowed(list, "192.0.2.10")).toBe(true);
    expect(addressAllowed(list, "198.51.100.77")).toBe(true);
    expect(addressAllowed(list, "2001:db8::5")).toBe(true);
    for (const ip of ["192.0.2.11", "198.51.101.1", "2001:db9::1", "unknown", ""])
      expect({ ip, allowed: addressAllowed(list, ip) }).toEqual({ ip, allowed: false });
  });

  it("holds tenant_admin's permissions minus the person-only ones; read only the .read ones", () => {
    for (const permission of PERSON_ONLY_PERMISSIONS)
      expect(KEY_PERMISSIONS.write.has(permission)).toBe(false);
    expect(KEY_PERMISSIONS.write.has("survey.write")).toBe(true);
    expect(KEY_PERMISSIONS.read.has("survey.read")).toBe(true);
    expect(KEY_PERMISSIONS.read.has("survey.write")).toBe(false);
    for (const permission of KEY_PERMISSIONS.read) expect(permission.endsWith(".read")).toBe(true);
  });

  it("calls only tenant procedures with a permission a key holds, never a personal one", () => {
    expect(keyMayCall({ access: "tenant", permission: "survey.read" })).toBe(true);
    expect(keyMayCall({ access: "tenant", permission: "survey.write" })).toBe(true);
    expect(keyMayCall({ access: "tenant", permission: "tenant.users.read" })).toBe(false);
    expect(keyMayCall({ access: "tenant", permission: "tenant.apikeys.manage" })).toBe(false);
    expect(keyMayCall({ access: "tenant", permission: "tenant.read", personal: true })).toBe(false);
    expect(keyMayCall({ access: "tenant" })).toBe(false);
    for (const access of ["public", "authed", "admin"])
      expect(keyMayCall({ access, permission: "survey.read" })).toBe(false);
  });
});
