import type { TReport } from "@kunto/api";
import type { Language } from "@kunto/core";
import { type Labels, labelsFor } from "./labels";

/**
 * The numbers of a report as tables, the one source of the CSV, the XLSX and the PDF's tables, so
 * every export shows exactly what the screen shows: a value the report withholds (null with status
 * `not_enough_answers`) is written as the anonymity text, never as a number.
 */
export type Cell = string | number | null;
export interface Table {
  title: string;
  header: string[];
  rows: Cell[][];
}

type Side = NonNullable<TReport["personnel"]>;
type Band = "weakness" | "opportunity" | "strength" | "grey";

const round1 = (value: number) => Math.round(value * 10) / 10;

export function dateOf(iso: string, language: Language): string {
  return new Date(iso).toLocaleDateString(language === "ee" ? "et" : language, {
    timeZone: "Europe/Helsinki",
  });
}

export function surveyTitle(side: Side, language: Language, labels: Labels): string {
  const kind = side.survey.type === "PERSONNEL" ? labels.personnel : labels.management;
  return side.survey.name ? `${side.survey.name} (${kind})` : `${kind} ${dateOf(side.survey.end, language)}`;
}

export interface ExportModel {
  labels: Labels;
  language: Language;
  report: TReport;
  sides: Array<{ label: string; side: Side }>;
  titleOf: (name: string) => string;
  /** A value cell: the rounded number, or why there is none. */
  value: (item: { status: string; value: number | null }) => Cell;
  band: (band: Band, status?: string) => string;
  tables: Table[];
}

export function exportModel(report: TReport, language: Language): ExportModel {
  const labels = labelsFor(language);
  const titles = new Map(report.categories.map((c) => [c.name, c.title]));
  const titleOf = (name: string) => titles.get(name) ?? name;
  const sides: ExportModel["sides"] = [];
  if (report.personnel) sides.push({ label: labels.personnel, side: report.personnel });
  if (report.management) sides.push({ label: labels.management, side: report.management });
  const value = (item: { status: string; value: number | null }): Cell =>
    item.status === "not_enough_answers"
      ? labels.withheld
      : item.value === null
        ? labels.none
        : round1(item.value);
  const band = (b: Band, status?: string) => (status === "not_enough_answers" ? labels.withheld : labels[b]);
  const change = (trend: Side["trend"], name: string): Cell => {
    const d = trend?.categories[name];
    return d === undefined || d === null ? labels.none : round1(d);
  };
  const model: ExportModel = { labels, language, report, sides, titleOf, value, band, tables: [] };

  model.tables.push({
    title: labels.report,
    header: [labels.survey, labels.period, labels.targetGroups, labels.answers, ""],
    rows: sides.map(({ side }) => [
      surveyTitle(side, language, labels),
      `${dateOf(side.survey.start, language)} – ${dateOf(side.survey.end, language)}`,
      side.shares.map((s) => s.name).join(", "),
      side.result.respondents,
      anonymityText(side, labels),
    ]),
  });

  for (const { label, side } of sides) {
    const fi = side.result.fitnessIndex;
    const withheld = side.result.status === "not_enough_answers";
    const area = (name: "efficiency" | "capability" | "leadership" | "overall", title: string): Cell[] => {
      const item = fi[name];
      return [
        title,
        withheld ? labels.withheld : item.value === null ? labels.none : round1(item.value),
        withheld ? labels.withheld : labels[item.band],
        side.trend?.fitness[name] == null ? labels.none : round1(side.trend.fitness[name] as number),
      ];
    };
    model.tables.push({
      title: `${labels.fitnessIndex}: ${label}`,
      header: [labels.category, labels.value, labels.band, labels.change],
      rows: [
        area("efficiency", titleOf("efficiency")),
        area("capability", titleOf("capability")),
        area("leadership", titleOf("leadership")),
        area("overall", labels.overall),
      ],
    });
    const rows: Cell[][] = [];
    for (const c of side.result.categories) {
      rows.push([
        titleOf(c.name),
        value(c),
        band(c.band, c.status),
        sdOf(c, side, labels),
        change(side.trend, c.name),
      ]);
      for (const s of c.subcategories)
        rows.push([
          `  ${titleOf(s.name)}`,
          value(s),
          band(s.band, s.status),
          sdOf(s, side, labels),
          change(side.trend, s.name),
        ]);
    }
    model.tables.push({
      title: `${labels.categories}: ${label}`,
      header: [labels.category, labels.value, labels.band, labels.sd, labels.change],
      rows,
    });
    const culture = side.result.culture;
    model.tables.push({
      title: `${labels.culture}: ${label}`,
      header: [labels.culture, labels.value],
      rows: (["individual", "productive", "fragmented", "authoritative"] as const).map((type) => [
        labels[type],
        culture.status === "not_enough_answers"
          ? labels.withheld
          : culture.percentages
            ? culture.percentages[type]
            : labels.none,
      ]),
    });
    const texts = new Map(side.questions.map((q) => [q.key, q]));
    model.tables.push({
      title: `${labels.questions}: ${label}`,
      header: [labels.question, labels.category, labels.value, labels.band, labels.sd, labels.finding],
      rows: side.result.questions.map((q) => {
        const text = texts.get(q.key);
        const finding = q.status === "ok" && q.band !== "grey" ? (text?.[q.band] ?? "") : "";
        return [
          text?.title ?? q.key,
          q.category ? titleOf(q.category) : labels.none,
          value(q),
          band(q.band, q.status),
          sdOf(q, side, labels),
          finding,
        ];
      }),
    });
    if (side.heatmap) {
      model.tables.push({
        title: `${labels.heatmap}: ${label}`,
        header: [labels.category, labels.total, ...side.heatmap.columns.map((c) => c.name)],
        rows: side.heatmap.rows.map((row) => [
          row.parent ? `  ${titleOf(row.name)}` : titleOf(row.name),
          withheld ? labels.withheld : row.total.value === null ? labels.none : round1(row.total.value),
          ...row.cells.map((cell) =>
            cell.reason === "shown"
              ? cell.value === null
                ? labels.none
                : round1(cell.value)
              : cellText(cell.reason, labels),
          ),
        ]),
      });
    }
  }
  model.tables.push({
    title: labels.inputMap,
    header: [labels.category, labels.personnel, labels.management, labels.gap, labels.gapNote],
    rows: report.inputMap.map((axis) => [
      titleOf(axis.axis),
      axis.personnel === null
        ? report.personnel?.result.status === "not_enough_answers"
          ? labels.withheld
          : labels.none
        : round1(axis.personnel),
      axis.management === null ? labels.none : round1(axis.management),
      axis.gap === null ? labels.none : round1(axis.gap),
      axis.weaknessNote ? labels.yes : "",
    ]),
  });
  return model;
}

function sdOf(item: { sd: number | null; status: string }, side: Side, labels: Labels): Cell {
  // The standard deviation is shown for management answers (document 2 §1).
  if (side.survey.type !== "MANAGEMENT") return labels.none;
  return item.sd === null ? labels.none : round1(item.sd);
}

function cellText(reason: string, labels: Labels): string {
  if (reason === "empty") return labels.none;
  return labels.withheld;
}

export function anonymityText(side: Side, labels: Labels): string {
  const a = side.anonymity;
  if (a.status === "not_enough_answers")
    return `${labels.withheld}. ${labels.neededMore.replace("{n}", String(a.needed))}`;
  if (a.status === "derivable") return `${labels.withheld}. ${labels.derivable}`;
  return "";
}
