import { describe, expect, it } from "vitest";
import { deviceFor, issueDeviceCookie, readDeviceCookie } from "./device-cookie";
import { addressSubject } from "./rate-limit";
import { decryptSecret, encryptSecret } from "./secrets";

const key = new Uint8Array(32).fill(3);
const otherKey = new Uint8Array(32).fill(4);
const alice = "0b9e8f1c-1111-4111-8111-111111111111";
const bob = "0b9e8f1c-2222-4222-8222-222222222222";

describe("6.2 device cookies", () => {
  it("6.2 names the account, keeps other accounts' entries and refuses forged or foreign ones", () => {
    const first = issueDeviceCookie(key, null, alice);
    const both = issueDeviceCookie(key, first, bob);
    expect(readDeviceCookie(key, both).map((e) => e.userId)).toEqual([bob, alice]);
    expect(deviceFor(key, both, alice)).toEqual(readDeviceCookie(key, first)[0]);
    // Signed with another key, renamed to another account, or altered: not a device.
    expect(deviceFor(otherKey, both, alice)).toBeNull();
    expect(deviceFor(key, first.replace(alice, bob), bob)).toBeNull();
    expect(deviceFor(key, `${first.slice(0, -2)}xx`, alice)).toBeNull();
    // A new sign-in gives the account a new device nonce.
    expect(deviceFor(key, issueDeviceCookie(key, both, alice), alice)?.nonce).not.toBe(
      deviceFor(key, both, alice)?.nonce,
    );
  });
});

describe("6.10 sealed secrets", () => {
  it("6.10 open only with the key and the row they were sealed for", () => {
    const secret = new Uint8Array(20).fill(5);
    const sealed = encryptSecret(key, secret, alice);
    expect(Buffer.from(sealed).includes(Buffer.from(secret))).toBe(false);
    expect(decryptSecret(key, sealed, alice)).toEqual(secret);
    expect(() => decryptSecret(otherKey, sealed, alice)).toThrow();
    expect(() => decryptSecret(key, sealed, bob)).toThrow();
  });
});

describe("6.2 address counters", () => {
  it("6.2 count IPv4 per address and IPv6 per /64", () => {
    expect(addressSubject("203.0.113.7")).toBe("203.0.113.7");
    expect(addressSubject("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressSubject("2001:0DB8:0001:0002:ffff:0:0:9")).toBe("2001:db8:1:2::/64");
    expect(addressSubject("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressSubject("::1")).toBe("0:0:0:0::/64");
    expect(addressSubject("unknown")).toBe("unknown");
  });
});
