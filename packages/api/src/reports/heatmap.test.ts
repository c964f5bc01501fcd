import {
  type Aggregates,
  computeReport,
  DEFAULT_CATEGORY_TREE,
  emptyAggregates,
  type Moments,
  mergeAggregates,
  type TemplateQuestion,
} from "@kunto/engine";
import { describe, expect, it } from "vitest";
import { type SelectionAnonymity, selectionAnonymity } from "./anonymity";
import { type Heatmap, heatmapOf } from "./heatmap";
import type { SelectedShare, SelectedSurvey } from "./selection";

/** `count` answers whose mean is `mean` (the engine reports a category's value as that mean). */
const answers = (count: number, mean: number): Moments => ({
  count,
  sum: count * mean,
  sumSquares: count * mean * mean,
});

const share = (key: string, respondents: number, categories: Record<string, Moments>): SelectedShare => {
  const aggregates: Aggregates = { ...emptyAggregates(), respondents, categories };
  return { id: `id-${key}`, key, name: `Team ${key}`, respondents, aggregates, heldBack: 0 };
};

function survey(type: "PERSONNEL" | "MANAGEMENT", shares: SelectedShare[]): SelectedSurvey {
  const merged = shares.reduce((sum, s) => mergeAggregates(sum, s.aggregates), emptyAggregates());
  return {
    id: "survey",
    key: "S",
    name: null,
    type,
    templateId: "template",
    startsAt: new Date("2026-01-01"),
    endsAt: new Date("2026-02-01"),
    allShares: shares,
    shares,
    aggregates: merged,
    heldBack: 0,
    total: merged,
  };
}

const questions: TemplateQuestion[] = [];

/** The heatmap as the report makes it: the selection's own report is the total column. */
function heatmap(s: SelectedSurvey, threshold: number | null, anonymity?: SelectionAnonymity): Heatmap {
  const report = computeReport({
    tree: DEFAULT_CATEGORY_TREE,
    questions,
    personnel: threshold === null ? emptyAggregates() : s.aggregates,
    management: threshold === null ? s.aggregates : null,
    anonymityThreshold: threshold ?? undefined,
  });
  const side = threshold === null ? report.management : report.personnel;
  if (!side) throw new Error("no side");
  const status = anonymity ?? (threshold === null ? null : selectionAnonymity(s, threshold));
  return heatmapOf(
    s,
    side,
    questions,
    threshold,
    status ?? { status: "ok", respondents: 0, needed: 0, withShares: [] },
  );
}

const row = (map: Heatmap, name: string) => {
  const found = map.rows.find((r) => r.name === name);
  if (!found) throw new Error(`no row ${name}`);
  return found;
};

