import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Aggregates, aggregateRespondents, mergeAggregates } from "./aggregates";
import { comparable, DEFAULT_BOUNDS, scoredBand, WIDE_BOUNDS } from "./bands";
import { DEFAULT_CATEGORY_TREE } from "./default-tree";
import type { RawAnswers, TemplateQuestion } from "./model";
import { computeReport } from "./report";
import type { Report } from "./report-types";
import { scoreRespondent } from "./respondent";
import { prepareTemplate } from "./template";

// Whole-number sliders on the scales the default templates use: their means land exactly on the
// bounds (40, 60, 22.5, 72.5) often, which is where summation order used to decide the band.
const questions: TemplateQuestion[] = [
  { key: "org", type: "SLIDER", category: "organization", min: 1, max: 10, step: 1 },
  { key: "proc", type: "SLIDER", category: "processes", min: 1, max: 5, step: 1 },
  { key: "coop", type: "SLIDER", category: "cooperation", min: 0, max: 10, step: 1 },
  { key: "mot", type: "SLIDER", category: "motivation", min: 1, max: 10, step: 1 },
  { key: "know", type: "SLIDER", category: "know_how", min: 0, max: 4, step: 1 },
  { key: "work", type: "SLIDER", category: "work_ability", min: 1, max: 10, step: 1 },
  { key: "lead", type: "SLIDER", category: "leadership", min: 1, max: 10, step: 1 },
  { key: "dir", type: "SLIDER", category: "culture_direction", min: 0, max: 4, step: 1 },
  { key: "aut", type: "SLIDER", category: "culture_autonomy", min: 0, max: 4, step: 1 },
  { key: "eco", type: "SLIDER", category: "economy_customers", min: 1, max: 5, step: 1 },
];
const template = prepareTemplate(DEFAULT_CATEGORY_TREE, questions);

const fold = (answers: readonly RawAnswers[]): Aggregates =>
  aggregateRespondents(answers.map((a) => scoreRespondent(template, a)));

const reportOf = (personnel: Aggregates, management: Aggregates | null): Report =>
  computeReport({ tree: DEFAULT_CATEGORY_TREE, questions, personnel, management, anonymityThreshold: 3 });

/** Every band and gap note in a report, by where it was found. */
function decisions(value: unknown, path = "report", out = new Map<string, unknown>()): Map<string, unknown> {
  if (typeof value !== "object" || value === null) return out;
  for (const [key, v] of Object.entries(value)) {
    const here = `${path}.${key}`;
    if (key === "band" || key === "weaknessNote") out.set(here, v);
    else decisions(v, here, out);
  }
  return out;
}

/** The shares merged one by one in the given order. */
const mergeInOrder = (shares: readonly Aggregates[]): Aggregates =>
  shares.reduce((total, share) => mergeAggregates(total, share), fold([]));

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

describe("issue 6.19: band decisions are exact at the bounds", () => {
  it("issue 6.19: five answers 6, 6, 6, 7, 7 on a 1-10 slider are exactly 60, an opportunity, in every merge order", () => {
    const answers = [6, 6, 6, 7, 7].map((org): RawAnswers => ({ org }));
    const shares = answers.map((one) => fold([one]));
    for (const order of permutations(shares)) {
      const organization = reportOf(mergeInOrder(order), null)
        .personnel.categories.find((category) => category.name === "efficiency")
        ?.subcategories.find((sub) => sub.name === "organization");
      expect(organization?.value).toBeCloseTo(60, 9);
      expect(organization?.band).toBe("opportunity");
    }
    const together = reportOf(fold(answers), null).personnel.categories.find((c) => c.name === "efficiency");
    expect(together?.band).toBe("opportunity");
  });

  it("issue 6.19: a value is compared with its bound after rounding to 1e-7, and only then", () => {
    expect(scoredBand(60.00000000000001)).toBe("opportunity");
    expect(scoredBand(59.99999999999999)).toBe("opportunity");
    expect(scoredBand(40.00000000000001)).toBe("weakness");
    expect(scoredBand(72.50000000000001, WIDE_BOUNDS)).toBe("opportunity");
    expect(scoredBand(22.49999999999999, WIDE_BOUNDS)).toBe("weakness");
    // A difference a report could ever show still counts.
    expect(scoredBand(60.000001, DEFAULT_BOUNDS)).toBe("strength");
    expect(scoredBand(40.000001, DEFAULT_BOUNDS)).toBe("opportunity");
    expect(scoredBand(22.500001, WIDE_BOUNDS)).toBe("opportunity");
    expect(comparable(100 / 3)).toBe(33.3333333);
  });

  it("issue 6.19: merging shares in any order gives the same band and gap note everywhere", () => {
    const whole = (min: number, max: number) => fc.integer({ min, max });
    const respondent: fc.Arbitrary<RawAnswers> = fc.record(
      {
        org: whole(1, 10),
        proc: whole(1, 5),
        coop: whole(0, 10),
        mot: whole(1, 10),
        know: whole(0, 4),
        work: whole(1, 10),
        lead: whole(1, 10),
        dir: whole(0, 4),
        aut: whole(0, 4),
        eco: whole(1, 5),
      },
      { requiredKeys: [] },
    );
    const shares = fc.array(fc.array(respondent, { minLength: 1, maxLength: 6 }), {
      minLength: 2,
      maxLength: 6,
    });
    const sharesWithOrder = shares.chain((list) =>
      fc.tuple(
        fc.constant(list),
        fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }),
      ),
    );
    fc.assert(
      fc.property(
        sharesWithOrder,
        fc.array(respondent, { maxLength: 8 }),
        ([inOrder, shuffled], managers) => {
          const management = managers.length === 0 ? null : fold(managers);
          const expected = decisions(reportOf(fold(inOrder.flat()), management));
          const merged = decisions(reportOf(mergeInOrder(shuffled.map(fold)), management));
          const reversed = decisions(reportOf(mergeInOrder([...inOrder].reverse().map(fold)), management));
          expect(merged).toEqual(expected);
          expect(reversed).toEqual(expected);
        },
      ),
      // Sized for a loaded 2-core machine: about a second of work against a one-minute limit.
      { numRuns: 150 },
    );
  }, 60_000);
});
