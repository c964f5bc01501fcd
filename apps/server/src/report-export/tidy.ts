import {
  anonymityText,
  type Cell,
  type ExportModel,
  findingOf,
  heatmapCell,
  isoDate,
  isWithheld,
  round1,
  sdOf,
  surveyTitle,
  type Withheld,
  withheldNote,
} from "./tables";

/** A cell of the long table: text, a number, or empty (null). Never a mark in a number column. */
export type TidyCell = string | number | null;
export interface TidyTable {
  header: string[];
  rows: TidyCell[][];
  /** The indexes of the number columns (answers, value, standard deviation, change). */
  numeric: number[];
}

/**
 * The whole report as one long table (docs/reports.md "Exports", CSV): one row per figure, every
 * row self-describing. Columns: section, survey type, survey, start, end (ISO dates), target
 * group, category, subcategory, question, answers, value, band, standard deviation, change, note.
 * A withheld figure has an empty value and its reason in the note; a figure that does not exist is
 * empty too, with no note.
 */
export function tidyTable(model: ExportModel): TidyTable {
  const { labels, report, language } = model;
  const threshold = report.anonymityThreshold;
  const header = [
    labels.section,
    labels.side,
    labels.survey,
    labels.start,
    labels.end,
    labels.targetGroup,
    labels.category,
    labels.subcategory,
    labels.question,
    labels.answers,
    labels.value,
    labels.band,
    labels.sd,
    labels.change,
    labels.note,
  ];
  interface Row {
    section: string;
    side?: string;
    survey?: string;
    start?: string;
    end?: string;
    targetGroup?: string;
    category?: string;
    subcategory?: string;
    question?: string;
    answers?: number;
    value?: Cell;
    band?: Cell;
    sd?: Cell;
    change?: Cell;
    note?: string;
  }
  const rows: TidyCell[][] = [];
  const push = (row: Row) => {
    // A withheld value, band or change is empty; the note says why (once per row).
    const cells = [row.value, row.band, row.sd, row.change];
    const reason = cells.find((cell): cell is Withheld => cell !== undefined && isWithheld(cell));
    const plain = (cell: Cell | undefined): TidyCell =>
      cell === undefined || isWithheld(cell) ? null : cell;
    const note = [reason ? withheldNote(reason.withheld, labels, threshold) : "", row.note ?? ""]
      .filter(Boolean)
      .join(" ");
    rows.push([
      row.section,
      row.side ?? "",
      row.survey ?? "",
      row.start ?? "",
      row.end ?? "",
      row.targetGroup ?? "",
      row.category ?? "",
      row.subcategory ?? "",
      row.question ?? "",
      row.answers ?? null,
      plain(row.value),
      plain(row.band) ?? "",
      plain(row.sd),
      plain(row.change),
      note,
    ]);
  };
  const number = (n: number | null | undefined) => (n === null || n === undefined ? null : round1(n));

  for (const { label, side } of model.sides) {
    const survey = {
      section: labels.survey,
      side: label,
      survey: surveyTitle(side, language, labels),
      start: isoDate(side.survey.start),
      end: isoDate(side.survey.end),
    };
    const held = side.heldBack > 0 ? `${labels.heldBack}: ${side.heldBack}.` : "";
    push({
      ...survey,
      answers: side.result.respondents,
      note: [anonymityText(side, labels), held].filter(Boolean).join(" "),
    });
    for (const share of side.shares) push({ ...survey, targetGroup: share.name, answers: share.respondents });
  }

  for (const { label, side } of model.sides) {
    const fi = side.result.fitnessIndex;
    for (const name of ["efficiency", "capability", "leadership", "overall"] as const)
      push({
        section: labels.fitnessIndex,
        side: label,
        category: name === "overall" ? labels.overall : model.titleOf(name),
        value: model.value(side, { status: "ok", value: fi[name].value }),
        band: model.band(side, fi[name].band),
        change: number(side.trend?.fitness[name]),
      });
    const figure = (
      name: string,
      item: Parameters<typeof sdOf>[0] & Parameters<ExportModel["value"]>[1],
    ) => ({
      value: model.value(side, item),
      sd: sdOf(item, side),
      change: number(side.trend?.categories[name]),
    });
    for (const c of side.result.categories) {
      push({
        section: labels.categories,
        side: label,
        ...model.pathOf(c.name),
        ...figure(c.name, c),
        band: model.band(side, c.band, c.status),
      });
      for (const s of c.subcategories)
        push({
          section: labels.categories,
          side: label,
          ...model.pathOf(s.name),
          ...figure(s.name, s),
          band: model.band(side, s.band, s.status),
        });
    }
    const culture = side.result.culture;
    const cultureReason = model.reasonOf(side, culture.status);
    for (const type of ["individual", "productive", "fragmented", "authoritative"] as const)
      push({
        section: labels.culture,
        side: label,
        category: labels[type],
        value: cultureReason ? { withheld: cultureReason } : number(culture.percentages?.[type]),
      });
    const texts = new Map(side.questions.map((q) => [q.key, q]));
    for (const q of side.result.questions) {
      const text = texts.get(q.key);
      push({
        section: labels.questions,
        side: label,
        ...model.pathOf(q.category),
        question: text?.title ?? q.key,
        value: model.value(side, q),
        band: model.band(side, q.band, q.status),
        sd: sdOf(q, side),
        note: findingOf(side, q, text),
      });
    }
    if (side.heatmap) {
      const sideReason = model.reasonOf(side);
      const columns = side.heatmap.columns;
      for (const row of side.heatmap.rows) {
        const where = { section: labels.heatmap, side: label, ...model.pathOf(row.name) };
        push({
          ...where,
          targetGroup: labels.total,
          value: sideReason ? { withheld: sideReason } : number(row.total.value),
        });
        row.cells.forEach((cell, i) => {
          push({ ...where, targetGroup: columns[i]?.name ?? "", value: heatmapCell(cell, sideReason) });
        });
      }
    }
  }

  const personnelReason = report.personnel ? model.reasonOf(report.personnel) : null;
  for (const axis of report.inputMap) {
    const where = { section: labels.inputMap, ...model.pathOf(axis.axis) };
    if (report.personnel)
      push({
        ...where,
        side: labels.personnel,
        value:
          axis.personnel === null && personnelReason ? { withheld: personnelReason } : number(axis.personnel),
      });
    if (report.management) push({ ...where, side: labels.management, value: number(axis.management) });
    if (report.personnel && report.management)
      push({
        ...where,
        section: `${labels.inputMap}: ${labels.gap}`,
        value:
          axis.gap === null && personnelReason && axis.management !== null
            ? { withheld: personnelReason }
            : number(axis.gap),
        band: axis.weaknessNote ? labels.weakness : "",
        note: axis.weaknessNote ? labels.gapNote : "",
      });
  }
  return { header, rows, numeric: [9, 10, 12, 13] };
}
