import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { drawBars, drawRadar } from "./pdf-charts";
import { ensureSpace, MARGIN } from "./pdf-layout";
import { type Cell, dateOf, type ExportModel, surveyTitle, type Table } from "./tables";

const require = createRequire(import.meta.url);
/** DejaVu Sans covers the five languages' letters (Latin with diacritics, Cyrillic). */
const FONT = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT_BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

type Doc = PDFKit.PDFDocument;

/**
 * The report as a PDF: a cover with the account's name and the selection, the fitness index,
 * culture and input map as vector charts, and the same tables as the CSV. Content streams are left
 * uncompressed, so the text can be searched in the file (fonts stay embedded and subset).
 */
export function reportPdf(model: ExportModel, now = new Date()): Promise<Buffer> {
  const { labels, report, language } = model;
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    compress: false,
    font: FONT,
    lang: language === "ee" ? "et" : language,
    info: { Title: `${labels.report}: ${report.tenantName}`, Author: "Kunto", Subject: labels.report },
    displayTitle: true,
  });
  doc.registerFont("body", FONT);
  doc.registerFont("bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));

  cover(doc, model, now);
  for (const { label, side } of model.sides) {
    doc.addPage();
    heading(doc, `${labels.fitnessIndex}: ${label}`);
    const fi = side.result.fitnessIndex;
    const withheld = side.result.status === "not_enough_answers";
    drawBars(
      doc,
      (["efficiency", "capability", "leadership", "overall"] as const).map((name) => ({
        label: name === "overall" ? labels.overall : model.titleOf(name),
        value: withheld ? null : fi[name].value,
        band: fi[name].band,
        text: withheld ? labels.withheld : valueText(fi[name].value, labels.none, labels[fi[name].band]),
      })),
    );
    heading(doc, `${labels.culture}: ${label}`);
    const culture = side.result.culture;
    drawBars(
      doc,
      (["individual", "productive", "fragmented", "authoritative"] as const).map((type) => {
        const share = culture.percentages?.[type] ?? null;
        return {
          label: labels[type],
          value: share,
          band: "grey",
          text:
            culture.status === "not_enough_answers"
              ? labels.withheld
              : share === null
                ? labels.none
                : `${share} %`,
        };
      }),
    );
  }
  if (model.sides.length > 0) {
    doc.addPage();
    heading(doc, labels.inputMap);
    drawRadar(
      doc,
      report.inputMap.map((axis) => ({
        label: model.titleOf(axis.axis),
        a: axis.personnel,
        b: axis.management,
      })),
      { a: labels.personnel, b: labels.management },
    );
  }
  for (const table of model.tables.slice(1)) drawTable(doc, table);
  doc.end();
  return done;
}

function valueText(value: number | null, none: string, band: string): string {
  return value === null ? none : `${Math.round(value)} % · ${band}`;
}

function cover(doc: Doc, model: ExportModel, now: Date) {
  const { labels, report, language } = model;
  doc.font("bold").fontSize(11).fillColor("#495057").text("Kunto");
  doc.moveDown(4);
  doc.font("bold").fontSize(26).fillColor("#000").text(report.tenantName);
  doc.font("body").fontSize(16).text(labels.report);
  doc.moveDown(1.5);
  for (const { side } of model.sides) {
    doc
      .font("bold")
      .fontSize(12)
      .text(surveyTitle(side, language, labels));
    doc.font("body").fontSize(10);
    doc.text(
      `${labels.period}: ${dateOf(side.survey.start, language)} – ${dateOf(side.survey.end, language)}`,
    );
    doc.text(`${labels.targetGroups}: ${side.shares.map((s) => s.name).join(", ")}`);
    doc.text(`${labels.answers}: ${side.result.respondents}`);
    const note = model.tables[0]?.rows.find((row) => row[0] === surveyTitle(side, language, labels))?.[4];
    if (typeof note === "string" && note) doc.fillColor("#862e9c").text(note).fillColor("#000");
    doc.moveDown();
  }
  doc
    .fontSize(9)
    .fillColor("#495057")
    .text(`${labels.createdOn}: ${dateOf(now.toISOString(), language)}`);
  doc.fillColor("#000");
}

function heading(doc: Doc, text: string) {
  ensureSpace(doc, 60);
  doc.moveDown(0.5);
  doc.font("bold").fontSize(14).fillColor("#000").text(text, MARGIN);
  doc.moveDown(0.5);
  doc.font("body").fontSize(9);
}

/** A table with a wrapped first column, page breaks between rows. */
function drawTable(doc: Doc, table: Table) {
  heading(doc, table.title);
  const width = doc.page.width - 2 * MARGIN;
  const columns = table.header.length;
  const first = columns > 4 ? width * 0.34 : width * 0.4;
  const rest = (width - first) / Math.max(1, columns - 1);
  const widths = table.header.map((_, i) => (i === 0 ? first : rest));
  const row = (cells: Cell[], bold: boolean) => {
    doc.font(bold ? "bold" : "body").fontSize(8);
    const texts = cells.map((c) => (c === null ? "" : String(c)));
    const height =
      Math.max(...texts.map((t, i) => doc.heightOfString(t, { width: (widths[i] ?? rest) - 6 }))) + 6;
    ensureSpace(doc, height);
    const y = doc.y;
    let x = MARGIN;
    texts.forEach((text, i) => {
      const w = widths[i] ?? rest;
      doc.text(text, x + 3, y + 3, { width: w - 6 });
      x += w;
    });
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + width, y + height)
      .lineWidth(0.3)
      .strokeColor("#adb5bd")
      .stroke();
    doc.x = MARGIN;
    doc.y = y + height;
  };
  row(table.header, true);
  for (const cells of table.rows) row(cells, false);
}
