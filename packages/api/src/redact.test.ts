import { describe, expect, it } from "vitest";
import { auditDetails } from "./redact";

describe("audit details", () => {
  it("issue 6.11: redacts secrets at any depth, in objects and lists", () => {
    expect(
      auditDetails({
        name: "Oy",
        password: "top",
        nested: { newPassword: "x", list: [{ token: "t", keep: 1 }], totpSecret: "s" },
        resetCode: "12345678",
      }),
    ).toEqual({
      name: "Oy",
      password: "[redacted]",
      nested: {
        newPassword: "[redacted]",
        list: [{ token: "[redacted]", keep: 1 }],
        totpSecret: "[redacted]",
      },
      resetCode: "[redacted]",
    });
    expect(auditDetails({ name: "Sync", privateKey: "k", headers: { Authorization: "Bearer p.k" } })).toEqual(
      {
        name: "Sync",
        privateKey: "[redacted]",
        headers: { Authorization: "[redacted]" },
      },
    );
    expect(auditDetails(null)).toBeNull();
    expect(auditDetails(["a"])).toBeNull();
  });
});
