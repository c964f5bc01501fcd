import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { labelsFor } from "./labels";
import { sampleReport } from "./report-fixture";
import { exportModel } from "./tables";
import { reportXlsx, SHEET_NAME_MAX, sheetNames } from "./xlsx";

describe("XLSX sheet names (docs/reports.md Exports)", () => {
  it("drops the characters Excel forbids, keeps 31 characters at most and makes names unique", () => {
    const names = sheetNames([
      "Kategoriat: Henkilöstö [a/b]*?\\",
      "x".repeat(40),
      "x".repeat(40),
      "Report",
      "report",
      "'quoted'",
      "",
    ]);
    expect(names).toEqual([
      "Kategoriat Henkilöstö a b",
      "x".repeat(31),
      `${"x".repeat(29)} 2`,
      "Report",
      "report 2",
      "quoted",
      "Sheet",
    ]);
    for (const name of names) {
      expect(name.length).toBeLessThanOrEqual(SHEET_NAME_MAX);
      expect(name).not.toMatch(/[[\]:*?/\\]/);
    }
  });
});

describe("XLSX workbook", () => {
  it("names its sheets in the language, stores numbers as numbers, writes withheld cells as the mark and says once why", async () => {
    const workbook = new ExcelJS.Workbook();
    const data = await reportXlsx(exportModel(sampleReport(), "fi"));
    await workbook.xlsx.load(Uint8Array.from(data).buffer);
    const fi = labelsFor("fi");
    expect(workbook.worksheets.map((s) => s.name)).toContain("Kategoriat – Henkilöstö");
    const sheet = workbook.getWorksheet("Kategoriat – Henkilöstö");
    const rows: unknown[][] = [];
    sheet?.eachRow({ includeEmpty: true }, (row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows[2]?.slice(0, 2)).toEqual(["Efficiency", 66.3]);
    expect(typeof rows[2]?.[1]).toBe("number");
    expect(rows[4]?.slice(0, 3)).toEqual(["  processes", fi.withheldShort, fi.withheldShort]);
    // No "–" for a missing value: an empty cell.
    expect(rows[5]?.[1]).toBeUndefined();
    expect(rows.flat()).not.toContain("–");
    const notes = rows
      .flat()
      .filter((cell) => typeof cell === "string" && cell.startsWith(`${fi.withheldShort}:`));
    expect(notes).toEqual([fi.withheldFew.replaceAll("{n}", "5")]);
  });
});
