import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { MAX_IMAGE_BYTES } from "./constants";
import { COUNTRY_CODES, isCountryCode } from "./countries";
import { AppError, isErrorKey } from "./errors";
import { MAX_JSON_BYTES } from "./input-safety";
import { DEFAULT_LANGUAGE, formattingLocale, isLanguage } from "./languages";
import { ROLE_PERMISSIONS } from "./permissions";
import { effectivePlan, isPaid, nextPlan, PLAN_LIMITS, planAllows } from "./plans";
import { isSystemRole, isTenantRole } from "./roles";
import {
  defaultSystemRoles,
  ZAdminCreateUserInput,
  ZCountry,
  ZDuns,
  ZEmail,
  ZJson,
  ZOptionalText,
  ZPatchPhone,
  ZPositiveNumber,
  ZRequired,
  ZSignInInput,
  ZSignUpInput,
  ZTenantDetailsInput,
  ZUserInfoInput,
  ZUsername,
} from "./schemas";

// The shared rules of core as the server and the client rely on them (issue 6.28: these are what
// the mutation run found unchecked). Each field error is the key the forms and the API answer.

/** The value a schema accepts, or the first error key (with its field path) it answers. */
function check(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return { ok: result.data };
  const [issue] = result.error.issues;
  return { error: issue?.message, path: issue?.path.join(".") };
}

describe("text fields", () => {
  it("e-mail: trimmed and lower-cased; spaces, a missing part or stray text around it refused", () => {
    expect(check(ZEmail, "  Anna.Virtanen@Example.FI ")).toEqual({ ok: "anna.virtanen@example.fi" });
    expect(check(ZEmail, "anna virtanen@example.fi")).toMatchObject({ error: "no_spaces" });
    for (const bad of ["anna@example", "@a@example.fi", "anna@example.fi@", "anna.example.fi"]) {
      expect(check(ZEmail, bad)).toMatchObject({ error: "invalid_email" });
    }
    expect(check(ZEmail, "  ")).toMatchObject({ error: "field_required" });
    expect(check(ZEmail, `${"a".repeat(250)}@x.fi`)).toMatchObject({ error: "too_long" });
  });

  it("username: trimmed and lower-cased, no spaces, 1..100 characters", () => {
    expect(check(ZUsername, "  Lobby-Kiosk ")).toEqual({ ok: "lobby-kiosk" });
    expect(check(ZUsername, "lobby kiosk")).toMatchObject({ error: "no_spaces" });
    expect(check(ZUsername, "")).toMatchObject({ error: "field_required" });
    expect(check(ZUsername, "a".repeat(101))).toMatchObject({ error: "too_long" });
    expect(check(ZUsername, "a".repeat(100))).toEqual({ ok: "a".repeat(100) });
  });

  it("required and optional texts: trimmed, blank is missing, long is too_long", () => {
    expect(check(ZRequired(), "  Oy  ")).toEqual({ ok: "Oy" });
    expect(check(ZRequired(), "   ")).toMatchObject({ error: "field_required" });
    expect(check(ZRequired(5), "toolong")).toMatchObject({ error: "too_long" });
    expect(check(ZOptionalText(), "  ")).toEqual({ ok: null });
    expect(check(ZOptionalText(), undefined)).toEqual({ ok: null });
    expect(check(ZOptionalText(), " x ")).toEqual({ ok: "x" });
  });

  it("D-U-N-S: exactly nine digits; an empty one clears it", () => {
    expect(check(ZDuns, "123456789")).toEqual({ ok: "123456789" });
    for (const bad of ["12345678", "1234567890", "x123456789", "123456789x", "abcdefghi"]) {
      expect(check(ZDuns, bad)).toMatchObject({ error: "invalid_duns" });
    }
    const details = { name: "Oy", streetAddress: "Katu 1", zipCode: "00100", city: "Oulu", country: "FI" };
    expect(check(ZTenantDetailsInput, { ...details, dunsNumber: "" })).toMatchObject({
      ok: { dunsNumber: null },
    });
    expect(check(ZTenantDetailsInput, { ...details, dunsNumber: "123456789" })).toMatchObject({
      ok: { dunsNumber: "123456789" },
    });
  });

  it("positive number: up to nine digits, nothing else", () => {
    for (const good of ["", "7", "123456789"]) expect(check(ZPositiveNumber, good)).toEqual({ ok: good });
    for (const bad of ["1234567890", "-1", "1a", "a1", "1.5"]) {
      expect(check(ZPositiveNumber, bad)).toMatchObject({ error: "positive_number" });
    }
  });

  it("sign-in and sign-up: the login trimmed and lower-cased, the language English unless chosen", () => {
    expect(check(ZSignInInput, { username: "  Anna@Example.FI ", password: "x" })).toEqual({
      ok: { username: "anna@example.fi", password: "x" },
    });
    expect(check(ZSignInInput, { username: " ", password: "x" })).toMatchObject({
      error: "field_required",
      path: "username",
    });
    expect(check(ZSignInInput, { username: "a".repeat(255), password: "x" })).toMatchObject({
      error: "too_long",
    });
    expect(check(ZSignUpInput, { email: "a@b.fi", password: "x" })).toMatchObject({ ok: { language: "en" } });
  });

  it("profile update: the address lower-cased, absent stays absent, null clears; a bad phone refused", () => {
    expect(check(ZUserInfoInput, { email: "A@B.FI" })).toMatchObject({ ok: { email: "a@b.fi" } });
    expect(check(ZUserInfoInput, {})).toEqual({
      ok: { firstName: undefined, lastName: undefined, phone: undefined, email: undefined },
    });
    expect(check(ZUserInfoInput, { email: null })).toMatchObject({ ok: { email: null } });
    expect(check(ZPatchPhone, "not a phone")).toMatchObject({ error: "invalid_phone" });
  });
});

