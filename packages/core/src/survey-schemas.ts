import { z } from "zod";
import { LANGUAGES } from "./languages";
import { ZEmail, ZOptionalText, ZRequired } from "./schemas";
import { ISO_DAY, isCalendarDay, SURVEY_NOTIFICATIONS, SURVEY_TYPES } from "./surveys";

/**
 * The survey, team and share inputs (document 2 §5), apart from the rules in surveys.ts: these
 * build zod schemas when loaded, and the web client's first load needs the rules only. The
 * recipient parsers are here too, as they check each address with the e-mail schema.
 */

/** A day of the form (YYYY-MM-DD); missing or malformed reads as the §8 "dates error". */
const ZDay = z
  .string({ error: "dates_error" })
  .regex(ISO_DAY, "dates_error")
  .refine(isCalendarDay, "dates_error");
const ZEstimated = z.number().int("positive_number").min(0, "positive_number").max(1_000_000, "too_long");

export const ZCreateSurveyInput = z.object({
  type: z.enum(SURVEY_TYPES, { error: "type_error" }),
  start: ZDay,
  end: ZDay,
  notifications: z.enum(SURVEY_NOTIFICATIONS).nullable().default("DAILY"),
  estimatedAnswerers: ZEstimated.nullish(),
  name: ZOptionalText(200),
});
export type TCreateSurveyInput = z.infer<typeof ZCreateSurveyInput>;

/**
 * A change of a survey (§4): any of name (null clears it), estimated answerers, notifications,
 * new dates (schedule or reopen), or `endNow` (the end becomes this moment).
 */
export const ZUpdateSurveyInput = z.object({
  key: z.string().min(1).max(64),
  name: ZOptionalText(200).optional(),
  estimatedAnswerers: ZEstimated.nullish(),
  notifications: z.enum(SURVEY_NOTIFICATIONS).nullish(),
  start: ZDay.optional(),
  end: ZDay.optional(),
  endNow: z.boolean().optional(),
});
export type TUpdateSurveyInput = z.infer<typeof ZUpdateSurveyInput>;

/** A team (§5): type and name required; recipients are addresses (at most a plan's worth). */
export const ZTeamInput = z.object({
  name: ZRequired(100),
  type: z.enum(SURVEY_TYPES, { error: "type_error" }),
  description: ZOptionalText(1000),
  answerers: z.array(z.string().max(254, "too_long")).max(10_000, "too_long").default([]),
});
export type TTeamInput = z.infer<typeof ZTeamInput>;
export const ZTeamUpdateInput = ZTeamInput.omit({ type: true }).extend({ key: z.string().min(1).max(64) });

export const ZShareInput = z.object({
  name: ZRequired(100),
  surveyKey: z.string().min(1).max(64),
  answerers: ZEstimated.nullish(),
  teams: z.array(z.string().min(1).max(64)).min(1, "field_required").max(100, "too_long"),
});
export type TShareInput = z.infer<typeof ZShareInput>;
export const ZShareUpdateInput = ZShareInput.omit({ surveyKey: true }).extend({
  key: z.string().min(1).max(128),
});

export const ZSendShareInput = z.object({
  key: z.string().min(1).max(128),
  emails: z.array(z.string().max(254, "too_long")).min(1, "field_required").max(10_000, "too_long"),
  language: z.enum(LANGUAGES, { error: "field_required" }),
});

const EMAIL_PATTERN = /[^\s@<>()[\]{},;:"']+@[^\s@<>()[\]{},;:"']+\.[^\s@<>()[\]{},;:"'.]+/g;

/**
 * Recipients from free text (§5): every e-mail address found by the pattern, lower-cased, in order,
 * duplicates ignored. `invalid` holds the pieces (split at whitespace, commas and semicolons) that
 * are not an address, so the form can say what it could not read.
 */
export function parseEmails(text: string): { emails: string[]; invalid: string[] } {
  const emails: string[] = [];
  const seen = new Set<string>();
  const invalid: string[] = [];
  for (const piece of text.split(/[\s,;]+/)) {
    const trimmed = piece.trim().replace(/^[<("']+|[>)"'.]+$/g, "");
    if (!trimmed) continue;
    const found = trimmed.match(EMAIL_PATTERN);
    if (!found || found[0] !== trimmed) {
      invalid.push(piece.trim());
      continue;
    }
    const email = trimmed.toLowerCase();
    if (!ZEmail.safeParse(email).success) {
      invalid.push(piece.trim());
      continue;
    }
    if (seen.has(email)) continue;
    seen.add(email);
    emails.push(email);
  }
  return { emails, invalid };
}

/**
 * A list of addresses checked one by one: the valid ones normalised by the e-mail schema, in order,
 * duplicates ignored; the others in `invalid` as given.
 */
export function checkEmails(entries: readonly string[]): { emails: string[]; invalid: string[] } {
  const emails: string[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const parsed = ZEmail.safeParse(entry);
    if (!parsed.success) {
      invalid.push(entry);
      continue;
    }
    if (seen.has(parsed.data)) continue;
    seen.add(parsed.data);
    emails.push(parsed.data);
  }
  return { emails, invalid };
}
