import type { TReport } from "@kunto/api";
import type { Language } from "@kunto/core";
import { type Labels, labelsFor } from "./labels";

/**
 * The numbers of a report as tables, the one source of the XLSX sheets, the PDF's tables and the
 * CSV's long table (tidy.ts), so every export shows exactly what the screen shows. A value the
 * report withholds is a `Withheld` cell, never a number: each file writes a short mark for it and
 * says once, under the table, why (`withheldNote`). A value that does not exist is null.
 */
export type Reason = "few" | "group";
export interface Withheld {
  withheld: Reason;
}
export type Cell = string | number | null | Withheld;
export interface Table {
  title: string;
  /** The XLSX sheet's name: meaningful, in the export's language (xlsx.ts keeps it within 31 characters). */
  sheet: string;
  header: string[];
  rows: Cell[][];
}

export type Side = NonNullable<TReport["personnel"]>;
type Band = "weakness" | "opportunity" | "strength" | "grey";

export const round1 = (value: number) => Math.round(value * 10) / 10;
export const isWithheld = (cell: Cell): cell is Withheld => typeof cell === "object" && cell !== null;
const withheld = (reason: Reason): Withheld => ({ withheld: reason });

const locale = (language: Language) => (language === "ee" ? "et" : language);

/** A date as the language writes it, in Helsinki time (the PDF's cover). */
export function dateOf(iso: string, language: Language): string {
  return new Date(iso).toLocaleDateString(locale(language), { timeZone: "Europe/Helsinki" });
}

