import { describe, expect, it } from "vitest";
import { addRespondent, aggregateRespondents, emptyAggregates, mergeAggregates } from "./aggregates";
import { EngineError } from "./errors";
import { momentsMean, momentsSd } from "./moments";
import { parseAggregates } from "./parse-aggregates";
import type { Contributions } from "./respondent";

const contribution = (
  questions: Record<string, number>,
  categories: Record<string, number>,
): Contributions => ({
  questions,
  categories,
});

describe("aggregates", () => {
  it("start empty and count a respondent who answered nothing", () => {
    expect(emptyAggregates()).toEqual({ respondents: 0, categories: {}, questions: {} });
    expect(addRespondent(emptyAggregates(), contribution({}, {}))).toEqual({
      respondents: 1,
      categories: {},
      questions: {},
    });
  });

  it("add a respondent without changing the input", () => {
    const one = addRespondent(emptyAggregates(), contribution({ q: 40 }, { leadership: 40 }));
    const two = addRespondent(one, contribution({ q: 60 }, { leadership: 60, culture: 10 }));
    expect(one).toEqual({
      respondents: 1,
      categories: { leadership: { count: 1, sum: 40, sumSquares: 1600 } },
      questions: { q: { count: 1, sum: 40, sumSquares: 1600 } },
    });
    expect(two).toEqual({
      respondents: 2,
      categories: {
        leadership: { count: 2, sum: 100, sumSquares: 5200 },
        culture: { count: 1, sum: 10, sumSquares: 100 },
      },
      questions: { q: { count: 2, sum: 100, sumSquares: 5200 } },
    });
  });

  it("fold many respondents like repeated addRespondent", () => {
    const all = [
      contribution({ a: 10 }, { x: 10 }),
      contribution({ a: 20, b: 5 }, { x: 20 }),
      contribution({}, { y: 70 }),
    ];
    expect(aggregateRespondents(all)).toEqual(all.reduce(addRespondent, emptyAggregates()));
  });

  it("merge by adding counts, sums and sums of squares", () => {
    const a = aggregateRespondents([contribution({ q: 10 }, { c: 10 })]);
    const b = aggregateRespondents([contribution({ q: 30, r: 50 }, { c: 30 }), contribution({}, {})]);
    expect(mergeAggregates(a, b)).toEqual({
      respondents: 3,
      categories: { c: { count: 2, sum: 40, sumSquares: 1000 } },
      questions: { q: { count: 2, sum: 40, sumSquares: 1000 }, r: { count: 1, sum: 50, sumSquares: 2500 } },
    });
    expect(mergeAggregates(a, emptyAggregates())).toEqual(a);
  });

  it("survive a JSON round trip", () => {
    const a = aggregateRespondents([contribution({ q: 12.5 }, { c: 12.5 })]);
    expect(parseAggregates(JSON.parse(JSON.stringify(a)))).toEqual(a);
  });

  it("keep a key such as __proto__ as data through JSON, merging and folding", () => {
    const stored = JSON.parse(
      '{"respondents":1,"categories":{},"questions":{"__proto__":{"count":1,"sum":20,"sumSquares":400}}}',
    );
    const merged = mergeAggregates(
      parseAggregates(stored),
      aggregateRespondents([contribution({ ["__proto__"]: 40 }, {})]),
    );
    expect(Object.entries(merged.questions)).toEqual([
      ["__proto__", { count: 2, sum: 60, sumSquares: 2000 }],
    ]);
    expect(Object.getPrototypeOf(merged.questions)).toBeNull();
  });

  it("are checked when read back", () => {
    const bad: unknown[] = [
      null,
      { respondents: -1, categories: {}, questions: {} },
      { respondents: 1, categories: { c: { count: 2, sum: 1, sumSquares: 1 } }, questions: {} },
      { respondents: 1, categories: { c: { count: 1, sum: 101, sumSquares: 1 } }, questions: {} },
      { respondents: 1, categories: {}, questions: { q: { count: 1, sum: "50", sumSquares: 2500 } } },
      { respondents: 1, categories: {}, questions: [] },
    ];
    for (const value of bad) {
      expect(() => parseAggregates(value)).toThrow(EngineError);
    }
  });
});

describe("mean and standard deviation from moments", () => {
  it("give no mean for no answers and no sd for one answer", () => {
    expect(momentsMean({ count: 0, sum: 0, sumSquares: 0 })).toBeNull();
    expect(momentsSd({ count: 0, sum: 0, sumSquares: 0 })).toBeNull();
    expect(momentsMean({ count: 1, sum: 42, sumSquares: 1764 })).toBe(42);
    expect(momentsSd({ count: 1, sum: 42, sumSquares: 1764 })).toBeNull();
  });

  it("give the sample sd (n − 1 in the denominator)", () => {
    // 20, 40, 60: mean 40, squared deviations 400 + 0 + 400 over n − 1 = 2.
    expect(momentsSd({ count: 3, sum: 120, sumSquares: 5600 })).toBe(20);
  });

  it("give exactly 0 for equal scores, even when floating point leaves residue", () => {
    const third = 100 / 3;
    const moments = aggregateRespondents([1, 2, 3, 4, 5, 6, 7].map(() => contribution({ q: third }, {})))
      .questions.q;
    if (moments === undefined) throw new Error("fixture");
    expect(moments.sumSquares - (moments.sum * moments.sum) / moments.count).not.toBe(0);
    expect(momentsSd(moments)).toBe(0);
  });
});
