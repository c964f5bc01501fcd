/**
 * API keys (issue 20): a private key or a whole `Authorization` header is a secret too; a person's
 * ssn and tax number (issue 22) never reach the audit trail either.
 */
const SECRET_KEY = /password|secret|token|code|privatekey|authorization|^ssn|taxnumber/i;

/** Never write secrets into the audit trail, at any depth (issue 6.11). */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [key, SECRET_KEY.test(key) ? "[redacted]" : redact(entry)]),
  );
}

/** The audit row's details: the redacted input when it is an object, else nothing. */
export function auditDetails(input: unknown): Record<string, unknown> | null {
  const redacted = redact(input);
  return redacted && typeof redacted === "object" && !Array.isArray(redacted)
    ? (redacted as Record<string, unknown>)
    : null;
}
