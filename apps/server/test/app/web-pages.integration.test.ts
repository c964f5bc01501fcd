import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { connect, TEST_CONFIG } from "../support/harness";

/** A built web client of three pages, each saying which it is. */
const webDist = mkdtempSync(join(tmpdir(), "kunto-web-pages-"));
for (const page of ["index", "respondent", "sign-in"])
  writeFileSync(join(webDist, `${page}.html`), `<!doctype html><title>${page}</title>`);

const db = connect();
const app = createApp({
  db: db.db,
  config: TEST_CONFIG,
  log: { info: () => {}, warn: () => {}, error: () => {} },
  webDist,
  bodyLimitBytes: 1024 * 1024,
  ready: async () => true,
});
afterAll(async () => {
  await db.close();
  rmSync(webDist, { recursive: true, force: true });
});

const pageOf = async (path: string) => {
  const response = await app.request(path);
  return { response, page: /<title>(.*)<\/title>/.exec(await response.text())?.[1] };
};

describe("the web client's pages (issue 19.13)", () => {
  it("answers /login with the light sign-in page, never cached, under the app's CSP", async () => {
    for (const path of ["/login", "/login?redirect=%2Fme&email_confirmed=1"]) {
      const { response, page } = await pageOf(path);
      expect(response.status).toBe(200);
      expect(page).toBe("sign-in");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(response.headers.get("content-type")).toContain("text/html");
      const other = await pageOf("/signup");
      expect(response.headers.get("content-security-policy")).toBe(
        other.response.headers.get("content-security-policy"),
      );
      expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
    }
  });

  it("answers the app's other paths with the app, and /public/ with the respondent page", async () => {
    for (const path of ["/", "/signup", "/logout", "/login/other", "/t/x/dashboard"])
      expect((await pageOf(path)).page, path).toBe("index");
    expect((await pageOf("/public/")).page).toBe("respondent");
  });
});
