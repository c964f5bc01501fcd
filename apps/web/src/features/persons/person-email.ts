import { ZEmail } from "@kunto/core";
import { fieldErrorMessage } from "../../lib/api-error";

/**
 * Document 3 §5: a person's e-mail is valid and without spaces, checked when the field is left.
 * Empty is fine (no e-mail). Answers the translated problem, or null.
 */
export function personEmailError(value: string): string | null {
  if (value.trim() === "") return null;
  const parsed = ZEmail.safeParse(value);
  return parsed.success ? null : fieldErrorMessage(parsed.error.issues[0]?.message ?? "invalid_email");
}
