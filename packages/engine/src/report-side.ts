import type { Aggregates } from "./aggregates";
import { type BandBounds, bandFor, DEFAULT_BOUNDS, scoredBand } from "./bands";
import { culturePercentages, cultureShares } from "./culture";
import { CATEGORY } from "./default-tree";
import { type Moments, momentsMean, momentsSd } from "./moments";
import { getOwn } from "./records";
import type {
  CategoryReport,
  CultureReport,
  FitnessIndex,
  QuestionReport,
  ScoreResult,
  SideReport,
  SubcategoryReport,
  ValueBand,
} from "./report-types";
import type { PreparedTemplate } from "./template";

const NOT_ENOUGH: ScoreResult = Object.freeze({
  status: "not_enough_answers",
  value: null,
  sd: null,
  count: null,
  band: "grey",
});
const NO_DATA: ScoreResult = Object.freeze({
  status: "no_data",
  value: null,
  sd: null,
  count: 0,
  band: "grey",
});

/** How one side is computed: personnel has a threshold, management has none. */
interface SideRules {
  readonly threshold: number | null;
  readonly includeManagementOnly: boolean;
}

function scoreResult(
  moments: Moments | undefined,
  bounds: BandBounds,
  threshold: number | null,
): ScoreResult {
  const value = moments === undefined ? null : momentsMean(moments);
  if (moments === undefined || value === null) return NO_DATA;
  // An item answered by fewer people than the threshold would expose them even inside a large
  // enough selection (one question skipped by all but two), so it is hidden on its own too.
  if (threshold !== null && moments.count < threshold) return NOT_ENOUGH;
  return {
    status: "ok",
    value,
    sd: momentsSd(moments),
    count: moments.count,
    band: scoredBand(value, bounds),
  };
}

// Object.assign onto a fresh literal rather than {...result, name}: object spread of these
// mixed-shape results was the single largest cost of a report in V8 (about 4x slower overall).
function labelled<E extends object>(label: E, result: ScoreResult): E & ScoreResult {
  return Object.assign(label, result);
}

/**
 * The culture category's value is the productive share of its two subcategory values, not the
 * mean of respondent scores; a product of means has no respondent-level spread, so sd is null.
 */
function cultureResult(
  own: Moments | undefined,
  bounds: BandBounds,
  direction: ScoreResult | undefined,
  autonomy: ScoreResult | undefined,
): { result: ScoreResult; culture: CultureReport } {
  if (direction?.status === "ok" && autonomy?.status === "ok") {
    const shares = cultureShares(direction.value, autonomy.value);
    return {
      result: {
        status: "ok",
        value: shares.productive,
        sd: null,
        count: own?.count ?? Math.max(direction.count, autonomy.count),
        band: scoredBand(shares.productive, bounds),
      },
      culture: {
        status: "ok",
        direction: direction.value,
        autonomy: autonomy.value,
        shares,
        percentages: culturePercentages(shares),
      },
    };
  }
  const hidden = direction?.status === "not_enough_answers" || autonomy?.status === "not_enough_answers";
  const result = hidden ? NOT_ENOUGH : NO_DATA;
  return { result, culture: emptyCulture(result.status === "not_enough_answers") };
}

function emptyCulture(hidden: boolean): CultureReport {
  return {
    status: hidden ? "not_enough_answers" : "no_data",
    direction: null,
    autonomy: null,
    shares: null,
    percentages: null,
  };
}

function valueBand(result: ScoreResult | undefined, bounds: BandBounds = DEFAULT_BOUNDS): ValueBand {
  const value = result?.value ?? null;
  return { value, band: bandFor(value, bounds) };
}

function area(
  results: ReadonlyMap<string, ScoreResult>,
  template: PreparedTemplate,
  name: string,
): ValueBand {
  return valueBand(results.get(name), template.categories.get(name)?.bounds ?? DEFAULT_BOUNDS);
}

function fitnessIndex(results: ReadonlyMap<string, ScoreResult>, template: PreparedTemplate): FitnessIndex {
  const efficiency = area(results, template, CATEGORY.efficiency);
  const capability = area(results, template, CATEGORY.capability);
  const leadership = area(results, template, CATEGORY.leadership);
  let sum = 0;
  let areas = 0;
  for (const { value } of [efficiency, capability, leadership]) {
    if (value === null) continue;
    sum += value;
    areas += 1;
  }
  const overall = areas === 0 ? null : sum / areas;
  return { efficiency, capability, leadership, overall: { value: overall, band: bandFor(overall), areas } };
}

