import { describe, expect, it } from "vitest";
import { auditDetails } from "../redact";

describe("audit details of persons (issue 22)", () => {
  it("redacts ssn and taxNumber at any depth, and nothing else of a person", () => {
    expect(
      auditDetails({
        id: "p",
        firstname: "Anna",
        ssn: "010190-123A",
        nested: [{ taxNumber: "FI-1", email: "a@b.fi" }],
      }),
    ).toEqual({
      id: "p",
      firstname: "Anna",
      ssn: "[redacted]",
      nested: [{ taxNumber: "[redacted]", email: "a@b.fi" }],
    });
    expect(auditDetails({ session: "kept", lessons: "kept" })).toEqual({ session: "kept", lessons: "kept" });
  });
});