/** A date as YYYY-MM-DD in Helsinki time (the data files). */
export function isoDate(iso: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Helsinki",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

export function surveyTitle(side: Side, language: Language, labels: Labels): string {
  const kind = side.survey.type === "PERSONNEL" ? labels.personnel : labels.management;
  return side.survey.name ? `${side.survey.name} (${kind})` : `${kind} ${dateOf(side.survey.end, language)}`;
}

/** Why withheld cells are withheld, once per reason (under a table, or in the CSV's note column). */
export function withheldNote(reason: Reason, labels: Labels, threshold: number): string {
  return reason === "few" ? labels.withheldFew.replaceAll("{n}", String(threshold)) : labels.withheldGroup;
}

/** The reasons a table's withheld cells have, each once, "few" first. */
export function reasonsOf(rows: Cell[][]): Reason[] {
  const found = new Set(rows.flat().flatMap((cell) => (isWithheld(cell) ? [cell.withheld] : [])));
  return (["few", "group"] as const).filter((reason) => found.has(reason));
}

export interface ExportModel {
  labels: Labels;
  language: Language;
  report: TReport;
  sides: Array<{ label: string; side: Side }>;
  titleOf: (name: string) => string;
  /** A category's or subcategory's parent and own title ({ category, subcategory: "" } for a category). */
  pathOf: (name: string | null) => { category: string; subcategory: string };
  /** Why a figure of the side is withheld, if it is. */
  reasonOf: (side: Side, status?: string) => Reason | null;
  /** A value cell: the number rounded to a tenth, withheld, or null when there is none. */
  value: (side: Side, item: { status: string; value: number | null }) => Cell;
  /** A band cell: the band in words, or withheld with its value. */
  band: (side: Side, band: Band, status?: string) => Cell;
  tables: Table[];
}

export function exportModel(report: TReport, language: Language): ExportModel {
  const labels = labelsFor(language);
  const byName = new Map(report.categories.map((c) => [c.name, c]));
  const titleOf = (name: string) => byName.get(name)?.title ?? name;
  const pathOf = (name: string | null) => {
    if (name === null) return { category: "", subcategory: "" };
    const parent = byName.get(name)?.parent;
    return parent
      ? { category: titleOf(parent), subcategory: titleOf(name) }
      : { category: titleOf(name), subcategory: "" };
  };
  const sides: ExportModel["sides"] = [];
  if (report.personnel) sides.push({ label: labels.personnel, side: report.personnel });
  if (report.management) sides.push({ label: labels.management, side: report.management });
  /** A whole side withheld: a derivable selection could reveal a smaller group, else it is too small. */
  const sideReason = (side: Side): Reason => (side.anonymity.status === "derivable" ? "group" : "few");
  const reasonOf = (side: Side, status?: string): Reason | null =>
    side.result.status === "not_enough_answers"
      ? sideReason(side)
      : status === "not_enough_answers"
        ? "few"
        : null;
  const value = (side: Side, item: { status: string; value: number | null }): Cell => {
    const reason = reasonOf(side, item.status);
    if (reason) return withheld(reason);
    return item.value === null ? null : round1(item.value);
  };
  const band = (side: Side, b: Band, status?: string): Cell => {
    const reason = reasonOf(side, status);
    return reason ? withheld(reason) : labels[b];
  };
  const number = (n: number | null | undefined): Cell => (n === null || n === undefined ? null : round1(n));
  const model: ExportModel = {
    labels,
    language,
    report,
    sides,
    titleOf,
    pathOf,
    reasonOf,
    value,
    band,
    tables: [],
  };

  model.tables.push({
    title: labels.report,
    sheet: labels.report,
    header: [
      labels.survey,
      labels.start,
      labels.end,
      labels.targetGroups,
      labels.answers,
      labels.heldBack,
      labels.note,
    ],
    rows: sides.map(({ side }) => [
      surveyTitle(side, language, labels),
      isoDate(side.survey.start),
      isoDate(side.survey.end),
      side.shares.map((s) => s.name).join(", "),
      side.result.respondents,
      side.heldBack,
      anonymityText(side, labels),
    ]),
  });
  model.tables.push({
    title: labels.participation,
    sheet: labels.participation,
    header: [labels.side, labels.targetGroup, labels.answers],
    rows: sides.flatMap(({ label, side }) => [
      ...side.shares.map((share): Cell[] => [label, share.name, share.respondents]),
      [label, labels.total, side.result.respondents],
    ]),
  });

  for (const { label, side } of sides) {
    const fi = side.result.fitnessIndex;
    const sheet = (name: string) => `${name} – ${label}`;
    const area = (name: "efficiency" | "capability" | "leadership" | "overall", title: string): Cell[] => [
      title,
      value(side, { status: "ok", value: fi[name].value }),
      band(side, fi[name].band),
      number(side.trend?.fitness[name]),
    ];
    model.tables.push({
      title: `${labels.fitnessIndex}: ${label}`,
      sheet: sheet(labels.fitnessShort),
      header: [labels.category, labels.value, labels.band, labels.change],
      rows: [
        area("efficiency", titleOf("efficiency")),
        area("capability", titleOf("capability")),
        area("leadership", titleOf("leadership")),
        area("overall", labels.overall),
      ],
    });
    const change = (name: string) => number(side.trend?.categories[name]);
    const rows: Cell[][] = [];
    for (const c of side.result.categories) {
      rows.push([
        titleOf(c.name),
        value(side, c),
        band(side, c.band, c.status),
        sdOf(c, side),
        change(c.name),
      ]);
      for (const s of c.subcategories)
        rows.push([
          `  ${titleOf(s.name)}`,
          value(side, s),
          band(side, s.band, s.status),
          sdOf(s, side),
          change(s.name),
        ]);
    }
    model.tables.push({
      title: `${labels.categories}: ${label}`,
      sheet: sheet(labels.categories),
      header: [labels.category, labels.value, labels.band, labels.sd, labels.change],
      rows,
    });
    const culture = side.result.culture;
    const cultureReason = reasonOf(side, culture.status);
    model.tables.push({
      title: `${labels.culture}: ${label}`,
      sheet: sheet(labels.culture),
      header: [labels.culture, labels.value],
      rows: (["individual", "productive", "fragmented", "authoritative"] as const).map((type) => [
        labels[type],
        cultureReason ? withheld(cultureReason) : number(culture.percentages?.[type]),
      ]),
    });
    const texts = new Map(side.questions.map((q) => [q.key, q]));
    model.tables.push({
      title: `${labels.questions}: ${label}`,
      sheet: sheet(labels.questions),
      header: [labels.question, labels.category, labels.value, labels.band, labels.sd, labels.finding],
      rows: side.result.questions.map((q) => {
        const text = texts.get(q.key);
        return [
          text?.title ?? q.key,
          q.category ? titleOf(q.category) : null,
          value(side, q),
          band(side, q.band, q.status),
          sdOf(q, side),
          findingOf(side, q, text),
        ];
      }),
    });
    if (side.heatmap) {
      const sideWithheld = reasonOf(side);
      model.tables.push({
        title: `${labels.heatmap}: ${label}`,
        sheet: sheet(labels.heatmap),
        header: [labels.category, labels.total, ...side.heatmap.columns.map((c) => c.name)],
        rows: side.heatmap.rows.map((row) => [
          row.parent ? `  ${titleOf(row.name)}` : titleOf(row.name),
          sideWithheld ? withheld(sideWithheld) : number(row.total.value),
          ...row.cells.map((cell) => heatmapCell(cell, sideWithheld)),
        ]),
      });
    }
  }
  const personnelReason = report.personnel ? reasonOf(report.personnel) : null;
  model.tables.push({
    title: labels.inputMap,
    sheet: labels.inputMap,
    header: [labels.category, labels.personnel, labels.management, labels.gap, labels.gapNote],
    rows: report.inputMap.map((axis) => [
      titleOf(axis.axis),
      axis.personnel === null && personnelReason ? withheld(personnelReason) : number(axis.personnel),
      number(axis.management),
      axis.gap === null && personnelReason && axis.management !== null
        ? withheld(personnelReason)
        : number(axis.gap),
      axis.weaknessNote ? labels.yes : "",
    ]),
  });
  return model;
}

/** The finding's wording names the band, so a question without a shown value has none. */
export function findingOf(
  side: Side,
  q: Side["result"]["questions"][number],
  text: Side["questions"][number] | undefined,
): string {
  if (side.result.status !== "ok" || q.status !== "ok" || q.band === "grey") return "";
  return text?.[q.band] ?? "";
}

/** The standard deviation is shown for management answers only (document 2 §1). */
export function sdOf(item: { sd: number | null; status: string }, side: Side): Cell {
  if (side.survey.type !== "MANAGEMENT" || item.status !== "ok") return null;
  return item.sd === null ? null : round1(item.sd);
}

export function heatmapCell(
  cell: { value: number | null; reason: string },
  sideWithheld: Reason | null,
): Cell {
  if (sideWithheld) return withheld(sideWithheld);
  if (cell.reason === "shown") return cell.value === null ? null : round1(cell.value);
  if (cell.reason === "empty") return null;
  // A share alone below the threshold, or one that would reveal a small share by subtraction.
  return withheld(cell.reason === "not_enough_answers" ? "few" : "group");
}

export function anonymityText(side: Side, labels: Labels): string {
  const a = side.anonymity;
  if (a.status === "not_enough_answers")
    return `${labels.withheld}. ${labels.neededMore.replace("{n}", String(a.needed))}`;
  if (a.status === "derivable") return `${labels.withheld}. ${labels.derivable}`;
  return "";
}
