import { describe, expect, it } from "vitest";
import { type Aggregates, aggregateRespondents, emptyAggregates } from "./aggregates";
import { bandFor, WIDE_BOUNDS } from "./bands";
import { DEFAULT_CATEGORY_TREE } from "./default-tree";
import { EngineError } from "./errors";
import type { RawAnswers, TemplateQuestion } from "./model";
import { computeReport } from "./report";
import type { ScoreResult, SideReport } from "./report-types";
import { scoreRespondent } from "./respondent";
import { prepareTemplate } from "./template";

const slider = (key: string, category: string | null): TemplateQuestion => ({
  key,
  type: "SLIDER",
  category,
  min: 0,
  max: 100,
});

const questions: TemplateQuestion[] = [
  slider("org", "organization"),
  slider("lead", "leadership"),
  slider("dir", "culture_direction"),
  slider("aut", "culture_autonomy"),
  slider("eco", "economy_customers"),
];

function aggregate(answers: RawAnswers[], template = questions): Aggregates {
  const prepared = prepareTemplate(DEFAULT_CATEGORY_TREE, template);
  return aggregateRespondents(answers.map((a) => scoreRespondent(prepared, a)));
}

function item(side: SideReport | null, name: string): ScoreResult {
  for (const c of side?.categories ?? []) {
    if (c.name === name) return c;
    const sub = c.subcategories.find((s) => s.name === name);
    if (sub !== undefined) return sub;
  }
  throw new Error(`no item ${name}`);
}

/** Every number inside a value, except the listed keys: used to prove nothing leaks. */
function numbersIn(value: unknown, skip: ReadonlySet<string>): number[] {
  if (typeof value === "number") return [value];
  if (Array.isArray(value)) return value.flatMap((v) => numbersIn(v, skip));
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([key, v]) => (skip.has(key) ? [] : numbersIn(v, skip)));
  }
  return [];
}

const report = (personnel: Aggregates, management: Aggregates | null = null, anonymityThreshold?: number) =>
  computeReport({ tree: DEFAULT_CATEGORY_TREE, questions, personnel, management, anonymityThreshold });

const five = (answers: RawAnswers) => [answers, answers, answers, answers, answers];

