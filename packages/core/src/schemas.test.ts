import { describe, expect, it } from "vitest";
import { checkPassword } from "./password";
import { normalisePassword, passwordLength } from "./password-policy";
import {
  ZAddTenantUserInput,
  ZAdminCreateUserInput,
  ZCreateTenantInput,
  ZEmail,
  ZPassword,
  ZTenantDetailsInput,
} from "./schemas";

/** The first message per field, as the forms show it. */
function messages(result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join(".")] ??= issue.message;
  return out;
}

describe("shared schemas", () => {
  it("trims, lower-cases and checks e-mail addresses", () => {
    expect(ZEmail.parse("  Anna@Example.FI ")).toBe("anna@example.fi");
    expect(messages(ZEmail.safeParse("no at sign"))).toEqual({ "": "no_spaces" });
    expect(messages(ZEmail.safeParse("nobody"))).toEqual({ "": "invalid_email" });
    expect(messages(ZEmail.safeParse("  "))).toEqual({ "": "field_required" });
  });

  it("needs name and country for a new account, and the address for account details", () => {
    expect(ZCreateTenantInput.safeParse({ name: "Oy", country: "FI" }).success).toBe(true);
    expect(messages(ZCreateTenantInput.safeParse({ name: " ", country: "XX" }))).toEqual({
      name: "field_required",
      country: "invalid_country",
    });
    expect(messages(ZTenantDetailsInput.safeParse({ name: "Oy", country: "FI", dunsNumber: "12" }))).toEqual({
      streetAddress: "field_required",
      zipCode: "field_required",
      city: "field_required",
      dunsNumber: "invalid_duns",
    });
  });

  it("asks a shared user for username and password, an e-mail user for an e-mail", () => {
    expect(messages(ZAdminCreateUserInput.safeParse({ type: "LOCAL", roleSet: ["agent"] }))).toEqual({
      username: "username_or_email_required",
      password: "password_required_for_shared_user",
    });
    expect(messages(ZAdminCreateUserInput.safeParse({ type: "CLOUD", roleSet: [] }))).toEqual({
      roleSet: "at_least_one_role_required",
      email: "username_or_email_required",
    });
    expect(
      messages(
        ZAdminCreateUserInput.safeParse({
          type: "LOCAL",
          username: "kiosk 1",
          password: "x",
          roleSet: ["agent"],
        }),
      ),
    ).toEqual({
      username: "no_spaces",
    });
  });
});

describe("issue 6.7: inviting by e-mail", () => {
  it("invites as a basic user unless roles are given, each role once, never none", () => {
    const base = { email: "Anna@Example.FI", firstName: null, lastName: null };
    expect(ZAddTenantUserInput.parse(base)).toMatchObject({
      email: "anna@example.fi",
      roles: ["tenant_basic"],
    });
    expect(ZAddTenantUserInput.parse({ ...base, roles: ["tenant_admin", "tenant_admin"] }).roles).toEqual([
      "tenant_admin",
    ]);
    expect(messages(ZAddTenantUserInput.safeParse({ ...base, roles: [] }))).toEqual({
      roles: "at_least_one_role_required",
    });
    expect(ZAddTenantUserInput.safeParse({ ...base, roles: ["admin"] }).success).toBe(false);
  });
});

describe("password policy", () => {
  it("refuses short, long and guessable passwords and accepts a passphrase", () => {
    expect(checkPassword("short").error).toBe("password_too_short");
    expect(checkPassword("x".repeat(257)).error).toBe("password_too_long");
    expect(checkPassword("password1234").error).toBe("password_too_weak");
    expect(checkPassword("anna.virtanen@example.fi", ["anna.virtanen@example.fi"]).error).toBe(
      "password_too_weak",
    );
    expect(checkPassword("lumi sataa hiljaa 2026").error).toBeNull();
  });
});

describe("6.5 password length and form", () => {
  it("6.5 counts code points of the NFKC form, not UTF-16 units", () => {
    // Six emoji: twelve UTF-16 units, six characters.
    expect(checkPassword("🦊🌲🏔🌊🔥🎻").error).toBe("password_too_short");
    // 200 emoji: 400 units, within 256 characters.
    expect(checkPassword("🦊🌲🏔🌊🔥🎻🐝🍄".repeat(25)).error).not.toBe("password_too_long");
    expect(ZPassword.safeParse("🦊🌲🏔🌊🔥🎻🐝🍄".repeat(25)).success).toBe(true);
    expect(ZPassword.safeParse("🦊".repeat(257)).success).toBe(false);
    expect(passwordLength("e\u0301".repeat(12))).toBe(12);
    expect(normalisePassword("ﬁ２")).toBe("fi2");
  });
});
