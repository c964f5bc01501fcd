import { describe, expect, it } from "vitest";
import { parseDnb } from "./config";

describe("DNB_* (issue 23)", () => {
  it("both credentials or neither; DNB_BASE_URL only with them and an http(s) URL", () => {
    expect(parseDnb({})).toBeUndefined();
    expect(parseDnb({ DNB_CLIENT_ID: "id", DNB_CLIENT_SECRET: "secret" })).toEqual({
      clientId: "id",
      clientSecret: "secret",
    });
    expect(
      parseDnb({ DNB_CLIENT_ID: "id", DNB_CLIENT_SECRET: "secret", DNB_BASE_URL: "http://127.0.0.1:12112" }),
    ).toEqual({ clientId: "id", clientSecret: "secret", baseUrl: "http://127.0.0.1:12112" });
    expect(() => parseDnb({ DNB_CLIENT_ID: "id" })).toThrow(/both/);
    expect(() => parseDnb({ DNB_BASE_URL: "http://x" })).toThrow(/needs/);
    expect(() => parseDnb({ DNB_CLIENT_ID: "id", DNB_CLIENT_SECRET: "s", DNB_BASE_URL: "ftp://x" })).toThrow(
      /http/,
    );
  });
});