describe("computeReport edge cases", () => {
  it("shows grey everywhere when respondents answered nothing", () => {
    const r = report(aggregate([{}, {}, {}, {}, {}]));
    expect(r.personnel.status).toBe("ok");
    for (const c of r.personnel.categories) {
      expect(c).toMatchObject({ status: "no_data", value: null, sd: null, count: 0, band: "grey" });
    }
    expect(r.personnel.fitnessIndex.overall).toEqual({ value: null, band: "grey", areas: 0 });
    expect(r.personnel.culture.status).toBe("no_data");
    expect(r.management).toBeNull();
    expect(r.metadata.answers).toEqual({ personnel: 5, management: 0 });
  });

  it("treats management aggregates with no respondents as no management data", () => {
    expect(report(aggregate(five({ org: 50 })), emptyAggregates()).management).toBeNull();
  });

  it("gives a value but no sd for a single answer", () => {
    const r = report(emptyAggregates(), aggregate([{ lead: 70 }]));
    expect(item(r.management, "leadership")).toEqual({
      status: "ok",
      value: 70,
      sd: null,
      count: 1,
      band: "strength",
      name: "leadership",
      subcategories: [],
    });
  });

  it("gives sd 0 when all answers are equal", () => {
    const r = report(aggregate(five({ org: 100 / 3 })));
    expect(item(r.personnel, "organization")).toMatchObject({ value: 100 / 3, sd: 0, count: 5 });
  });

  it("shows categories the template does not cover as grey and leaves them out of the index", () => {
    const r = report(aggregate(five({ lead: 80 })));
    expect(item(r.personnel, "efficiency")).toMatchObject({ status: "no_data", value: null, band: "grey" });
    expect(item(r.personnel, "know_how")).toMatchObject({ status: "no_data", value: null, band: "grey" });
    expect(r.personnel.fitnessIndex).toEqual({
      efficiency: { value: null, band: "grey" },
      capability: { value: null, band: "grey" },
      leadership: { value: 80, band: "strength" },
      overall: { value: 80, band: "strength", areas: 1 },
    });
  });

  it("hides a personnel selection of 4 at the default threshold and shows 5", () => {
    const four = report(aggregate([{ org: 10 }, { org: 20 }, { org: 30 }, { org: 40 }]));
    expect(four.personnel.status).toBe("not_enough_answers");
    expect(item(four.personnel, "organization")).toMatchObject({ status: "not_enough_answers", value: null });
    const fiveShown = report(aggregate([{ org: 10 }, { org: 20 }, { org: 30 }, { org: 40 }, { org: 50 }]));
    expect(fiveShown.personnel.status).toBe("ok");
    expect(item(fiveShown.personnel, "organization")).toMatchObject({ status: "ok", value: 30, count: 5 });
  });

  it("follows a tenant threshold: 4 is enough at threshold 4", () => {
    const r = report(aggregate([{ org: 10 }, { org: 20 }, { org: 30 }, { org: 40 }]), null, 4);
    expect(item(r.personnel, "organization")).toMatchObject({ status: "ok", value: 25 });
    expect(r.anonymityThreshold).toBe(4);
  });

  it("puts no numbers anywhere in a suppressed personnel side or its input map", () => {
    const r = report(
      aggregate([{ org: 10, lead: 90, dir: 50, aut: 50 }, { org: 20 }]),
      aggregate([{ org: 80, lead: 10 }]),
    );
    // respondents is the selection size (shown with the survey anyway); areas is 0 shown areas.
    expect(numbersIn(r.personnel, new Set(["respondents", "areas"]))).toEqual([]);
    expect(r.personnel.fitnessIndex.overall.areas).toBe(0);
    expect(r.personnel.questions.every((q) => q.status === "not_enough_answers")).toBe(true);
    expect(r.inputMap.map((axis) => [axis.personnel, axis.gap])).toEqual(r.inputMap.map(() => [null, null]));
    expect(item(r.management, "organization").value).toBe(80);
  });

  it("hides a single item answered by fewer than the threshold inside a shown selection", () => {
    const answers: RawAnswers[] = [
      { org: 10, dir: 40 },
      { org: 20, dir: 60, aut: 20 },
      { org: 30 },
      { org: 40 },
    ];
    answers.push({ org: 50, aut: 80 });
    const r = report(aggregate(answers));
    expect(item(r.personnel, "organization").status).toBe("ok");
    expect(item(r.personnel, "culture_direction").status).toBe("not_enough_answers");
    expect(item(r.personnel, "culture").status).toBe("not_enough_answers");
    expect(r.personnel.culture.status).toBe("not_enough_answers");
  });

  it("applies no threshold to management", () => {
    const r = report(emptyAggregates(), aggregate([{ org: 30 }, { org: 50 }]), 10);
    expect(item(r.management, "organization")).toMatchObject({ status: "ok", value: 40, count: 2 });
  });

  it("validates the threshold", () => {
    for (const bad of [2, 11, 4.5]) {
      try {
        report(aggregate(five({})), null, bad);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(EngineError);
        expect(error).toMatchObject({ code: "INVALID_THRESHOLD" });
      }
    }
    expect(report(aggregate(five({})), null, 3).anonymityThreshold).toBe(3);
    expect(report(aggregate(five({})), null, 10).anonymityThreshold).toBe(10);
  });

  it("refuses inconsistent aggregates", () => {
    const broken = {
      respondents: 1,
      categories: { organization: { count: 3, sum: 1, sumSquares: 1 } },
      questions: {},
    };
    expect(() => report(broken)).toThrow(EngineError);
  });

  it("reports economy_customers only on the management side, with the wide bands", () => {
    const r = report(aggregate(five({ eco: 90 })), aggregate([{ eco: 72.5 }, { eco: 72.5 }]));
    expect(r.personnel.categories.map((c) => c.name)).toEqual([
      "efficiency",
      "capability",
      "leadership",
      "culture",
    ]);
    expect(r.personnel.questions.map((q) => q.key)).toEqual(["org", "lead", "dir", "aut"]);
    expect(item(r.management, "economy_customers")).toMatchObject({ value: 72.5, band: "opportunity" });
    expect(r.management?.questions.find((q) => q.key === "eco")).toMatchObject({
      value: 72.5,
      band: "opportunity",
    });
  });

  it("uses the management template's own questions when given", () => {
    const managementQuestions = [slider("m_org", "organization")];
    const r = computeReport({
      tree: DEFAULT_CATEGORY_TREE,
      questions,
      managementQuestions,
      personnel: aggregate(five({ org: 20 })),
      management: aggregate([{ m_org: 70 }], managementQuestions),
    });
    expect(r.management?.questions.map((q) => [q.key, q.value])).toEqual([["m_org", 70]]);
    expect(r.inputMap[0]).toEqual({
      axis: "organization",
      personnel: 20,
      management: 70,
      gap: 50,
      weaknessNote: true,
    });
  });

  it("adds the input-map weakness note only above 40 points", () => {
    const at40 = report(aggregate(five({ lead: 20 })), aggregate([{ lead: 60 }]));
    expect(at40.inputMap.find((a) => a.axis === "leadership")).toMatchObject({
      gap: 40,
      weaknessNote: false,
    });
    const above = report(aggregate(five({ lead: 20 })), aggregate([{ lead: 60.5 }]));
    expect(above.inputMap.find((a) => a.axis === "leadership")).toMatchObject({
      gap: 40.5,
      weaknessNote: true,
    });
  });

  it("gives culture the productive share and the wide bands, its subcategories the default ones", () => {
    const r = report(aggregate(five({ dir: 50, aut: 45 })));
    expect(item(r.personnel, "culture")).toMatchObject({ value: 22.5, sd: null, band: "weakness" });
    expect(item(r.personnel, "culture_autonomy")).toMatchObject({ value: 45, band: "opportunity" });
    const strong = report(aggregate(five({ dir: 90, aut: 90 })));
    expect(item(strong.personnel, "culture")).toMatchObject({ band: "strength" });
    expect(strong.personnel.culture.percentages).toEqual({
      productive: 81,
      authoritative: 9,
      individual: 9,
      fragmented: 1,
    });
  });

  it("shows culture as no data when only one of its axes has answers", () => {
    const r = report(aggregate(five({ dir: 50 })));
    expect(item(r.personnel, "culture").status).toBe("no_data");
    expect(r.personnel.culture.status).toBe("no_data");
  });
});

describe("bands", () => {
  it("puts the bounds themselves in the lower band", () => {
    expect([0, 40, 40.0001, 60, 60.0001, 100].map((v) => bandFor(v))).toEqual([
      "weakness",
      "weakness",
      "opportunity",
      "opportunity",
      "strength",
      "strength",
    ]);
    expect([22.5, 22.6, 72.5, 72.6].map((v) => bandFor(v, WIDE_BOUNDS))).toEqual([
      "weakness",
      "opportunity",
      "opportunity",
      "strength",
    ]);
    expect(bandFor(null)).toBe("grey");
  });
});
