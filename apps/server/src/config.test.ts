import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadSecretsKey, parseTrustProxy, SECRETS_KEY_FILE } from "./config";

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
