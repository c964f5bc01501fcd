import { z } from "zod";
import { isSafeText } from "./input-safety";
import { ZEmail } from "./schemas";
import { dayOf, isCalendarDay } from "./surveys";

/**
 * Parties and persons (document 3 §3, §5; issue 22). The inputs are shared by the forms and the
 * server. Save buttons do no validation (§5) apart from what the server refuses: lengths, the
 * person's e-mail (valid, no spaces) and birth date (1950-01-01 … today).
 */
export const PARTY_TYPES = ["customer", "supplier", "employer", "contractor"] as const;
export type PartyType = (typeof PARTY_TYPES)[number];
export const DEFAULT_PARTY_TYPE: PartyType = "customer";

/** Document 3 §9: page sizes 50, 100, 500 and all (0). */
export const CRM_PAGE_SIZES = [50, 100, 500, 0] as const;
export const CRM_DEFAULT_PAGE_SIZE = 50;
/** "All" answers at most this many rows. */
export const CRM_ALL_ROWS = 100_000;

export const BIRTH_DATE_MIN = "1950-01-01";
/** Today's date (Europe/Helsinki) is the latest birth date. */
export const birthDateMax = (now = new Date()): string => dayOf(now);
export const isBirthDateInRange = (day: string, now = new Date()): boolean =>
  isCalendarDay(day) && day >= BIRTH_DATE_MIN && day <= birthDateMax(now);

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "too_long")
    .refine(isSafeText, "invalid_text")
    .nullish()
    // Absent stays absent (a field left out of an update keeps its value); empty is none.
    .transform((v) => (v === undefined ? undefined : v || null));

export const ZAddressInput = z.object({
  address1: text(200),
  address2: text(200),
  address3: text(200),
  postcode: text(20),
  city: text(100),
  country: text(100),
});
export type TAddressInput = z.input<typeof ZAddressInput>;

export const ZPersonAddressInput = ZAddressInput.extend({
  dateFrom: text(10).refine((v) => v == null || isCalendarDay(v), "invalid_date"),
  dateTo: text(10).refine((v) => v == null || isCalendarDay(v), "invalid_date"),
  type: z.enum(["VISITING"]).optional(),
  hidden: z.boolean().optional(),
});

/** Create and update alike: on update, fields left out keep their values. */
export const ZPartyInput = z.object({
  companyName: text(200),
  businessCode: text(40),
  contactFirstname: text(100),
  contactLastname: text(100),
  phone: text(40),
  email: text(254),
  code: text(40),
  /** Default customer. */
  type: z.enum(PARTY_TYPES).optional(),
  visitingAddress: ZAddressInput.nullish(),
  billingAddress: ZAddressInput.nullish(),
  /** Read-only: sent back as it was, it is ignored. */
  tenantParty: z.boolean().optional(),
});
export type TPartyInput = z.input<typeof ZPartyInput>;

/** An empty e-mail is no e-mail; any other must be valid and without spaces (§5). */
const ZPersonEmail = z
  .union([z.literal(""), z.null(), ZEmail])
  .optional()
  .transform((v) => (v === undefined ? undefined : v || null));

export const ZBirthDate = z
  .string()
  .refine(isCalendarDay, "invalid_date")
  .refine((v) => isBirthDateInRange(v), "birth_date_out_of_range");

export const ZPersonInput = z.object({
  firstname: text(100),
  lastname: text(100),
  phone: text(40),
  email: ZPersonEmail,
  /** The employer party (§4): set to link, null to unlink. */
  employerId: z.uuid().nullish(),
  manager: z.boolean().optional(),
  hidden: z.boolean().optional(),
  /** A masked value (as lists answer it, `••••` first) keeps the stored one. */
  taxNumber: text(40),
  ssn: text(40),
  dob: ZBirthDate.nullish(),
  address: ZPersonAddressInput.nullish(),
});
export type TPersonInput = z.input<typeof ZPersonInput>;

export const MASK = "••••";
export const isMasked = (value: string | null | undefined): boolean => !!value?.startsWith(MASK);

/** Shown in place of a sealed value in lists: its last 4 characters only (issue 22). */
export function maskIdentifier(value: string | null): string | null {
  if (value === null) return null;
  return value.length > 4 ? `${MASK}${value.slice(-4)}` : MASK;
}
