import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadSecretsKey, parseBilling, parseTrustProxy, SECRETS_KEY_FILE } from "./config";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "kunto-config-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("6.10 SECRETS_KEY", () => {
  it("6.10 the embedded default generates the key into DATA_DIR with mode 0600 once, then reuses it", () => {
    const dir = join(tempDir(), "data");
    const first = loadSecretsKey({}, dir);
    expect(first).toHaveLength(32);
    const file = join(dir, SECRETS_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, "utf8").trim(), "base64")).toEqual(Buffer.from(first));
    expect(loadSecretsKey({}, dir)).toEqual(first);
  });

  it("6.10 with DATABASE_URL the key is required, and SECRETS_KEY must be 32 bytes of base64", () => {
    const dir = tempDir();
    expect(() => loadSecretsKey({ DATABASE_URL: "postgres://x@db/kunto" }, dir)).toThrow(
      /SECRETS_KEY is required/,
    );
    const key = Buffer.alloc(32, 9).toString("base64");
    expect(loadSecretsKey({ DATABASE_URL: "postgres://x@db/kunto", SECRETS_KEY: key }, dir)).toEqual(
      new Uint8Array(Buffer.alloc(32, 9)),
    );
    expect(() => loadSecretsKey({ SECRETS_KEY: Buffer.alloc(16).toString("base64") }, dir)).toThrow(
      /32 bytes/,
    );
  });
});

describe("6.2 TRUST_PROXY", () => {
  it("6.2 is a whole number of proxies, 0 by default", () => {
    expect(parseTrustProxy(undefined)).toBe(0);
    expect(parseTrustProxy("2")).toBe(2);
    expect(() => parseTrustProxy("true")).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy("-1")).toThrow(/TRUST_PROXY/);
  });
});

describe("issue 21: Stripe configuration", () => {
  it("issue 21: billing is off without keys, on with both, and STRIPE_API_URL names the fake's origin", () => {
    expect(parseBilling({})).toBeUndefined();
    expect(parseBilling({ STRIPE_SECRET_KEY: " ", STRIPE_WEBHOOK_SECRET: "" })).toBeUndefined();
    expect(parseBilling({ STRIPE_SECRET_KEY: "sk_live_1", STRIPE_WEBHOOK_SECRET: "whsec_1" })).toEqual({
      secretKey: "sk_live_1",
      webhookSecret: "whsec_1",
    });
    expect(
      parseBilling({
        STRIPE_SECRET_KEY: "sk_test_fake",
        STRIPE_WEBHOOK_SECRET: "whsec_fake",
        STRIPE_API_URL: "http://127.0.0.1:12111",
      }),
    ).toEqual({ secretKey: "sk_test_fake", webhookSecret: "whsec_fake", apiUrl: "http://127.0.0.1:12111" });
  });

  it("issue 21: one key without the other, or a URL that is no http(s) origin, stops the start", () => {
    expect(() => parseBilling({ STRIPE_SECRET_KEY: "sk_live_1" })).toThrow(/both STRIPE_SECRET_KEY/);
    expect(() => parseBilling({ STRIPE_WEBHOOK_SECRET: "whsec_1" })).toThrow(/both STRIPE_SECRET_KEY/);
    expect(() => parseBilling({ STRIPE_API_URL: "http://127.0.0.1:12111" })).toThrow(
      /needs STRIPE_SECRET_KEY/,
    );
    const keys = { STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_WEBHOOK_SECRET: "whsec_fake" };
    for (const url of ["127.0.0.1:12111", "ftp://127.0.0.1", "http://127.0.0.1:12111/v1"])
      expect(() => parseBilling({ ...keys, STRIPE_API_URL: url }), url).toThrow(/STRIPE_API_URL must be/);
  });
});
