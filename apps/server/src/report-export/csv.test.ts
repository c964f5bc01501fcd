import { describe, expect, it } from "vitest";
import { reportCsv } from "./csv";
import type { ExportModel, Table } from "./tables";

/** reportCsv reads only the model's tables. */
const csvOf = (...tables: Table[]) => reportCsv({ tables } as ExportModel).toString("utf8");

describe("report CSV (docs/reports.md Exports)", () => {
  it("starts with a byte-order mark and ends every line, the last too, with CRLF", () => {
    const csv = csvOf({ title: "Report", header: ["A", "B"], rows: [["x", 1]] });
    expect(csv).toBe("\uFEFFReport\r\nA,B\r\nx,1\r\n");
    expect([...reportCsv({ tables: [] as Table[] } as ExportModel).subarray(0, 3)]).toEqual([
      0xef, 0xbb, 0xbf,
    ]);
  });

  it("writes the tables one after another, each under its title, separated by an empty line", () => {
    const csv = csvOf(
      { title: "First", header: ["h"], rows: [["a"], ["b"]] },
      { title: "Second", header: ["h"], rows: [] },
    );
    expect(csv).toBe("\uFEFFFirst\r\nh\r\na\r\nb\r\n\r\nSecond\r\nh\r\n");
  });

  it("writes numbers as numbers, negative ones too, and an empty cell for null", () => {
    expect(csvOf({ title: "T", header: ["a", "b", "c"], rows: [[-4.5, 66.3, null]] })).toBe(
      "\uFEFFT\r\na,b,c\r\n-4.5,66.3,\r\n",
    );
  });

  it("quotes a text with a comma, semicolon, quote or line break, doubling its quotes", () => {
    const row = ["Office, Plant", "a;b", 'say "hi"', "two\nlines", "cr\rhere", "plain"];
    expect(csvOf({ title: "T", header: [], rows: [row] }).split("\r\n")[2]).toBe(
      '"Office, Plant","a;b","say ""hi""","two\nlines","cr\rhere",plain',
    );
  });

  it("puts a ' before a text a spreadsheet would run as a formula, in titles, headers and cells", () => {
    const csv = csvOf({
      title: "=cmd",
      header: ["+1", "-2", "@SUM(A1)"],
      rows: [["\tx", "=1+2, 3", "a=b", "–"]],
    });
    expect(csv.split("\r\n")).toEqual(["\uFEFF'=cmd", "'+1,'-2,'@SUM(A1)", `'\tx,"'=1+2, 3",a=b,–`, ""]);
    // A leading carriage return is guarded, and quoted as any line break is.
    expect(csvOf({ title: "T", header: ["\r=1"], rows: [] })).toBe(`\uFEFFT\r\n"'\r=1"\r\n`);
  });

  it("keeps letters of every report language intact in UTF-8", () => {
    const csv = csvOf({ title: "Kysely", header: ["Õ", "Ж"], rows: [["Słabość", "Yhteensä"]] });
    expect(csv).toContain("Õ,Ж\r\nSłabość,Yhteensä");
  });
});
