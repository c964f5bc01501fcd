import type { Language } from "@kunto/core";
import { describe, expect, it } from "vitest";
import { csvRows as parse } from "../../test/support/csv";
import { csvFormatOf, csvOf, reportCsv } from "./csv";
import { labelsFor } from "./labels";
import { sampleReport } from "./report-fixture";
import { exportModel } from "./tables";

const EN = csvFormatOf("en");
const FI = csvFormatOf("fi");
const text = (buffer: Buffer) => buffer.toString("utf8");

describe("report CSV format (docs/reports.md Exports)", () => {
  it("uses comma and decimal point for en, semicolon and decimal comma for fi, ee, ru and pl", () => {
    expect(csvFormatOf("en")).toEqual({ delimiter: ",", decimal: "." });
    for (const language of ["fi", "ee", "ru", "pl"] as const)
      expect(csvFormatOf(language), language).toEqual({ delimiter: ";", decimal: "," });
  });

  it("starts with a byte-order mark and ends every line, the last too, with CRLF", () => {
    expect(text(csvOf(["A", "B"], [["x", 1]], EN))).toBe("\uFEFFA,B\r\nx,1\r\n");
    expect([...csvOf([], [], EN).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("writes numbers with the language's decimal mark, negative ones too, and null as an empty cell", () => {
    expect(text(csvOf(["a", "b", "c", "d"], [[-4.5, 66.3, null, 12]], EN))).toBe(
      "\uFEFFa,b,c,d\r\n-4.5,66.3,,12\r\n",
    );
    expect(text(csvOf(["a", "b", "c", "d"], [[-4.5, 66.3, null, 12]], FI))).toBe(
      "\uFEFFa;b;c;d\r\n-4,5;66,3;;12\r\n",
    );
  });

  it("quotes a text with a comma, semicolon, quote or line break, doubling its quotes", () => {
    const row = ["Office, Plant", "a;b", 'say "hi"', "two\nlines", "cr\rhere", "plain"];
    expect(text(csvOf([], [row], EN)).split("\r\n")[1]).toBe(
      '"Office, Plant","a;b","say ""hi""","two\nlines","cr\rhere",plain',
    );
    expect(text(csvOf([], [row], FI)).split("\r\n")[1]).toBe(
      '"Office, Plant";"a;b";"say ""hi""";"two\nlines";"cr\rhere";plain',
    );
  });

  it("puts a ' before a text a spreadsheet would run as a formula, in headers and cells, never before a number", () => {
    const csv = text(csvOf(["+1", "-2", "@SUM(A1)"], [["\tx", "=1+2, 3", "a=b", -3]], EN));
    expect(csv.split("\r\n")).toEqual(["\uFEFF'+1,'-2,'@SUM(A1)", `'\tx,"'=1+2, 3",a=b,-3`, ""]);
    // A leading carriage return is guarded, and quoted as any line break is.
    expect(text(csvOf(["\r=1"], [], EN))).toBe(`\uFEFF"'\r=1"\r\n`);
  });

  it("keeps letters of every report language intact in UTF-8", () => {
    expect(text(csvOf(["Õ", "Ж"], [["Słabość", "Yhteensä"]], FI))).toContain("Õ;Ж\r\nSłabość;Yhteensä");
  });
});

/** The report's CSV as rows of cells. */
function rowsOf(language: Language) {
  const csv = text(reportCsv(exportModel(sampleReport(), language)));
  expect(csv.startsWith("\uFEFF")).toBe(true);
  expect(csv.endsWith("\r\n")).toBe(true);
  return parse(csv.slice(1), csvFormatOf(language).delimiter);
}

describe("the report as one long CSV table (docs/reports.md Exports)", () => {
  const HEADER = [
    "Section",
    "Survey type",
    "Survey",
    "Start",
    "End",
    "Team",
    "Category",
    "Subcategory",
    "Question",
    "Answers",
    "Value (%)",
    "Band",
    "Standard deviation",
    "Change since previous survey",
    "Note",
  ];
  const NUMBER_COLUMNS = [9, 10, 12, 13];

  it("has one header and rows of the same width", () => {
    const [header, ...rows] = rowsOf("en");
    expect(header).toEqual(HEADER);
    for (const row of rows) expect(row, row.join("|")).toHaveLength(HEADER.length);
  });

  it("holds only numbers (with the language's decimal mark) or nothing in the number columns", () => {
    for (const [language, pattern] of [
      ["en", /^-?\d+(\.\d+)?$/],
      ["fi", /^-?\d+(,\d+)?$/],
      ["ru", /^-?\d+(,\d+)?$/],
    ] as const) {
      const [, ...rows] = rowsOf(language);
      for (const row of rows)
        for (const i of NUMBER_COLUMNS)
          if (row[i] !== "") expect(row[i], `${language} ${row.join("|")}`).toMatch(pattern);
      expect(rows.flat().join("")).not.toContain("–");
    }
  });

  it("gives each survey with ISO dates and answers, and each target group's answers", () => {
    const [, ...rows] = rowsOf("en");
    expect(rows.slice(0, 5).map((r) => r.slice(0, 10))).toEqual([
      ["Survey", "Personnel", "Spring (Personnel)", "2026-01-01", "2026-02-01", "", "", "", "", "12"],
      ["Survey", "Personnel", "Spring (Personnel)", "2026-01-01", "2026-02-01", "Office", "", "", "", "7"],
      ["Survey", "Personnel", "Spring (Personnel)", "2026-01-01", "2026-02-01", "Plant", "", "", "", "5"],
      ["Survey", "Management", "Management 2/1/2026", "2026-01-01", "2026-02-01", "", "", "", "", "2"],
      ["Survey", "Management", "Management 2/1/2026", "2026-01-01", "2026-02-01", "Board", "", "", "", "2"],
    ]);
  });

  it("puts each figure in its row with category and subcategory; a withheld one empty with its reason in the note", () => {
    const [, ...rows] = rowsOf("fi");
    const fi = labelsFor("fi");
    const find = (section: string, side: string, category: string, subcategory = "", question = "") =>
      rows.filter(
        (r) =>
          r[0] === section && r[1] === side && r[6] === category && r[7] === subcategory && r[8] === question,
      );
    expect(find(fi.fitnessIndex, fi.personnel, "Efficiency")).toEqual([
      [
        fi.fitnessIndex,
        fi.personnel,
        "",
        "",
        "",
        "",
        "Efficiency",
        "",
        "",
        "",
        "66,3",
        fi.strength,
        "",
        "4,3",
        "",
      ],
    ]);
    expect(find(fi.categories, fi.personnel, "Efficiency", "Organisation")[0]?.slice(10)).toEqual([
      "38",
      fi.weakness,
      "",
      "-3",
      "",
    ]);
    expect(find(fi.categories, fi.management, "Efficiency")[0]?.slice(10)).toEqual([
      "50",
      fi.opportunity,
      "7,3",
      "",
      "",
    ]);
    // "processes" is withheld: no value, no band, the reason once in the note.
    const processes = find(fi.categories, fi.personnel, "processes");
    expect(processes[0]?.slice(10)).toEqual([
      "",
      "",
      "",
      "",
      "piilotettu: alle 5 vastausta; tulokset näytetään vasta 5 vastauksesta alkaen anonymiteetin suojaamiseksi.",
    ]);
    // A value that does not exist is empty without a note.
    expect(find(fi.categories, fi.personnel, "Leadership")[0]?.slice(10)).toEqual(["", fi.grey, "", "", ""]);
    expect(
      find(fi.questions, fi.personnel, "Efficiency", "Organisation", "Roles are clear")[0]?.slice(10),
    ).toEqual(["41,3", fi.opportunity, "", "", "Roles are clear: try it"]);
    const heatmap = rows.filter((r) => r[0] === fi.heatmap && r[6] === "Efficiency" && r[7] === "");
    expect(heatmap.map((r) => [r[5], r[10], r[14]])).toEqual([
      [fi.total, "66,3", ""],
      ["Office", "70", ""],
      ["Plant", "", fi.withheldGroup],
    ]);
    const gap = rows.filter((r) => r[0] === `${fi.inputMap}: ${fi.gap}`);
    expect(gap.map((r) => [r[6], r[7], r[10], r[11], r[14]])).toEqual([
      ["Efficiency", "Organisation", "7,5", "", ""],
      ["processes", "", "45,1", fi.weakness, fi.gapNote],
      ["Leadership", "", "", "", ""],
    ]);
  });
});