describe("heatmap (issue 8; docs/reports.md, Anonymity 3)", () => {
  // Threshold 5, shares of 6, 3 and 7: the 3 is small and the 6 is derivable, so only the 7 shows.
  const personnel = survey("PERSONNEL", [
    share("A", 6, { efficiency: answers(6, 50), organization: answers(6, 30), leadership: answers(6, 80) }),
    share("B", 3, { efficiency: answers(3, 90), organization: answers(3, 90), leadership: answers(3, 10) }),
    share("C", 7, { efficiency: answers(7, 70), organization: answers(4, 20), leadership: answers(7, 55) }),
  ]);

  it("shows a column only when its share alone would be a shown selection", () => {
    expect(heatmap(personnel, 5).columns).toEqual([
      { key: "A", name: "Team A", respondents: 6, shown: false },
      { key: "B", name: "Team B", respondents: 3, shown: false },
      { key: "C", name: "Team C", respondents: 7, shown: true },
    ]);
  });

  it("has a row per category and subcategory in tree order, the selection's value as the total", () => {
    const map = heatmap(personnel, 5);
    expect(map.rows.map((r) => [r.name, r.parent])).toEqual([
      ["efficiency", null],
      ["organization", "efficiency"],
      ["processes", "efficiency"],
      ["cooperation", "efficiency"],
      ["capability", null],
      ["work_ability", "capability"],
      ["know_how", "capability"],
      ["motivation", "capability"],
      ["leadership", null],
      ["culture", null],
      ["culture_direction", "culture"],
      ["culture_autonomy", "culture"],
    ]);
    // (6·50 + 3·90 + 7·70) / 16
    expect(row(map, "efficiency").total.value).toBeCloseTo(66.25, 10);
    expect(row(map, "efficiency").total.band).toBe("strength");
    expect(row(map, "processes").total).toEqual({ value: null, band: "grey" });
  });

  it("gives a shown cell its share's own value and band, and hidden columns no number", () => {
    const map = heatmap(personnel, 5);
    expect(row(map, "efficiency").cells).toEqual([
      { value: null, band: "grey", reason: "hidden" },
      { value: null, band: "grey", reason: "hidden" },
      { value: 70, band: "strength", reason: "shown" },
    ]);
    expect(row(map, "leadership").cells[2]).toEqual({ value: 55, band: "opportunity", reason: "shown" });
  });

  it("hides a cell with fewer answers than the threshold although its column shows", () => {
    // Only 4 of the 7 in C answered organization.
    expect(row(heatmap(personnel, 5), "organization").cells[2]).toEqual({
      value: null,
      band: "grey",
      reason: "not_enough_answers",
    });
  });

  it("hides every cell of a row without a total", () => {
    expect(row(heatmap(personnel, 5), "processes").cells.map((c) => c.reason)).toEqual([
      "hidden",
      "hidden",
      "hidden",
    ]);
  });

  it("hides the smallest other cell of a row when one cell is hidden and the total shows", () => {
    // Both columns show (6 and 7), but only 2 in D answered efficiency: E's 7 would give them away.
    const map = heatmap(
      survey("PERSONNEL", [
        share("D", 6, { efficiency: answers(2, 20), leadership: answers(6, 40) }),
        share("E", 7, { efficiency: answers(7, 70), leadership: answers(7, 61) }),
      ]),
      5,
    );
    expect(map.columns.map((c) => c.shown)).toEqual([true, true]);
    expect(row(map, "efficiency").total.value).toBeCloseTo((2 * 20 + 7 * 70) / 9, 10);
    expect(row(map, "efficiency").cells).toEqual([
      { value: null, band: "grey", reason: "not_enough_answers" },
      { value: null, band: "grey", reason: "derivable" },
    ]);
    expect(row(map, "leadership").cells).toEqual([
      { value: 40, band: "weakness", reason: "shown" },
      { value: 61, band: "strength", reason: "shown" },
    ]);
    expect(row(map, "capability").cells.map((c) => c.reason)).toEqual(["hidden", "hidden"]);
  });

  it("judges each cell by the organisation's threshold, subcategories as categories", () => {
    // Threshold 3: a share of 4 and one of 5, and 3 of the 4 answered organization.
    const map = heatmap(
      survey("PERSONNEL", [
        share("P", 4, { efficiency: answers(4, 50), organization: answers(3, 30) }),
        share("Q", 5, {
          efficiency: answers(5, 60),
          organization: answers(5, 70),
          processes: answers(2, 10),
        }),
      ]),
      3,
    );
    expect(map.columns.map((c) => c.shown)).toEqual([true, true]);
    expect(row(map, "efficiency").cells).toEqual([
      { value: 50, band: "opportunity", reason: "shown" },
      { value: 60, band: "opportunity", reason: "shown" },
    ]);
    expect(row(map, "organization").cells).toEqual([
      { value: 30, band: "weakness", reason: "shown" },
      { value: 70, band: "strength", reason: "shown" },
    ]);
    // 2 answers are below even this threshold: the row total is withheld, and so is every cell.
    expect(row(map, "processes").total.value).toBeNull();
    expect(row(map, "processes").cells.map((c) => c.reason)).toEqual(["hidden", "hidden"]);
  });

  it("hides every column and cell of a withheld selection", () => {
    const shares = [
      share("D", 6, { efficiency: answers(6, 20) }),
      share("E", 7, { efficiency: answers(7, 70) }),
    ];
    const map = heatmap(survey("PERSONNEL", shares), 5, {
      status: "derivable",
      respondents: 13,
      needed: 0,
      withShares: ["F"],
    });
    expect(map.columns.map((c) => c.shown)).toEqual([false, false]);
    for (const r of map.rows)
      expect(r.cells).toEqual([
        { value: null, band: "grey", reason: "hidden" },
        { value: null, band: "grey", reason: "hidden" },
      ]);
  });

  it("shows every management cell with answers, however few (management has no threshold)", () => {
    const map = heatmap(
      survey("MANAGEMENT", [
        share("M1", 1, { efficiency: answers(1, 30), economy_customers: answers(1, 80) }),
        share("M2", 2, { leadership: answers(2, 65) }),
      ]),
      null,
    );
    expect(map.columns).toEqual([
      { key: "M1", name: "Team M1", respondents: 1, shown: true },
      { key: "M2", name: "Team M2", respondents: 2, shown: true },
    ]);
    expect(row(map, "efficiency").cells).toEqual([
      { value: 30, band: "weakness", reason: "shown" },
      { value: null, band: "grey", reason: "empty" },
    ]);
    expect(row(map, "leadership").cells).toEqual([
      { value: null, band: "grey", reason: "empty" },
      { value: 65, band: "strength", reason: "shown" },
    ]);
    expect(row(map, "economy_customers").cells[0]).toEqual({ value: 80, band: "strength", reason: "shown" });
  });
});
