import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { barsHeight, drawBars, drawRadar, RADAR_HEIGHT } from "./pdf-charts";
import { artifact, ensureSpace, MARGIN, type Struct, tag } from "./pdf-layout";
import { columnWidths } from "./pdf-table";
import {
  type Cell,
  dateOf,
  type ExportModel,
  isWithheld,
  reasonsOf,
  surveyTitle,
  type Table,
  withheldNote,
} from "./tables";

const require = createRequire(import.meta.url);
/** DejaVu Sans covers the five languages' letters (Latin with diacritics, Cyrillic). */
const FONT = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT_BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

type Doc = PDFKit.PDFDocument;

/** The document language: the export's, as a BCP 47 tag (Estonian is "et"). */
export const pdfLanguage = (language: ExportModel["language"]) => (language === "ee" ? "et" : language);

/** A number as the language writes it: a decimal comma except in English. */
export const numberText = (value: number, language: ExportModel["language"]) =>
  language === "en" ? String(value) : String(value).replace(".", ",");

/**
 * The report as a tagged PDF (document language, title, headings, tables with header cells, charts
 * as figures with a text alternative, decoration as artifacts), so a screen reader can read it: a
 * cover with the account's name, the selection and its participation, the fitness index, culture
 * and input map as vector charts, and the tables. Pages follow the content: a new page only where
 * the next block does not fit. Content streams are left uncompressed, so the text can be searched
 * in the file (fonts stay embedded and subset).
 */
export function reportPdf(model: ExportModel, now = new Date()): Promise<Buffer> {
  const { labels, report, language } = model;
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    compress: false,
    font: FONT,
    pdfVersion: "1.7",
    tagged: true,
    lang: pdfLanguage(language),
    info: { Title: `${labels.report}: ${report.tenantName}`, Author: "Kunto", Subject: labels.report },
    displayTitle: true,
  });
  doc.registerFont("body", FONT);
  doc.registerFont("bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  const root = doc.struct("Document");
  doc.addStructure(root);

  cover(doc, root, model, now);
  doc.addPage();
  for (const { label, side } of model.sides) {
    const fi = side.result.fitnessIndex;
    const withheld = side.result.status === "not_enough_answers";
    const fitness = (["efficiency", "capability", "leadership", "overall"] as const).map((name) => ({
      label: name === "overall" ? labels.overall : model.titleOf(name),
      value: withheld ? null : fi[name].value,
      band: fi[name].band,
      text: withheld ? labels.withheldShort : valueText(fi[name].value, labels.none, labels[fi[name].band]),
    }));
    heading(doc, root, `${labels.fitnessIndex}: ${label}`, barsHeight(fitness.length));
    figure(doc, root, fitness, () => drawBars(doc, fitness));
    if (withheld)
      note(doc, root, [withheldNote(model.reasonOf(side) ?? "few", labels, report.anonymityThreshold)]);
    const culture = side.result.culture;
    const cultureReason = model.reasonOf(side, culture.status);
    const shares = (["individual", "productive", "fragmented", "authoritative"] as const).map((type) => {
      const share = cultureReason ? null : (culture.percentages?.[type] ?? null);
      return {
        label: labels[type],
        value: share,
        band: "grey",
        text: cultureReason ? labels.withheldShort : share === null ? labels.none : `${share} %`,
      };
    });
    heading(doc, root, `${labels.culture}: ${label}`, barsHeight(shares.length));
    figure(doc, root, shares, () => drawBars(doc, shares));
    if (cultureReason) note(doc, root, [withheldNote(cultureReason, labels, report.anonymityThreshold)]);
  }
  if (model.sides.length > 0) {
    heading(doc, root, labels.inputMap, RADAR_HEIGHT);
    const axes = report.inputMap.map((axis) => ({
      label: model.titleOf(axis.axis),
      a: axis.personnel,
      b: axis.management,
    }));
    const value = (n: number | null) => (n === null ? labels.none : `${Math.round(n)} %`);
    const alt = axes
      .map((a) => `${a.label}: ${labels.personnel} ${value(a.a)}, ${labels.management} ${value(a.b)}`)
      .join("; ");
    tag(doc, root, "Figure", () => drawRadar(doc, axes, { a: labels.personnel, b: labels.management }), {
      alt,
    });
  }
  // The report and participation tables are on the cover.
  for (const table of model.tables.slice(2)) drawTable(doc, root, model, table);
  root.end();
  doc.end();
  return done;
}

