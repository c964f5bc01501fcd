import { describe, expect, it } from "vitest";
import { isPublicAddress, literalRefused } from "./address-guard";

describe("the webhook SSRF guard (issue 20.4)", () => {
  it("refuses loopback, private, link-local, shared, documentation, multicast and mapped addresses", () => {
    for (const address of [
      "127.0.0.1",
      "127.255.0.9",
      "10.0.0.1",
      "172.16.5.4",
      "172.31.255.255",
      "192.168.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "192.0.2.1",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fe80::1",
      "fc00::1",
      "fd12:3456::1",
      "ff02::1",
      "2001:db8::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "not an address",
    ])
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
  });

  it("takes public addresses, including the neighbours of the refused ranges", () => {
    for (const address of [
      "93.184.215.14",
      "8.8.8.8",
      "172.15.255.255",
      "172.32.0.1",
      "11.0.0.1",
      "100.128.0.1",
      "2606:4700:4700::1111",
      "::ffff:8.8.8.8",
    ])
      expect([address, isPublicAddress(address)]).toEqual([address, true]);
  });

  it("judges an IP literal in a URL, unless private addresses are allowed", () => {
    expect(literalRefused(new URL("http://[::1]:8080/x"), false)).toBe(true);
    expect(literalRefused(new URL("http://10.0.0.1/x"), false)).toBe(true);
    expect(literalRefused(new URL("http://10.0.0.1/x"), true)).toBe(false);
    expect(literalRefused(new URL("https://93.184.215.14/x"), false)).toBe(false);
    // A name is judged when it is looked up, on the address the connection then uses.
    expect(literalRefused(new URL("https://hooks.example.com/x"), false)).toBe(false);
  });
});