describe("free JSON", () => {
  it("is capped at MAX_JSON_BYTES of JSON text, the limit itself allowed", () => {
    const atLimit = "x".repeat(MAX_JSON_BYTES - 2); // two quotes make it exactly the limit
    expect(check(ZJson, atLimit)).toEqual({ ok: atLimit });
    expect(check(ZJson, `${atLimit}x`)).toMatchObject({ error: "value_too_complex" });
    expect(check(ZJson, undefined)).toEqual({ ok: undefined });
    expect(check(ZJson, { "a\u0000": 1 })).toMatchObject({ error: "invalid_text" });
  });

  it("describes its limits in the API document", () => {
    expect(ZJson.meta()?.description).toBe("Any JSON value, nested at most 16 levels and at most 64 KiB.");
  });
});

describe("platform add-user", () => {
  it("starts least-privileged: e-mail users basic, shared-device users agent", () => {
    expect(defaultSystemRoles("CLOUD")).toEqual(["basic"]);
    expect(defaultSystemRoles("LOCAL")).toEqual(["agent"]);
  });

  it("names the missing field: a shared user needs a username and a password, an e-mail user an address", () => {
    const issues = (value: unknown) =>
      ZAdminCreateUserInput.safeParse(value).error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];
    expect(issues({ type: "LOCAL" })).toEqual([
      ["username", "username_or_email_required"],
      ["password", "password_required_for_shared_user"],
    ]);
    expect(issues({ type: "LOCAL", username: "kiosk" })).toEqual([
      ["password", "password_required_for_shared_user"],
    ]);
    expect(issues({ type: "CLOUD", username: "kiosk" })).toEqual([["email", "username_or_email_required"]]);
    expect(issues({ type: "CLOUD", email: "a@b.fi" })).toEqual([]);
    expect(issues({ type: "LOCAL", username: "kiosk", password: "x" })).toEqual([]);
    expect(issues({ type: "CLOUD", email: "a@b.fi", roleSet: [] })).toEqual([
      ["roleSet", "at_least_one_role_required"],
    ]);
  });

  it("states the same rule in the API document, with an example that passes it", () => {
    const schema = ZAdminCreateUserInput.meta() as Record<string, unknown> & { examples: unknown[] };
    expect(schema.if).toEqual({ properties: { type: { const: "LOCAL" } } });
    expect(schema.then).toEqual({
      required: ["username", "password"],
      properties: { username: { type: "string", minLength: 1 }, password: { type: "string", minLength: 1 } },
    });
    expect(schema.else).toEqual({
      required: ["email"],
      properties: { email: { type: "string", format: "email" } },
    });
    expect(schema.examples).toHaveLength(1);
    for (const example of schema.examples)
      expect(ZAdminCreateUserInput.safeParse(example).success).toBe(true);
  });

  it("documents formats and examples that its own validation accepts", () => {
    const email = ZEmail.meta() as { format: string; examples: string[] };
    expect(email.format).toBe("email");
    expect(email.examples.length).toBeGreaterThan(0);
    for (const example of email.examples) expect(check(ZEmail, example)).toEqual({ ok: example });
    const country = ZCountry.meta() as { enum: string[]; examples: string[]; description: string };
    expect(country.enum).toEqual(COUNTRY_CODES);
    expect(country.description).toBe("ISO 3166-1 alpha-2 country code.");
    expect(country.examples).toEqual(["FI"]);
    const phone = ZPatchPhone.meta() as { examples: string[]; description: string };
    expect(phone.description).toMatch(/international form/);
    expect(phone.examples.length).toBeGreaterThan(0);
    for (const example of phone.examples)
      expect(check(ZPatchPhone, example)).toEqual({ ok: "+358401234567" });
  });
});