function valueText(value: number | null, none: string, band: string): string {
  return value === null ? none : `${Math.round(value)} % · ${band}`;
}

function figure(doc: Doc, root: Struct, bars: Array<{ label: string; text: string }>, draw: () => void) {
  tag(doc, root, "Figure", draw, { alt: bars.map((b) => `${b.label}: ${b.text}`).join("; ") });
}

function paragraph(doc: Doc, parent: Struct, text: string, type = "P") {
  tag(doc, parent, type, () => {
    doc.text(text, MARGIN, doc.y, { width: doc.page.width - 2 * MARGIN });
  });
}

function cover(doc: Doc, root: Struct, model: ExportModel, now: Date) {
  const { labels, report, language } = model;
  doc.font("bold").fontSize(11).fillColor("#495057");
  paragraph(doc, root, "Kunto");
  doc.moveDown(4);
  doc.font("bold").fontSize(26).fillColor("#000");
  paragraph(doc, root, report.tenantName, "H1");
  doc.font("body").fontSize(16);
  paragraph(doc, root, labels.report);
  doc.moveDown(1.5);
  for (const { label, side } of model.sides) {
    ensureSpace(doc, 120);
    doc.font("bold").fontSize(12).fillColor("#000");
    paragraph(doc, root, surveyTitle(side, language, labels), "H2");
    doc.font("body").fontSize(10);
    paragraph(
      doc,
      root,
      `${labels.period}: ${dateOf(side.survey.start, language)} – ${dateOf(side.survey.end, language)}`,
    );
    paragraph(doc, root, `${labels.answers}: ${side.result.respondents}`);
    if (side.heldBack > 0) paragraph(doc, root, `${labels.heldBack}: ${side.heldBack}`);
    const anonymity = model.tables[0]?.rows.find(
      (row) => row[0] === surveyTitle(side, language, labels),
    )?.[6];
    if (typeof anonymity === "string" && anonymity) {
      doc.fillColor("#862e9c");
      paragraph(doc, root, anonymity);
      doc.fillColor("#000");
    }
    doc.moveDown(0.5);
    const participation = model.tables[1];
    if (participation)
      drawRows(doc, root, model, {
        header: [labels.targetGroup, labels.answers],
        rows: participation.rows.filter((row) => row[0] === label).map((row) => row.slice(1)),
      });
    doc.moveDown();
  }
  doc.fontSize(9).fillColor("#495057");
  paragraph(doc, root, `${labels.createdOn}: ${dateOf(now.toISOString(), language)}`);
  doc.fillColor("#000");
}

/** A heading kept on one page with the first `keep` points of what follows it. */
function heading(doc: Doc, root: Struct, text: string, keep = 40) {
  ensureSpace(doc, 40 + keep);
  doc.moveDown(0.5);
  doc.font("bold").fontSize(14).fillColor("#000");
  paragraph(doc, root, text, "H2");
  doc.moveDown(0.5);
  doc.font("body").fontSize(9);
}

/** The notes under a table or chart: why its withheld cells are withheld, once per reason. */
function note(doc: Doc, root: Struct, lines: string[]) {
  doc.font("body").fontSize(8).fillColor("#495057");
  for (const line of lines) {
    ensureSpace(doc, 14);
    paragraph(doc, root, line);
  }
  doc.fillColor("#000");
}

function drawTable(doc: Doc, root: Struct, model: ExportModel, table: Table) {
  heading(doc, root, table.title, 60);
  drawRows(doc, root, model, table);
  const reasons = reasonsOf(table.rows);
  if (reasons.length) {
    doc.moveDown(0.3);
    note(
      doc,
      root,
      reasons.map((reason) => withheldNote(reason, model.labels, model.report.anonymityThreshold)),
    );
  }
}