/** Everything suppressed: the side is a personnel selection below the anonymity threshold. */
function hiddenSide(template: PreparedTemplate, aggregates: Aggregates, rules: SideRules): SideReport {
  const categories: CategoryReport[] = template.tree
    .filter((node) => rules.includeManagementOnly || node.managementOnly !== true)
    .map((node) =>
      labelled(
        {
          name: node.name,
          subcategories: node.subcategories.map((sub) => labelled({ name: sub.name }, NOT_ENOUGH)),
        },
        NOT_ENOUGH,
      ),
    );
  const questions: QuestionReport[] = template.questions
    .filter((q) => rules.includeManagementOnly || !isManagementOnly(template, q.category))
    .map((q) => labelled({ key: q.question.key, category: q.category }, NOT_ENOUGH));
  const grey: ValueBand = { value: null, band: "grey" };
  return {
    status: "not_enough_answers",
    respondents: aggregates.respondents,
    categories,
    questions,
    fitnessIndex: {
      efficiency: grey,
      capability: grey,
      leadership: grey,
      overall: { value: null, band: "grey", areas: 0 },
    },
    culture: emptyCulture(true),
  };
}

function isManagementOnly(template: PreparedTemplate, category: string | null): boolean {
  return category !== null && template.categories.get(category)?.managementOnly === true;
}

/** One side of a report; cost is linear in categories and questions, not respondents. */
export function computeSide(
  template: PreparedTemplate,
  aggregates: Aggregates,
  rules: SideRules,
): SideReport {
  const { threshold } = rules;
  if (threshold !== null && aggregates.respondents < threshold)
    return hiddenSide(template, aggregates, rules);

  const results = new Map<string, ScoreResult>();
  let culture: CultureReport = emptyCulture(false);
  const categories: CategoryReport[] = [];
  for (const node of template.tree) {
    if (!rules.includeManagementOnly && node.managementOnly === true) continue;
    const subcategories: SubcategoryReport[] = node.subcategories.map((sub) => {
      const bounds = sub.bounds ?? DEFAULT_BOUNDS;
      const result = scoreResult(getOwn(aggregates.categories, sub.name), bounds, threshold);
      results.set(sub.name, result);
      return labelled({ name: sub.name }, result);
    });
    const bounds = node.bounds ?? DEFAULT_BOUNDS;
    const own = getOwn(aggregates.categories, node.name);
    let result: ScoreResult;
    if (node.name === CATEGORY.culture) {
      const computed = cultureResult(
        own,
        bounds,
        results.get(CATEGORY.cultureDirection),
        results.get(CATEGORY.cultureAutonomy),
      );
      result = computed.result;
      culture = computed.culture;
    } else {
      result = scoreResult(own, bounds, threshold);
    }
    results.set(node.name, result);
    categories.push(labelled({ name: node.name, subcategories }, result));
  }

  const questions: QuestionReport[] = [];
  for (const prepared of template.questions) {
    if (!rules.includeManagementOnly && isManagementOnly(template, prepared.category)) continue;
    const bounds =
      prepared.category === null
        ? DEFAULT_BOUNDS
        : (template.categories.get(prepared.category)?.bounds ?? DEFAULT_BOUNDS);
    const key = prepared.question.key;
    const result = scoreResult(getOwn(aggregates.questions, key), bounds, threshold);
    questions.push(labelled({ key, category: prepared.category }, result));
  }

  return {
    status: "ok",
    respondents: aggregates.respondents,
    categories,
    questions,
    fitnessIndex: fitnessIndex(results, template),
    culture,
  };
}

/** The value of a category or subcategory in a side report, null when it has none. */
export function sideValue(side: SideReport | null, name: string): number | null {
  if (side === null) return null;
  for (const category of side.categories) {
    if (category.name === name) return category.value;
    for (const sub of category.subcategories) if (sub.name === name) return sub.value;
  }
  return null;
}
