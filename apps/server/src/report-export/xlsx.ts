import ExcelJS from "exceljs";
import { type ExportModel, isWithheld, reasonsOf, withheldNote } from "./tables";

/** Excel's limit on a sheet name's length. */
export const SHEET_NAME_MAX = 31;

/**
 * Sheet names as Excel accepts them: none of []:*?/\, no ' at either end, at most 31 characters,
 * unique regardless of case (a repeated name gets " 2", " 3", … within the limit).
 */
export function sheetNames(wanted: string[]): string[] {
  const used = new Set<string>();
  return wanted.map((name) => {
    const clean =
      name
        .replace(/[[\]:*?/\\]/g, " ")
        .replace(/\s+/g, " ")
        .replace(/^'+|'+$/g, "")
        .trim() || "Sheet";
    const fit = (text: string, room: number) => text.slice(0, room).trim();
    let candidate = fit(clean, SHEET_NAME_MAX);
    for (let n = 2; used.has(candidate.toLowerCase()); n++) {
      const suffix = ` ${n}`;
      candidate = `${fit(clean, SHEET_NAME_MAX - suffix.length)}${suffix}`;
    }
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * One worksheet per table: its title, the header and the rows, numbers as numbers. A value that
 * does not exist is an empty cell; a withheld one the short mark ("withheld"), and a note under the
 * table says once why.
 */
export async function reportXlsx(model: ExportModel): Promise<Buffer> {
  const { labels } = model;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Kunto";
  workbook.title = `${labels.report}: ${model.report.tenantName}`;
  const names = sheetNames(model.tables.map((t) => t.sheet));
  model.tables.forEach((table, i) => {
    const sheet = workbook.addWorksheet(names[i] ?? `Sheet ${i + 1}`);
    sheet.addRow([table.title]).font = { bold: true };
    sheet.addRow(table.header).font = { bold: true };
    for (const row of table.rows)
      sheet.addRow(row.map((cell) => (isWithheld(cell) ? labels.withheldShort : (cell ?? null))));
    const reasons = reasonsOf(table.rows);
    if (reasons.length) {
      sheet.addRow([]);
      for (const reason of reasons)
        sheet.addRow([withheldNote(reason, labels, model.report.anonymityThreshold)]).font = {
          italic: true,
        };
    }
    sheet.columns.forEach((column, c) => {
      column.width = c === 0 ? 40 : 18;
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
