import type { Language } from "@kunto/core";
import type { ExportModel } from "./tables";
import { type TidyCell, tidyTable } from "./tidy";

/** A text a spreadsheet would run as a formula starts with one of these; such cells get a leading '. */
const FORMULA_START = /^[=+\-@\t\r]/;

export interface CsvFormat {
  delimiter: "," | ";";
  decimal: "." | ",";
}

/**
 * How a spreadsheet of the language reads a CSV: where the decimal mark is a comma (Finnish,
 * Estonian, Russian, Polish) the list separator is a semicolon; English uses the comma and ".".
 */
export function csvFormatOf(language: Language): CsvFormat {
  return language === "en" ? { delimiter: ",", decimal: "." } : { delimiter: ";", decimal: "," };
}

function csvCell(cell: TidyCell, format: CsvFormat): string {
  if (cell === null) return "";
  if (typeof cell === "number") {
    const text = String(cell);
    return format.decimal === "." ? text : text.replace(".", format.decimal);
  }
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",;\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A table as CSV text (RFC 4180 with the language's delimiter, CRLF, UTF-8 with a byte-order mark
 * so that spreadsheet programs read the letters right): the header, then the rows.
 */
export function csvOf(header: string[], rows: TidyCell[][], format: CsvFormat): Buffer {
  const line = (cells: TidyCell[]) => cells.map((cell) => csvCell(cell, format)).join(format.delimiter);
  const lines = [line(header), ...rows.map(line)];
  return Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`, "utf8");
}

/** The report as one long table (tidy.ts), in the language's delimiter and decimal mark. */
export function reportCsv(model: ExportModel): Buffer {
  const table = tidyTable(model);
  return csvOf(table.header, table.rows, csvFormatOf(model.language));
}
