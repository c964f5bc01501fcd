import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Aggregates, aggregateRespondents, mergeAggregates } from "./aggregates";
import { DEFAULT_CATEGORY_TREE } from "./default-tree";
import type { RawAnswers, TemplateQuestion } from "./model";
import { computeReport } from "./report";
import type { Report } from "./report-types";
import { scoreRespondent } from "./respondent";
import { prepareTemplate } from "./template";

// A template that touches every scoring path: several scales, an out-of-order choice list, a
// question on a parent category, an unlinked question and a management-only category.
const questions: TemplateQuestion[] = [
  { key: "group", type: "GROUP" },
  { key: "org", type: "SLIDER", category: "organization", min: 0, max: 10, step: 1 },
  { key: "org2", type: "SLIDER", category: "organization", min: -3, max: 7, step: 0.5 },
  { key: "proc", type: "SLIDER", category: "processes", min: 1, max: 5 },
  {
    key: "coop",
    type: "CHOICE_SINGLE",
    category: "cooperation",
    choices: [
      { key: "b", value: 2 },
      { key: "a", value: 0 },
      { key: "d", value: 7 },
      { key: "c", value: 3 },
    ],
  },
  { key: "eff", type: "SLIDER", category: "efficiency", min: 0, max: 6 },
  { key: "mot", type: "SLIDER", category: "motivation", min: 0, max: 100 },
  { key: "know", type: "SLIDER", category: "know_how", min: 0, max: 3 },
  { key: "work", type: "SLIDER", category: "work_ability", min: 0, max: 9 },
  { key: "lead", type: "SLIDER", category: "leadership", min: 0, max: 10 },
  { key: "dir", type: "SLIDER", category: "culture_direction", min: 0, max: 4 },
  { key: "aut", type: "SLIDER", category: "culture_autonomy", min: 0, max: 4 },
  { key: "eco", type: "SLIDER", category: "economy_customers", min: 0, max: 10 },
  { key: "free", type: "SLIDER", category: null, min: 0, max: 1 },
];
const template = prepareTemplate(DEFAULT_CATEGORY_TREE, questions);

const sliderValue = (min: number, max: number) =>
  fc.oneof(fc.integer({ min, max }), fc.double({ min, max, noNaN: true }));

const respondent: fc.Arbitrary<RawAnswers> = fc.record(
  {
    org: sliderValue(0, 10),
    org2: sliderValue(-3, 7),
    proc: sliderValue(1, 5),
    coop: fc.constantFrom("a", "b", "c", "d"),
    eff: sliderValue(0, 6),
    mot: sliderValue(0, 100),
    know: sliderValue(0, 3),
    work: sliderValue(0, 9),
    lead: sliderValue(0, 10),
    dir: sliderValue(0, 4),
    aut: sliderValue(0, 4),
    eco: sliderValue(0, 10),
    free: sliderValue(0, 1),
  },
  { requiredKeys: [] },
);
const respondents = fc.array(respondent, { maxLength: 25 });

const fold = (answers: readonly RawAnswers[]): Aggregates =>
  aggregateRespondents(answers.map((a) => scoreRespondent(template, a)));

const reportOf = (personnel: Aggregates, management: Aggregates | null): Report =>
  computeReport({ tree: DEFAULT_CATEGORY_TREE, questions, personnel, management, anonymityThreshold: 3 });

const BOUNDS = [22.5, 40, 60, 72.5];
const nearBound = (value: unknown) =>
  typeof value === "number" && BOUNDS.some((bound) => Math.abs(value - bound) < 1e-6);

/**
 * Deep comparison that allows floating-point differences from summing in another order; a band
 * (or gap note) is only compared when its value is not within rounding distance of a bound.
 */
function expectClose(actual: unknown, expected: unknown, path = "report"): void {
  if (typeof expected === "number" && typeof actual === "number") {
    expect(Math.abs(actual - expected), path).toBeLessThanOrEqual(1e-6);
    return;
  }
  if (typeof expected !== "object" || expected === null || typeof actual !== "object" || actual === null) {
    expect(actual, path).toBe(expected);
    return;
  }
  const a = actual as Record<string, unknown>;
  const e = expected as Record<string, unknown>;
  expect(Object.keys(a).sort(), path).toEqual(Object.keys(e).sort());
  for (const key of Object.keys(e)) {
    if (key === "band" && (nearBound(e.value) || nearBound(a.value))) continue;
    if (key === "weaknessNote" && (nearBound(e.gap) || nearBound(a.gap))) continue;
    expectClose(a[key], e[key], `${path}.${key}`);
  }
}

/** Every reported number that is a score, with where it was found. */
function scores(value: unknown, path: string, out: [string, number][] = []): [string, number][] {
  if (typeof value !== "object" || value === null) return out;
  for (const [key, v] of Object.entries(value)) {
    const here = `${path}.${key}`;
    if (typeof v === "number" && !["count", "respondents", "areas", "anonymityThreshold"].includes(key)) {
      out.push([here, v]);
    } else scores(v, here, out);
  }
  return out;
}

/**
 * Issue 6.20: each property runs in about a second here, far from this limit, so a busy 2-core
 * machine (CI runs the unit tests beside a database and a browser) cannot time it out.
 */
const PROPERTY_TIMEOUT_MS = 60_000;

describe("engine properties", () => {
  it(
    "merging the aggregates of two selections equals aggregating their union",
    () => {
      fc.assert(
        fc.property(respondents, respondents, respondents, (left, right, managers) => {
          const merged = mergeAggregates(fold(left), fold(right));
          const union = fold([...left, ...right]);
          expectClose(merged, union, "aggregates");
          const management = managers.length === 0 ? null : fold(managers);
          expectClose(reportOf(merged, management), reportOf(union, management));
        }),
        { numRuns: 200 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "keeps every score, sd, gap and share within 0..100",
    () => {
      fc.assert(
        fc.property(respondents, respondents, (staff, managers) => {
          for (const answers of [...staff, ...managers]) {
            const contributions = scoreRespondent(template, answers);
            for (const score of [
              ...Object.values(contributions.questions),
              ...Object.values(contributions.categories),
            ]) {
              expect(score).toBeGreaterThanOrEqual(0);
              expect(score).toBeLessThanOrEqual(100);
            }
          }
          const report = reportOf(fold(staff), managers.length === 0 ? null : fold(managers));
          for (const [path, value] of scores(report, "report")) {
            expect(value, path).toBeGreaterThanOrEqual(0);
            expect(value, path).toBeLessThanOrEqual(100);
          }
        }),
        { numRuns: 200 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "does not depend on the order of respondents",
    () => {
      const withOrder = respondents.chain((list) =>
        fc.tuple(fc.constant(list), fc.array(fc.nat(), { minLength: list.length, maxLength: list.length })),
      );
      fc.assert(
        fc.property(withOrder, respondents, ([list, sortKeys], managers) => {
          const shuffled = list
            .map((answers, i) => ({ answers, key: sortKeys[i] ?? 0 }))
            .sort((x, y) => x.key - y.key)
            .map((entry) => entry.answers);
          const management = managers.length === 0 ? null : fold(managers);
          const reversedManagers = managers.length === 0 ? null : fold([...managers].reverse());
          expectClose(reportOf(fold(shuffled), reversedManagers), reportOf(fold(list), management));
        }),
        { numRuns: 200 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
