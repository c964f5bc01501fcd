/**
 * Field-level validation messages are keys the client translates (document 1 §5), so the same
 * schema validates the form in the browser and the request on the server. They are in a module of
 * their own, not in schemas.ts or errors.ts, because the web client's first load reads them
 * without zod and without the status table of every error key.
 */
export const FIELD_ERRORS = [
  "field_required",
  "invalid_email",
  "no_spaces",
  "invalid_duns",
  "positive_number",
  "invalid_country",
  "too_long",
  "invalid_phone",
  /** A person's birth date outside 1950-01-01 … today (document 3 §3, issue 22). */
  "birth_date_out_of_range",
] as const;
export type FieldError = (typeof FIELD_ERRORS)[number];
