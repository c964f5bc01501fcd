import type { ReactNode } from "react";
import { loginBreak } from "../lib/format";

/**
 * An e-mail address (or any login) that may break after its "@" when the line is too short:
 * "anna.virtanen@" / "aurora.example" instead of "anna.virtanen@aurora.exa" / "mple". Anything
 * longer than a line still breaks where it must (the `break-anywhere` class around it).
 */
export function breakableLogin(login: string | null | undefined): ReactNode {
  const parts = login ? loginBreak(login) : null;
  if (!parts) return login ?? "";
  return (
    <>
      {parts[0]}
      <wbr />
      {parts[1]}
    </>
  );
}
