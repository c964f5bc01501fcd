import type { Cell, ExportModel } from "./tables";

/** A text a spreadsheet would run as a formula starts with one of these; such cells get a leading '. */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(cell: Cell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The report's tables one after another (RFC 4180, CRLF, UTF-8 with a byte-order mark so that
 * spreadsheet programs read the letters right), each under its title and separated by an empty line.
 */
export function reportCsv(model: ExportModel): Buffer {
  const lines: string[] = [];
  for (const table of model.tables) {
    if (lines.length) lines.push("");
    lines.push(csvCell(table.title));
    lines.push(table.header.map(csvCell).join(","));
    for (const row of table.rows) lines.push(row.map(csvCell).join(","));
  }
  return Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`, "utf8");
}
