import ExcelJS from "exceljs";
import type { ExportModel } from "./tables";

/** One worksheet per table, numbers as numbers (a withheld value stays the anonymity text). */
export async function reportXlsx(model: ExportModel): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Kunto";
  workbook.title = `${model.labels.report}: ${model.report.tenantName}`;
  const used = new Set<string>();
  for (const table of model.tables) {
    // Sheet names: at most 31 characters, none of []:*?/\ and unique.
    const base =
      table.title
        .replace(/[[\]:*?/\\]/g, " ")
        .slice(0, 28)
        .trim() || "Sheet";
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base} ${n}`;
    used.add(name.toLowerCase());
    const sheet = workbook.addWorksheet(name);
    sheet.addRow([table.title]).font = { bold: true };
    sheet.addRow(table.header).font = { bold: true };
    for (const row of table.rows) sheet.addRow(row.map((cell) => cell ?? ""));
    sheet.columns.forEach((column, i) => {
      column.width = i === 0 ? 40 : 18;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
