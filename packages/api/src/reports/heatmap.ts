import {
  type Band,
  computeReport,
  DEFAULT_CATEGORY_TREE,
  emptyAggregates,
  type SideReport,
  type TemplateQuestion,
} from "@kunto/engine";
import { type CellReason, type SelectionAnonymity, selectionAnonymity, suppressRow } from "./anonymity";
import type { SelectedSurvey } from "./selection";

/**
 * The heatmap (issue 8, paid plans): categories and subcategories by the selected shares, each
 * cell the share's own engine value with its band, and the selection's value as the total column.
 * Personnel cells follow the anonymity rules (docs/reports.md "Anonymity"): a share whose answers
 * could be singled out hides its column, and in each row a cell with fewer answers than the
 * threshold hides, and so does the smallest other cell while the hidden rest could be derived by
 * subtracting the shown cells from the shown total.
 */
export interface HeatmapCell {
  value: number | null;
  band: Band;
  reason: CellReason;
}

export interface Heatmap {
  columns: Array<{ key: string; name: string; respondents: number; shown: boolean }>;
  rows: Array<{
    name: string;
    parent: string | null;
    total: { value: number | null; band: Band };
    cells: HeatmapCell[];
  }>;
}

export function heatmapOf(
  survey: SelectedSurvey,
  selectionResult: SideReport,
  questions: readonly TemplateQuestion[],
  /** null for management: no threshold. */
  threshold: number | null,
  anonymity: SelectionAnonymity,
): Heatmap {
  const isPersonnel = threshold !== null;
  const totalShown = anonymity.status === "ok";
  // A column may show only when its share alone would be shown as a selection of its own.
  const columnReasons = isPersonnel
    ? suppressRow(
        survey.aggregates.respondents,
        survey.shares.map((share) => ({
          count: share.respondents,
          hidden:
            selectionAnonymity({ ...survey, shares: [share], aggregates: share.aggregates }, threshold)
              .status !== "ok",
        })),
        threshold,
        totalShown,
      )
    : survey.shares.map(() => "shown" as const);
  const shareSides = survey.shares.map((share, i) => {
    if (columnReasons[i] !== "shown") return null;
    const report = computeReport({
      tree: DEFAULT_CATEGORY_TREE,
      questions,
      personnel: isPersonnel ? share.aggregates : emptyAggregates(),
      management: isPersonnel ? null : share.aggregates,
      anonymityThreshold: threshold ?? undefined,
    });
    return isPersonnel ? report.personnel : report.management;
  });

  const rows: Heatmap["rows"] = [];
  const addRow = (name: string, parent: string | null, total: { value: number | null; band: Band }) => {
    const cells = survey.shares.map((share, i) => ({
      count: share.aggregates.categories[name]?.count ?? 0,
      hidden: columnReasons[i] !== "shown",
    }));
    const reasons: CellReason[] = isPersonnel
      ? suppressRow(
          survey.aggregates.categories[name]?.count ?? 0,
          cells,
          threshold,
          totalShown && total.value !== null,
        )
      : cells.map((cell) => (cell.hidden ? "hidden" : cell.count === 0 ? "empty" : "shown"));
    rows.push({
      name,
      parent,
      total,
      cells: reasons.map((reason, i) => {
        const item = findItem(shareSides[i] ?? null, name);
        return reason === "shown" && item
          ? { value: item.value, band: item.band, reason }
          : { value: null, band: "grey", reason };
      }),
    });
  };
  for (const category of selectionResult.categories) {
    addRow(category.name, null, { value: category.value, band: category.band });
    for (const sub of category.subcategories)
      addRow(sub.name, category.name, { value: sub.value, band: sub.band });
  }
  return {
    columns: survey.shares.map((share, i) => ({
      key: share.key,
      name: share.name,
      respondents: share.respondents,
      shown: columnReasons[i] === "shown",
    })),
    rows,
  };
}

function findItem(side: SideReport | null, name: string) {
  for (const c of side?.categories ?? []) {
    if (c.name === name) return c;
    for (const sub of c.subcategories) if (sub.name === name) return sub;
  }
  return null;
}
