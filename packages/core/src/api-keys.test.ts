import { describe, expect, it } from "vitest";
import { addMonths, apiKeyDefaultExpiry, expiryDayOf, ipEntryFamily, ipListLines } from "./api-keys";

describe("API key rules (document 3 §5, §9)", () => {
  it("takes addresses and CIDR ranges of both families, and nothing else", () => {
    for (const entry of ["192.0.2.7", "0.0.0.0/0", "10.0.0.0/8", "255.255.255.255/32"])
      expect({ entry, family: ipEntryFamily(entry) }).toEqual({ entry, family: 4 });
    for (const entry of ["::1", "2001:db8::/32", "::ffff:192.0.2.7", "fe80::1/128"])
      expect({ entry, family: ipEntryFamily(entry) }).toEqual({ entry, family: 6 });
    for (const entry of [
      "256.1.1.1",
      "10.0.0.0/33",
      "2001:db8::/129",
      "01.2.3.4",
      "host.example",
      "1.2.3",
      "10.0.0.0/8/8",
      "::1/-1",
      "fe80::1%eth0",
    ])
      expect({ entry, family: ipEntryFamily(entry) }).toEqual({ entry, family: null });
  });

  it("reads the IP list one entry per line, trimmed, empty lines dropped", () => {
    expect(ipListLines(" 10.0.0.1 \r\n\n  ::1\n")).toEqual(["10.0.0.1", "::1"]);
    expect(ipListLines(" \n ")).toEqual([]);
  });

  it("adds a month, ending on the last day of a shorter month", () => {
    expect(addMonths("2026-01-15", 1)).toBe("2026-02-15");
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2026-12-31", 1)).toBe("2027-01-31");
  });

  it("defaults a new key to one month from today (Europe/Helsinki)", () => {
    // 22:30 UTC on 30 November is already 1 December in Helsinki.
    expect(apiKeyDefaultExpiry(new Date("2026-11-30T22:30:00Z"))).toBe("2027-01-01");
    expect(apiKeyDefaultExpiry(new Date("2026-11-30T12:00:00Z"))).toBe("2026-12-30");
  });

  it("reads the expiry as a day, or an instant's day in Europe/Helsinki", () => {
    expect(expiryDayOf("2027-02-28")).toBe("2027-02-28");
    expect(expiryDayOf("2027-02-28T21:59:59.000Z")).toBe("2027-02-28");
    expect(expiryDayOf("2027-02-28T22:30:00+00:00")).toBe("2027-03-01");
    for (const value of ["2027-02-30", "tomorrow", "2027-02-28T10:00:00", "", "9999-12-31T23:00:00-14:00"])
      expect({ value, day: expiryDayOf(value) }).toEqual({ value, day: null });
  });
});
