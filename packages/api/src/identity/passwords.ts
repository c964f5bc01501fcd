import { hashPassword } from "@kunto/auth";
import { checkPassword } from "@kunto/core/password";
import { fail } from "../errors";

/** The one password policy (DECISIONS.md): checks, then hashes with the capped argon2id. */
export async function acceptNewPassword(password: string, userInputs: Array<string | null>): Promise<string> {
  const { error } = checkPassword(
    password,
    userInputs.filter((v): v is string => Boolean(v)),
  );
  if (error) fail(error);
  return hashPassword(password);
}
