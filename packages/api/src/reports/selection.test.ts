import { AppError, type Plan } from "@kunto/core";
import type { Tx } from "@kunto/db";
import type { Aggregates, Moments } from "@kunto/engine";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { MAX_REPORT_KEYS, parseKeys, type ReportRequest, resolveSelection } from "./selection";

const keyOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.key;
    throw error;
  }
  return "accepted";
};

const asyncKeyOf = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error.key;
    throw error;
  }
  return "accepted";
};

describe("report keys (document 2 §7: comma-separated survey or share keys)", () => {
  it("splits on commas, trims, drops empty entries and repeats, keeping the first order", () => {
    expect(parseKeys("a,b,,c ")).toEqual(["a", "b", "c"]);
    expect(parseKeys(" b , a,b")).toEqual(["b", "a"]);
    expect(parseKeys("K1")).toEqual(["K1"]);
  });

  it("asks for a target group when no key is left", () => {
    expect(keyOf(() => parseKeys(""))).toBe("choose_target_group");
    expect(keyOf(() => parseKeys(" , ,"))).toBe("choose_target_group");
  });

  it("takes up to MAX_REPORT_KEYS distinct keys and refuses more", () => {
    const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}`);
    expect(MAX_REPORT_KEYS).toBe(100);
    expect(parseKeys(keys(100).join(","))).toHaveLength(100);
    expect(keyOf(() => parseKeys(keys(101).join(",")))).toBe("report_selection_invalid");
    // Repeats do not count against the limit.
    expect(parseKeys([...keys(100), ...keys(100)].join(","))).toHaveLength(100);
  });
});

/**
 * resolveSelection over a stand-in for the three statements it makes (the surveys by key or by share
 * key, then their shares with released and live aggregates): no database, so its rules can be
 * mutation tested. The statements themselves are proven by apps/server/test/reports.
 */
type Survey = { id: string; key: string; tenant: string; type: "PERSONNEL" | "MANAGEMENT" };
type Share = { key: string; survey: string; released: number; live: number; q: number };

const moments = (count: number, mean: number): Moments => ({
  count,
  sum: count * mean,
  sumSquares: count * mean * mean,
});
const aggregatesOf = (respondents: number, mean: number): Aggregates => ({
  respondents,
  categories: {},
  questions: respondents ? { q: moments(respondents, mean) } : {},
});

function fakeTx(surveys: Survey[], shares: Share[]): Tx {
  const dialect = new PgDialect();
  const row = (s: Survey) => ({
    id: s.id,
    key: s.key,
    name: `Survey ${s.key}`,
    type: s.type,
    template_id: `template-${s.type}`,
    starts_at: "2026-01-01T00:00:00Z",
    ends_at: "2026-02-01T00:00:00Z",
  });
  const execute = async (query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    if (text.includes("survey_aggregates")) {
      const ids = params[0] as string[];
      return shares
        .filter((sh) => ids.includes(sh.survey))
        .sort((a, b) => a.key.localeCompare(b.key))
        .map((sh) => ({
          id: `id-${sh.key}`,
          key: sh.key,
          name: sh.key,
          survey_id: sh.survey,
          type: surveys.find((s) => s.id === sh.survey)?.type,
          threshold: 5,
          released: aggregatesOf(sh.released, sh.q),
          stripes: [aggregatesOf(sh.live, sh.q)],
        }));
    }
    if (text.includes("update survey_shares")) return [{ id: params[1] }];
    const [tenant, keys] = params as [string, string[]];
    if (text.includes("from survey_shares")) {
      const ids = new Set(shares.filter((sh) => keys.includes(sh.key)).map((sh) => sh.survey));
      return surveys.filter((s) => s.tenant === tenant && ids.has(s.id)).map(row);
    }
    return surveys.filter((s) => s.tenant === tenant && keys.includes(s.key)).map(row);
  };
  return { execute } as unknown as Tx;
}

const surveys: Survey[] = [
  { id: "p1", key: "P1", tenant: "t", type: "PERSONNEL" },
  { id: "p2", key: "P2", tenant: "t", type: "PERSONNEL" },
  { id: "m1", key: "M1", tenant: "t", type: "MANAGEMENT" },
  { id: "m2", key: "M2", tenant: "t", type: "MANAGEMENT" },
  { id: "e1", key: "E1", tenant: "t", type: "PERSONNEL" },
  { id: "x1", key: "X1", tenant: "other", type: "PERSONNEL" },
];
const shares: Share[] = [
  // Live 7, released 5: two answers short of the next step of 5 are held back.
  { key: "pa", survey: "p1", released: 5, live: 7, q: 40 },
  { key: "pb", survey: "p1", released: 10, live: 10, q: 70 },
  { key: "pc", survey: "p2", released: 6, live: 6, q: 50 },
  { key: "ma", survey: "m1", released: 2, live: 2, q: 80 },
  { key: "mb", survey: "m2", released: 1, live: 1, q: 60 },
  { key: "xa", survey: "x1", released: 9, live: 9, q: 10 },
];
const tx = fakeTx(surveys, shares);
const resolve = (plan: Plan, request: ReportRequest) => resolveSelection(tx, { id: "t", plan }, request);

describe("report selection (docs/reports.md Selection: document 2 §4, §7)", () => {
  it("takes every share of a survey asked by its key, each with its released state", async () => {
    const { personnel, management } = await resolve("PRO", { by: "surveys", keys: ["P1"] });
    expect(management).toBeNull();
    expect(personnel).toMatchObject({
      id: "p1",
      key: "P1",
      name: "Survey P1",
      type: "PERSONNEL",
      templateId: "template-PERSONNEL",
    });
    expect(personnel?.startsAt).toEqual(new Date("2026-01-01T00:00:00Z"));
    expect(personnel?.endsAt).toEqual(new Date("2026-02-01T00:00:00Z"));
    expect(personnel?.shares.map((s) => [s.key, s.respondents, s.heldBack])).toEqual([
      ["pa", 5, 2],
      ["pb", 10, 0],
    ]);
    expect(personnel?.allShares.map((s) => s.key)).toEqual(["pa", "pb"]);
    // Released figures only: 5 answers of 40 and 10 of 70, not the 7 live ones of the first share.
    expect(personnel?.aggregates.respondents).toBe(15);
    expect(personnel?.aggregates.questions.q).toEqual({
      count: 15,
      sum: 5 * 40 + 10 * 70,
      sumSquares: 5 * 1600 + 10 * 4900,
    });
    expect(personnel?.heldBack).toBe(2);
    expect(personnel?.total.respondents).toBe(15);
  });

  it("takes one survey per side", async () => {
    const both = await resolve("PRO", { by: "surveys", keys: ["P2", "M1"] });
    expect(both.personnel?.key).toBe("P2");
    expect(both.management?.key).toBe("M1");
    expect(both.management?.aggregates.respondents).toBe(2);
    expect(await asyncKeyOf(() => resolve("PRO", { by: "surveys", keys: ["P1", "P2"] }))).toBe(
      "report_selection_invalid",
    );
    expect(await asyncKeyOf(() => resolve("PRO", { by: "surveys", keys: ["M1", "M2"] }))).toBe(
      "report_selection_invalid",
    );
    expect(await asyncKeyOf(() => resolve("PRO", { by: "shares", keys: ["pa", "pc"] }))).toBe(
      "report_selection_invalid",
    );
  });

  it("answers not_found for a key that is not the account's", async () => {
    expect(await asyncKeyOf(() => resolve("PRO", { by: "surveys", keys: ["X1"] }))).toBe("not_found");
    expect(await asyncKeyOf(() => resolve("PRO", { by: "surveys", keys: ["P1", "X1"] }))).toBe("not_found");
    expect(await asyncKeyOf(() => resolve("PRO", { by: "shares", keys: ["pa", "xa"] }))).toBe("not_found");
    expect(await asyncKeyOf(() => resolve("PRO", { by: "shares", keys: ["pa", "nope"] }))).toBe("not_found");
  });

  it("takes the named shares only, the survey's total over all of them", async () => {
    const { personnel, management } = await resolve("PRO", { by: "shares", keys: ["pb", "ma"] });
    expect(personnel?.shares.map((s) => s.key)).toEqual(["pb"]);
    expect(personnel?.allShares.map((s) => s.key)).toEqual(["pa", "pb"]);
    expect(personnel?.aggregates.respondents).toBe(10);
    expect(personnel?.heldBack).toBe(0);
    expect(personnel?.total.respondents).toBe(15);
    expect(management?.shares.map((s) => s.key)).toEqual(["ma"]);
  });

  it("gives a FREE account one share per survey, also when a survey key stands for several", async () => {
    const free = await resolve("FREE", { by: "shares", keys: ["pa", "ma"] });
    expect(free.personnel?.shares.map((s) => s.key)).toEqual(["pa"]);
    expect(free.management?.shares.map((s) => s.key)).toEqual(["ma"]);
    expect(await asyncKeyOf(() => resolve("FREE", { by: "shares", keys: ["pa", "pb"] }))).toBe(
      "selected_share_free_warning",
    );
    expect(await asyncKeyOf(() => resolve("FREE", { by: "surveys", keys: ["P1"] }))).toBe(
      "selected_share_free_warning",
    );
    expect((await resolve("FREE", { by: "surveys", keys: ["P2"] })).personnel?.shares).toHaveLength(1);
    expect((await resolve("TOTAL", { by: "surveys", keys: ["P1"] })).personnel?.shares).toHaveLength(2);
  });

  it("asks for a target group when a survey has no share to report", async () => {
    expect(await asyncKeyOf(() => resolve("PRO", { by: "surveys", keys: ["E1"] }))).toBe(
      "choose_target_group",
    );
  });

  it("answers not_found for share keys of no survey at all", async () => {
    expect(await resolve("PRO", { by: "shares", keys: ["nope"] }).catch((e: AppError) => e.key)).toBe(
      "not_found",
    );
  });
});
