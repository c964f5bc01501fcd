import { decryptSecret, encryptSecret } from "@kunto/auth";

/**
 * A person's ssn and tax number (issue 22) are sealed as TOTP secrets are (issue 6.10): AES-256-GCM
 * under an HKDF sub-key of SECRETS_KEY of their own ("person-identifier"), bound to the
 * organisation, the person and the field, so a sealed value copied to another row or field does not
 * open. Nothing here logs.
 */
export type IdentifierField = "ssn" | "taxNumber";

const context = (tenantId: string, personId: string, field: IdentifierField) =>
  `person:${tenantId}:${personId}:${field}`;

export function sealIdentifier(
  key: Uint8Array,
  tenantId: string,
  personId: string,
  field: IdentifierField,
  value: string | null,
): Buffer | null {
  if (value === null) return null;
  return encryptSecret(
    key,
    new TextEncoder().encode(value),
    context(tenantId, personId, field),
    "person-identifier",
  );
}

export function openIdentifier(
  key: Uint8Array,
  tenantId: string,
  personId: string,
  field: IdentifierField,
  sealed: Uint8Array | null,
): string | null {
  if (sealed === null) return null;
  return new TextDecoder().decode(
    decryptSecret(key, sealed, context(tenantId, personId, field), "person-identifier"),
  );
}