const PAD = 3;

/** Text widths at 1 pt, per document: a width grows with the font size, and shaping is slow. */
const widthCache = new WeakMap<Doc, Map<string, number>>();
function unitWidth(doc: Doc, text: string, bold: boolean): number {
  let cache = widthCache.get(doc);
  if (!cache) {
    cache = new Map();
    widthCache.set(doc, cache);
  }
  const key = `${bold ? "b" : "r"}${text}`;
  let width = cache.get(key);
  if (width === undefined) {
    width = doc
      .font(bold ? "bold" : "body")
      .fontSize(1)
      .widthOfString(text);
    cache.set(key, width);
  }
  return width;
}

/**
 * A tagged table (Table, TR, TH for the header row and each row's first cell, TD): column widths
 * from the content (pdf-table.ts), so no text column wraps a word per line; numbers right-aligned;
 * a row never split, the header repeated (as an artifact) on a new page.
 */
function drawRows(doc: Doc, root: Struct, model: ExportModel, table: Pick<Table, "header" | "rows">) {
  const { labels, language } = model;
  const width = doc.page.width - 2 * MARGIN;
  const text = (cell: Cell): string =>
    cell === null
      ? labels.none
      : isWithheld(cell)
        ? labels.withheldShort
        : typeof cell === "number"
          ? numberText(cell, language)
          : cell;
  const body = table.rows.map((row) => row.map(text));
  const numeric = table.header.map((_, i) => table.rows.some((row) => typeof row[i] === "number"));
  const { widths, fontSize } = columnWidths(
    (t, size, bold) => size * unitWidth(doc, t, bold),
    table.header,
    body,
    width - PAD * 2 * table.header.length,
  );
  const cellWidths = widths.map((w) => w + 2 * PAD);
  const heightOf = (cells: string[], bold: boolean) => {
    doc.font(bold ? "bold" : "body").fontSize(fontSize);
    return (
      Math.max(
        ...cells.map((t, i) => doc.heightOfString(t || " ", { width: (cellWidths[i] ?? 0) - 2 * PAD })),
      ) +
      2 * PAD
    );
  };
  const element = doc.struct("Table");
  root.add(element);
  const draw = (cells: string[], header: boolean, parent: Struct | null) => {
    const height = heightOf(cells, header);
    const y = doc.y;
    artifact(doc, () => {
      if (header) doc.rect(MARGIN, y, width, height).fillColor("#f1f3f5").fill();
      doc
        .moveTo(MARGIN, y + height)
        .lineTo(MARGIN + width, y + height)
        .lineWidth(0.3)
        .strokeColor("#adb5bd")
        .stroke();
    });
    doc
      .fillColor("#000")
      .font(header ? "bold" : "body")
      .fontSize(fontSize);
    const row = parent ? doc.struct("TR") : null;
    if (row && parent) parent.add(row);
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const w = cellWidths[i] ?? 0;
      const put = () =>
        doc.text(cell, x + PAD, y + PAD, {
          width: w - 2 * PAD,
          align: numeric[i] && !header ? "right" : "left",
        });
      if (row) {
        const type = header || i === 0 ? "TH" : "TD";
        tag(doc, row, type, put, type === "TH" ? { scope: header ? "Column" : "Row" } : {});
      } else artifact(doc, put);
      x += w;
    });
    row?.end();
    doc.x = MARGIN;
    doc.y = y + height;
  };
  ensureSpace(doc, heightOf(table.header, true) + (body[0] ? heightOf(body[0], false) : 0));
  draw(table.header, true, element);
  for (const cells of body) {
    const height = heightOf(cells, false);
    if (doc.y + height > doc.page.height - MARGIN) {
      doc.addPage();
      draw(table.header, true, null);
    }
    draw(cells, false, element);
  }
  element.end();
}
