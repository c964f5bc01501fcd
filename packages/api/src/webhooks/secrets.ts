import { decryptSecret, encryptSecret } from "@kunto/auth";
import { type SystemDb, withSystem } from "@kunto/db";
import { sql } from "drizzle-orm";

/**
 * An endpoint's signing secret at rest (issue 20.4): sealed as TOTP secrets are (issue 6.10),
 * AES-256-GCM under an HKDF sub-key of SECRETS_KEY of its own ("webhook-secret"), bound to the
 * organisation and the endpoint, so a sealed secret copied to another row does not open. A row
 * from before sealing (migration 0042) holds the secret as UTF-8 until `sealStoredWebhookSecrets`
 * runs at the next start; it is read as it is meanwhile. Nothing here logs.
 */
const context = (tenantId: string, endpointId: string) => `webhook:${tenantId}:${endpointId}`;

export function sealWebhookSecret(
  key: Uint8Array,
  tenantId: string,
  endpointId: string,
  secret: string,
): Buffer {
  return encryptSecret(
    key,
    new TextEncoder().encode(secret),
    context(tenantId, endpointId),
    "webhook-secret",
  );
}

export interface StoredWebhookSecret {
  tenantId: string;
  endpointId: string;
  secret: Uint8Array;
  secretEncrypted: boolean;
}

export function readWebhookSecret(key: Uint8Array, row: StoredWebhookSecret): string {
  const plain = row.secretEncrypted
    ? decryptSecret(key, row.secret, context(row.tenantId, row.endpointId), "webhook-secret")
    : row.secret;
  return new TextDecoder().decode(plain);
}

/** Seals the secrets stored before sealing, as the system role (every organisation's); answers how many. */
export async function sealStoredWebhookSecrets(system: SystemDb, key: Uint8Array): Promise<number> {
  return withSystem(system, async (tx) => {
    const rows = await tx.execute<{ id: string; tenant_id: string; secret: Buffer }>(
      sql`select id, tenant_id, secret from webhook_endpoints where not secret_encrypted for update`,
    );
    for (const row of rows) {
      const sealed = sealWebhookSecret(key, row.tenant_id, row.id, new TextDecoder().decode(row.secret));
      await tx.execute(sql`update webhook_endpoints set secret = ${sealed}, secret_encrypted = true
        where id = ${row.id} and tenant_id = ${row.tenant_id}`);
    }
    return rows.length;
  });
}
