import { DnbClient, ProviderError } from "@kunto/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeDnb, startFakeDnb } from "../../../../packages/fake-dnb/src/index";

/**
 * Issue 23: the Dun & Bradstreet Direct+ client against the local fake over real HTTP on loopback:
 * OAuth client credentials, the token cached until shortly before expiry and renewed on a 401,
 * 429 back-off honouring Retry-After a bounded number of times, provider errors as error keys.
 * The clock and the wait are the test's, so nothing here waits for real time.
 */
let fake: FakeDnb;
let clock = 1_000_000;
const waits: number[] = [];

const client = (overrides: { clientSecret?: string } = {}) =>
  new DnbClient({
    clientId: fake.clientId,
    clientSecret: overrides.clientSecret ?? fake.clientSecret,
    baseUrl: fake.url,
    now: () => clock,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
const search = (c: DnbClient) => c.resolveIdentity({ name: "Esimerkki", countryISOAlpha2Code: "FI" });
const apiCalls = () => fake.calls.filter((c) => c.path !== "/v3/token");

beforeAll(async () => {
  fake = await startFakeDnb({ tokenExpiresIn: 3600 });
});
afterAll(() => fake.close());

describe("token", () => {
  it("is requested once with client credentials and cached across calls", async () => {
    const c = client();
    const before = fake.tokensIssued();
    const matches = await search(c);
    expect(matches.map((m) => m.duns)).toEqual(["539876543", "539876544"]);
    expect(matches[0]).toMatchObject({
      primaryName: "Esimerkki Oy",
      registrationNumbers: [{ registrationNumber: "1234567-8" }],
      primaryAddress: { streetAddress: { line1: "Mannerheimintie 1" }, addressCountry: { name: "Finland" } },
      displaySequence: 1,
    });
    await c.fetchStatements("539876543");
    expect(fake.tokensIssued() - before).toBe(1);
  });

  it("is renewed before it expires (the clock passes expiry less the margin) without a 401", async () => {
    const c = client();
    const before = fake.tokensIssued();
    await search(c);
    clock += 3600 * 1000 - 59_000; // within a minute of expiry
    const callsBefore = fake.calls.length;
    await search(c);
    expect(fake.tokensIssued() - before).toBe(2);
    expect(fake.calls.slice(callsBefore).map((x) => x.status)).toEqual([200, 200]);
  });

  it("still valid by the clock but refused (401): renewed once and the call repeated", async () => {
    const c = client();
    await search(c);
    const before = fake.tokensIssued();
    fake.expireTokens();
    const callsBefore = fake.calls.length;
    const matches = await search(c);
    expect(matches).toHaveLength(2);
    expect(fake.tokensIssued() - before).toBe(1);
    expect(fake.calls.slice(callsBefore).map((x) => `${x.path} ${x.status}`)).toEqual([
      "/v1/match/cleanseMatch 401",
      "/v3/token 200",
      "/v1/match/cleanseMatch 200",
    ]);
  });

  it("a second 401 in a row is a provider error, not a loop", async () => {
    const c = client();
    await search(c);
    fake.failNext({ status: 401, count: 2 });
    await expect(search(c)).rejects.toMatchObject({ key: "tenants.duns_search_error", status: 401 });
  });

  it("wrong credentials surface as the call's error key", async () => {
    await expect(search(client({ clientSecret: "wrong" }))).rejects.toMatchObject({
      key: "tenants.duns_search_error",
      status: 401,
    });
    await expect(client({ clientSecret: "wrong" }).fetchStatements("539876543")).rejects.toMatchObject({
      key: "financial_fetch_failed",
      status: 401,
    });
  });
});

describe("429 back-off", () => {
  it("waits Retry-After and retries", async () => {
    const c = client();
    await search(c);
    waits.length = 0;
    fake.failNext({ status: 429, count: 2, retryAfter: 7 });
    expect(await search(c)).toHaveLength(2);
    expect(waits).toEqual([7000, 7000]);
  });

  it("without Retry-After waits 1 s, 2 s, 4 s, then gives up (bounded)", async () => {
    const c = client();
    await search(c);
    waits.length = 0;
    const before = apiCalls().length;
    fake.failNext({ status: 429, count: 4 });
    const error = await search(c).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ key: "tenants.duns_search_error", status: 429 });
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(apiCalls().length - before).toBe(4);
  });

  it("a Retry-After longer than the bound is not waited for", async () => {
    const c = client();
    await search(c);
    waits.length = 0;
    fake.failNext({ status: 429, retryAfter: 600 });
    await expect(search(c)).rejects.toMatchObject({ status: 429 });
    expect(waits).toEqual([]);
  });
});

describe("errors and answers", () => {
  it("500 surfaces as tenants.duns_search_error (search) and financial_fetch_failed (statements)", async () => {
    const c = client();
    fake.failNext({ status: 500 });
    await expect(search(c)).rejects.toMatchObject({ key: "tenants.duns_search_error", status: 500 });
    fake.failNext({ status: 500 });
    await expect(c.fetchStatements("539876543")).rejects.toMatchObject({ key: "financial_fetch_failed" });
  });

  it("statements map to financial records; an unknown D-U-N-S has none", async () => {
    const c = client();
    const progress: number[] = [];
    const records = await c.fetchStatements("804735132", (p) => {
      progress.push(p);
    });
    expect(records).toHaveLength(5);
    expect(records[4]).toMatchObject({
      financialStatementToDate: "2025-12-31",
      currency: "USD",
      salesRevenue: 9_800_000,
      quickRatio: 1.1,
    });
    expect(progress).toEqual([30, 70]);
    expect(await c.fetchStatements("000000001")).toEqual([]);
  });

  it("no match is an empty list; a registration number matches exactly", async () => {
    const c = client();
    expect(await c.resolveIdentity({ name: "Nothing like it", countryISOAlpha2Code: "SE" })).toEqual([]);
    const [only] = await c.resolveIdentity({
      name: "x",
      registrationNumber: "12-3456789",
      countryISOAlpha2Code: "US",
    });
    expect(only?.duns).toBe("804735132");
  });
});