describe("plans (document 1 §1, §9)", () => {
  it("give each plan its limits", () => {
    expect(PLAN_LIMITS).toEqual({
      FREE: {
        answerers: 10,
        suggestedTasks: 5,
        ownTasks: false,
        combinedAnalyses: false,
        maxSelectedShares: 1,
        fullDashboard: false,
        brandedDashboard: false,
        reportHeatmap: false,
        financials: false,
        shareByEmail: false,
        apiKeys: false,
        webhooks: false,
      },
      PRO: {
        answerers: 250,
        suggestedTasks: null,
        ownTasks: true,
        combinedAnalyses: true,
        maxSelectedShares: null,
        fullDashboard: true,
        brandedDashboard: false,
        reportHeatmap: true,
        financials: true,
        shareByEmail: true,
        apiKeys: true,
        webhooks: true,
      },
      TOTAL: {
        answerers: null,
        suggestedTasks: null,
        ownTasks: true,
        combinedAnalyses: true,
        maxSelectedShares: null,
        fullDashboard: true,
        brandedDashboard: true,
        reportHeatmap: true,
        financials: true,
        shareByEmail: true,
        apiKeys: true,
        webhooks: true,
      },
    });
    expect(planAllows("FREE", "financials")).toBe(false);
    expect(planAllows("TOTAL", "shareByEmail")).toBe(true);
    expect(planAllows("PRO", "brandedDashboard")).toBe(false);
    expect(planAllows("TOTAL", "brandedDashboard")).toBe(true);
  });

  it("count an unpaid account as FREE: the plan holds only while paid or set by hand", () => {
    expect(effectivePlan("PRO", null)).toBe("PRO");
    expect(effectivePlan("TOTAL", "PAID")).toBe("TOTAL");
    for (const status of ["AWAITING_PAYMENT", "PAYMENT_FAILED", "UNPAID", "CANCELED"] as const) {
      expect(effectivePlan("TOTAL", status)).toBe("FREE");
    }
  });

  it("know which plans are paid and which comes next", () => {
    expect([isPaid("FREE"), isPaid("PRO"), isPaid("TOTAL")]).toEqual([false, true, true]);
    expect([nextPlan("FREE"), nextPlan("PRO"), nextPlan("TOTAL")]).toEqual(["PRO", "TOTAL", null]);
  });
});

describe("vocabularies", () => {
  it("error keys: only the catalogue's own keys, and an AppError carries its key and status", () => {
    expect(isErrorKey("not_found")).toBe(true);
    for (const other of ["toString", "constructor", "nope", 404, null, undefined]) {
      expect(isErrorKey(other)).toBe(false);
    }
    const error = new AppError("user_exists", { field: "email" });
    expect(error).toBeInstanceOf(Error);
    expect({ ...error, name: error.name, message: error.message }).toEqual({
      name: "AppError",
      message: "user_exists",
      key: "user_exists",
      status: 409,
      details: { field: "email" },
    });
  });

  it("languages, roles and countries recognise their own values only", () => {
    expect(DEFAULT_LANGUAGE).toBe("en");
    expect(["en", "fi", "ee", "ru", "pl", "et", ""].map(isLanguage)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(formattingLocale("ee")).toBe("et");
    expect(formattingLocale("fi")).toBe("fi");
    expect(["tenant_admin", "tenant_basic", "tenant_readonly", "admin"].map(isTenantRole)).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(["admin", "basic", "agent", "tenant_admin"].map(isSystemRole)).toEqual([true, true, true, false]);
    // One code from each line of the list, and its ends.
    for (const code of ["AD", "CA", "GA", "JP", "MS", "RS", "TW", "ZW", "FI", "EE", "PL"]) {
      expect(isCountryCode(code)).toBe(true);
    }
    for (const code of ["XX", "fi", "", "FIN"]) expect(isCountryCode(code)).toBe(false);
    expect(COUNTRY_CODES).toHaveLength(250);
    expect(new Set(COUNTRY_CODES).size).toBe(250);
    expect(COUNTRY_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });

  it("a basic member reads the account, its values, reports, tasks, financials and work tasks, and changes only their own work tasks", () => {
    expect([...ROLE_PERMISSIONS.tenant_basic].sort()).toEqual([
      "financials.read",
      "report.read",
      "task.read",
      "tenant.read",
      "tenant.values.read",
      "worktask.read",
      // Document 3 §6: a basic user changes the work tasks assigned to or made by them (the
      // service checks which: worktasks.integration.test.ts).
      "worktask.write",
    ]);
    expect(MAX_IMAGE_BYTES).toBe(2 * 1024 * 1024);
  });
});
