import { z } from "zod";
import { COUNTRY_CODES } from "./countries";
import { findUnsafeValue, isSafeText, MAX_JSON_BYTES, MAX_JSON_DEPTH } from "./input-safety";
import { LANGUAGES } from "./languages";
import { PASSWORD_MAX_LENGTH, passwordLength } from "./password-policy";
import { normalisePhone } from "./phone";
import { PLANS, TENANT_STATUSES } from "./plans";
import { SYSTEM_ROLES, type SystemRole, TENANT_ROLES } from "./roles";

/**
 * A missing value reads as "required", not as zod's type error. NUL and lone surrogates are refused
 * with their own key before anything else looks at the text (issue 6.11).
 */
const text = () => z.string({ error: "field_required" }).refine(isSafeText, "invalid_text");
export const trimmed = (max = 200) => text().trim().max(max, "too_long");
export const ZRequired = (max = 200) => trimmed(max).min(1, "field_required");
export const ZOptionalText = (max = 200) =>
  trimmed(max)
    .nullish()
    .transform((v) => (v ? v : null));
/**
 * A field of a partial update (document 1 §7): absent leaves the stored value unchanged, null or
 * an empty text clears it.
 */
export const ZPatchText = (max = 200) =>
  trimmed(max)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));
export const ZEmail = text()
  .trim()
  .toLowerCase()
  .min(1, "field_required")
  .max(254, "too_long")
  .refine((v) => !/\s/.test(v), "no_spaces")
  .refine((v) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v), "invalid_email")
  .meta({ format: "email", examples: ["anna.virtanen@example.fi"] });
export const ZUsername = text()
  .trim()
  .toLowerCase()
  .min(1, "field_required")
  .max(100, "too_long")
  .refine((v) => !/\s/.test(v), "no_spaces");
/** Policy (length, strength) is checked by the identity service so its error keys are specific. */
export const ZPassword = text()
  .min(1, "field_required")
  // Code points, not UTF-16 units (issue 6.5); the unit cap only bounds the work before that count.
  .max(PASSWORD_MAX_LENGTH * 4, "too_long")
  .refine((v) => passwordLength(v) <= PASSWORD_MAX_LENGTH, "too_long");
/**
 * A free JSON value a client stores as it is (saved screen state, subscription data): depth and size
 * are capped and every text and key must be storable (issue 6.11).
 */
export const ZJson = z
  .unknown()
  .superRefine((value, ctx) => {
    const unsafe = findUnsafeValue(value, MAX_JSON_DEPTH);
    if (unsafe) {
      ctx.addIssue({ code: "custom", path: unsafe.path, message: unsafe.key });
      return;
    }
    const json = value === undefined ? "" : JSON.stringify(value);
    if (new TextEncoder().encode(json).length > MAX_JSON_BYTES)
      ctx.addIssue({ code: "custom", message: "value_too_complex" });
  })
  .meta({
    description: `Any JSON value, nested at most ${MAX_JSON_DEPTH} levels and at most ${MAX_JSON_BYTES / 1024} KiB.`,
  });
export const ZDuns = z.string().regex(/^\d{9}$/, "invalid_duns");
export const ZPositiveNumber = z.string().regex(/^\d{0,9}$/, "positive_number");
export const ZCountry = text()
  .refine((v) => COUNTRY_CODES.includes(v), "invalid_country")
  .meta({ description: "ISO 3166-1 alpha-2 country code.", enum: [...COUNTRY_CODES], examples: ["FI"] });
export const ZLanguage = z.enum(LANGUAGES);
export const ZTenantRole = z.enum(TENANT_ROLES);
export const ZSystemRole = z.enum(SYSTEM_ROLES);
export const ZPlan = z.enum(PLANS);
export const ZTenantStatus = z.enum(TENANT_STATUSES);
export const ZUserType = z.enum(["LOCAL", "CLOUD"]);
export type TUserType = z.infer<typeof ZUserType>;

/** New-account form (document 1 §2): name and country required. */
export const ZCreateTenantInput = z.object({
  name: ZRequired(),
  country: ZCountry,
  registrationNumber: ZOptionalText(50),
  streetAddress: ZOptionalText(),
  streetAddressLine2: ZOptionalText(),
  city: ZOptionalText(100),
  zipCode: ZOptionalText(20),
  addressCounty: ZOptionalText(100),
});
export type TCreateTenantInput = z.infer<typeof ZCreateTenantInput>;

/** Account add / edit (document 1 §5): name, street, zip, city and country required. */
export const ZTenantDetailsInput = z.object({
  name: ZRequired(),
  streetAddress: ZRequired(),
  zipCode: ZRequired(20),
  city: ZRequired(100),
  country: ZCountry,
  registrationNumber: ZOptionalText(50),
  streetAddressLine2: ZOptionalText(),
  addressCounty: ZOptionalText(100),
  dunsNumber: ZDuns.nullish().or(z.literal("").transform(() => null)),
});
export type TTenantDetailsInput = z.infer<typeof ZTenantDetailsInput>;

