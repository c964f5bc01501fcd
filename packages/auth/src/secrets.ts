import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * SECRETS_KEY (issue 6.10): 32 random bytes, base64. Each use gets its own HKDF-SHA256 sub-key, so
 * the TOTP encryption key and the device-cookie signing key are independent of each other.
 */
export const SECRETS_KEY_BYTES = 32;

export function parseSecretsKey(base64: string): Uint8Array {
  const key = Buffer.from(base64.trim(), "base64");
  if (key.length !== SECRETS_KEY_BYTES)
    throw new Error(`SECRETS_KEY must be ${SECRETS_KEY_BYTES} bytes in base64 (openssl rand -base64 32)`);
  return new Uint8Array(key);
}

/**
 * The embedded default: the key lives beside the database in the data folder, made on first start
 * with mode 0600. Losing it loses the TOTP factors (they cannot be decrypted), nothing else.
 */
export function loadOrCreateSecretsKeyFile(path: string): Uint8Array {
  if (existsSync(path)) return parseSecretsKey(readFileSync(path, "utf8"));
  mkdirSync(dirname(path), { recursive: true });
  // "wx": never overwrite a key another process wrote a moment ago.
  try {
    writeFileSync(path, `${randomBytes(SECRETS_KEY_BYTES).toString("base64")}\n`, {
      mode: 0o600,
      flag: "wx",
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  chmodSync(path, 0o600);
  return parseSecretsKey(readFileSync(path, "utf8"));
}

/**
 * rate-limit-subject: the keyed digest a counter names a respondent's address by (issue 17.5);
 * person-identifier: a person's ssn and tax number (issue 22); webhook-secret: an endpoint's
 * signing secret (issue 20.4).
 */
export type KeyPurpose =
  | "totp-secret"
  | "device-cookie"
  | "rate-limit-subject"
  | "person-identifier"
  | "webhook-secret";
type SealPurpose = "totp-secret" | "person-identifier" | "webhook-secret";
const derived = new WeakMap<Uint8Array, Map<KeyPurpose, Buffer>>();

export function subKey(master: Uint8Array, purpose: KeyPurpose): Buffer {
  let byPurpose = derived.get(master);
  if (!byPurpose) {
    byPurpose = new Map();
    derived.set(master, byPurpose);
  }
  let key = byPurpose.get(purpose);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", master, "kunto", `kunto ${purpose} v1`, 32));
    byPurpose.set(purpose, key);
  }
  return key;
}

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM: version byte, 12-byte IV, ciphertext, 16-byte tag. `context` binds it to its row. */
export function encryptSecret(
  master: Uint8Array,
  plain: Uint8Array,
  context: string,
  purpose: SealPurpose = "totp-secret",
): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", subKey(master, purpose), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, body, cipher.getAuthTag()]);
}

/** Throws when the key is not the one the secret was sealed with or the value was altered. */
export function decryptSecret(
  master: Uint8Array,
  sealed: Uint8Array,
  context: string,
  purpose: SealPurpose = "totp-secret",
): Uint8Array {
  const data = Buffer.from(sealed);
  if (data[0] !== VERSION || data.length < 1 + IV_BYTES + TAG_BYTES) throw new Error("unknown secret format");
  const iv = data.subarray(1, 1 + IV_BYTES);
  const tag = data.subarray(data.length - TAG_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", subKey(master, purpose), iv);
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(tag);
  return new Uint8Array(
    Buffer.concat([decipher.update(data.subarray(1 + IV_BYTES, data.length - TAG_BYTES)), decipher.final()]),
  );
}
