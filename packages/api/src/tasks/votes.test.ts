import { describe, expect, it } from "vitest";
import { hashSession } from "./votes";

describe("vote tokens (document 3 §7 Task voting)", () => {
  it("stores only the SHA-256 of a browser's voting token, in hex", () => {
    expect(hashSession("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(hashSession("abd")).not.toBe(hashSession("abc"));
  });
});