/**
 * A new organisation (issue 19.12): a name and a country; the address may come later, and the
 * TENANT_ADDRESS_MISSING notice asks for it. Editing asks for the full details (ZTenantDetailsInput).
 */
export const ZNewTenantDetailsInput = ZTenantDetailsInput.extend({
  streetAddress: ZOptionalText(),
  zipCode: ZOptionalText(20),
  city: ZOptionalText(100),
});

/** A phone number of a partial update, stored in international form (normalisePhone). */
export const ZPatchPhone = ZPatchText(40)
  .transform((value, ctx) => {
    if (value === undefined || value === null) return value;
    const phone = normalisePhone(value);
    if (phone) return phone;
    ctx.issues.push({ code: "custom", message: "invalid_phone", input: value });
    return z.NEVER;
  })
  .meta({
    description:
      "A phone number; stored in international form (+358 is added when no calling code is given).",
    examples: ["+358 40 123 4567"],
  });

/**
 * A user's own information. Only the fields named change. The e-mail address is read-only
 * (document 1 §5): it may be sent back unchanged, a different one is refused (`email_read_only`).
 */
export const ZUserInfoInput = z.object({
  firstName: ZPatchText(100),
  lastName: ZPatchText(100),
  phone: ZPatchPhone,
  email: ZPatchText(254).transform((v) => (typeof v === "string" ? v.toLowerCase() : v)),
});
export type TUserInfoInput = z.infer<typeof ZUserInfoInput>;

/**
 * The roles a new platform user starts with when none are chosen. Document 1 §5 defaults to the
 * first role of the list, which is `admin`; least privilege is the safer default: e-mail users
 * are basic users, shared-device users device users (docs/decisions.md).
 */
export const defaultSystemRoles = (type: TUserType): SystemRole[] =>
  type === "LOCAL" ? ["agent"] : ["basic"];

/** Platform add-user dialog (document 1 §5). */
export const ZAdminCreateUserInput = z
  .object({
    type: ZUserType,
    username: ZUsername.nullish(),
    email: ZEmail.nullish(),
    password: ZPassword.nullish(),
    firstName: ZOptionalText(100),
    lastName: ZOptionalText(100),
    /** Absent: defaultSystemRoles(type); an empty list is refused. */
    roleSet: z.array(ZSystemRole).min(1, "at_least_one_role_required").optional(),
  })
  // The specific keys of document 1 §8, under the field they belong to.
  .superRefine((v, ctx) => {
    if (v.type === "LOCAL") {
      if (!v.username)
        ctx.addIssue({ code: "custom", path: ["username"], message: "username_or_email_required" });
      if (!v.password)
        ctx.addIssue({ code: "custom", path: ["password"], message: "password_required_for_shared_user" });
    } else if (!v.email) {
      ctx.addIssue({ code: "custom", path: ["email"], message: "username_or_email_required" });
    }
  })
  // The same rule for the OpenAPI document (issue 6.13).
  .meta({
    if: { properties: { type: { const: "LOCAL" } } },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if / then / else, not a promise.
    then: {
      required: ["username", "password"],
      properties: { username: { type: "string", minLength: 1 }, password: { type: "string", minLength: 1 } },
    },
    else: { required: ["email"], properties: { email: { type: "string", format: "email" } } },
    examples: [{ type: "CLOUD", email: "anna.virtanen@example.fi", firstName: "Anna", lastName: "Virtanen" }],
  });
export type TAdminCreateUserInput = z.infer<typeof ZAdminCreateUserInput>;

/**
 * Add a user to an account (document 1 §5): an invitation to the address (issue 6.7). The names
 * only fill in the sign-up form the mail links to when the address has no account yet; they never
 * change an existing user. `roles` are what the membership gets on acceptance (basic by default).
 */
export const ZAddTenantUserInput = z.object({
  email: ZEmail,
  firstName: ZOptionalText(100),
  lastName: ZOptionalText(100),
  roles: z
    .array(ZTenantRole)
    .min(1, "at_least_one_role_required")
    .max(TENANT_ROLES.length)
    .optional()
    .transform((roles) => (roles ? [...new Set(roles)] : ["tenant_basic" as const])),
});
export type TAddTenantUserInput = z.infer<typeof ZAddTenantUserInput>;

export const ZSignInInput = z.object({
  username: text().trim().toLowerCase().min(1, "field_required").max(254, "too_long"),
  password: ZPassword,
});
export const ZSignUpInput = z.object({
  email: ZEmail,
  password: ZPassword,
  firstName: ZOptionalText(100),
  lastName: ZOptionalText(100),
  language: ZLanguage.default("en"),
});
export const ZChangePasswordInput = z.object({
  oldPassword: ZPassword,
  newPassword: ZPassword,
});
