import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@kunto/core";
import { describe, expect, it } from "vitest";
import { CallError } from "./api";
import {
  hasErrors,
  LOGIN_MAX_LENGTH,
  loginError,
  newPasswordError,
  passwordError,
  placeError,
  readSearch,
  repeatError,
  requiredError,
} from "./validation";

describe("the form checks", () => {
  it("requires a login of at most 254 characters, spaces around it not counting", () => {
    expect(loginError("")).toBe("field_required");
    expect(loginError("   ")).toBe("field_required");
    expect(loginError(" anna@example.fi ")).toBeNull();
    expect(loginError(` ${"a".repeat(LOGIN_MAX_LENGTH)} `)).toBeNull();
    expect(loginError("a".repeat(LOGIN_MAX_LENGTH + 1))).toBe("too_long");
  });

  it("requires a password of at most the policy's length in characters, not UTF-16 units", () => {
    expect(passwordError("")).toBe("field_required");
    expect(passwordError(" ")).toBeNull();
    expect(passwordError("😀".repeat(PASSWORD_MAX_LENGTH))).toBeNull();
    expect(passwordError("a".repeat(PASSWORD_MAX_LENGTH + 1))).toBe("too_long");
  });

  it("requires a code", () => {
    expect(requiredError(" ")).toBe("field_required");
    expect(requiredError("123456")).toBeNull();
  });

  it("checks a new password's length until the estimator is there, then the estimator's verdict", () => {
    expect(newPasswordError("", null, [])).toBe("field_required");
    expect(newPasswordError("a".repeat(PASSWORD_MIN_LENGTH - 1), null, [])).toBe("password_too_short");
    expect(newPasswordError("a".repeat(PASSWORD_MIN_LENGTH), null, [])).toBeNull();
    expect(newPasswordError("a".repeat(PASSWORD_MAX_LENGTH + 1), null, [])).toBe("password_too_long");
    const seen: string[][] = [];
    const weak = (_password: string, inputs: string[] = []) => {
      seen.push(inputs);
      return { score: 1, error: "password_too_weak" as const };
    };
    expect(newPasswordError("anna anna anna", weak, ["anna", ""])).toBe("password_too_weak");
    expect(seen).toEqual([["anna"]]);
  });

  it("requires the repeat to match", () => {
    expect(repeatError("", "long enough words")).toBe("field_required");
    expect(repeatError("long enough word", "long enough words")).toBe("passwords_do_not_match");
    expect(repeatError("long enough words", "long enough words")).toBeNull();
  });

  it("tells whether any field has an error", () => {
    expect(hasErrors({ a: null, b: null })).toBe(false);
    expect(hasErrors({ a: null, b: "field_required" })).toBe(true);
  });
});

describe("placeError", () => {
  const fields = ["code", "newPassword", "repeat"];
  const keyFields = { invalid_code: "code", password_too_weak: "newPassword", other: "missing" };

  it("puts the field keys of the form's fields under them, and no alert", () => {
    const placed = placeError(
      new CallError("validation_failed", { code: "field_required", username: "too_long" }),
      fields,
      keyFields,
    );
    expect(placed).toEqual({ fields: { code: "field_required" }, alert: null });
  });

  it("puts an error key that belongs to a field under it", () => {
    expect(placeError(new CallError("invalid_code"), fields, keyFields)).toEqual({
      fields: { code: "invalid_code" },
      alert: null,
    });
  });

  it("shows anything else as the form's alert", () => {
    for (const error of [
      new CallError("too_many_requests"),
      new CallError("validation_failed", { username: "too_long" }),
      new CallError("other"),
      new CallError("constructor"),
    ])
      expect(placeError(error, fields, keyFields)).toEqual({ fields: {}, alert: error.key });
  });
});

describe("readSearch", () => {
  it("reads where to go and the confirmed e-mail notice", () => {
    expect(readSearch("?redirect=%2Ft%2Fabc%2Fdashboard%3Fx%3D1&email_confirmed=1")).toEqual({
      redirectTo: "/t/abc/dashboard?x=1",
      emailConfirmed: true,
    });
  });

  it("goes to the start for no, foreign, looping or overlong targets", () => {
    for (const search of [
      "",
      "?redirect=https%3A%2F%2Fevil.example",
      "?redirect=%2F%2Fevil.example",
      "?redirect=%2Flogin",
      `?redirect=%2F${"a".repeat(2000)}`,
    ])
      expect(readSearch(search)).toEqual({ redirectTo: "/", emailConfirmed: false });
    expect(readSearch(`?redirect=%2F${"a".repeat(1999)}`).redirectTo).toHaveLength(2000);
    expect(readSearch("?email_confirmed=true").emailConfirmed).toBe(false);
  });
});
