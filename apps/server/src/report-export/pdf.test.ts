import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { labelsFor } from "./labels";
import { reportPdf } from "./pdf";
import { sampleReport } from "./report-fixture";
import { exportModel } from "./tables";

interface Node {
  role?: string;
  alt?: string;
  children?: Node[];
}
const roles = (node: Node | null): string[] =>
  node ? [node.role ?? "", ...(node.children ?? []).flatMap((child) => roles(child))] : [];

async function read(data: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(data), useSystemFonts: false }).promise;
  const pages: string[] = [];
  const tree: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
    tree.push(...roles((await page.getStructTree()) as Node | null));
  }
  const info = (await pdf.getMetadata()).info as { Title?: string };
  const marked = await pdf.getMarkInfo();
  const count = pdf.numPages;
  await pdf.destroy();
  return { text: pages.join("\n").replace(/\s+/g, " "), tree, info, marked, count };
}

describe("report PDF (docs/reports.md Exports)", () => {
  it("is tagged: language, title, headings, tables with header cells, figures", async () => {
    const data = await reportPdf(exportModel(sampleReport(), "fi"));
    const { tree, info, marked } = await read(data);
    expect(marked?.Marked).toBe(true);
    expect(info.Title).toBe("Raportti: Oy Esimerkki Ab");
    expect(data.toString("latin1")).toMatch(/\/Lang \(fi\)/);
    expect(data.toString("latin1")).toMatch(/\/DisplayDocTitle true/);
    for (const role of ["Document", "H1", "H2", "P", "Table", "TR", "TH", "TD", "Figure"])
      expect(tree, role).toContain(role);
    expect(tree.filter((r) => r === "H1")).toHaveLength(1);
  });

  it("prints numbers with the language's decimal mark, withheld cells as the short mark and why once under the table", async () => {
    const fi = labelsFor("fi");
    const { text } = await read(await reportPdf(exportModel(sampleReport(), "fi")));
    expect(text).toMatch(/Efficiency 66,3 Vahvuus – 4,3/);
    expect(text).toMatch(new RegExp(`processes ${fi.withheldShort} ${fi.withheldShort} – –`));
    expect(text).not.toContain(fi.withheld);
    const few = fi.withheldFew.replaceAll("{n}", "5");
    // Categories, questions and the heatmap have a cell withheld for too few answers.
    expect(text.split(few).length - 1).toBe(3);
    expect(text).toContain(fi.withheldGroup);
    const en = await read(await reportPdf(exportModel(sampleReport(), "en")));
    expect(en.text).toMatch(/Efficiency 66\.3 Strength – 4\.3/);
    expect(en.text).toContain(`${labelsFor("en").answers}: 12`);
  });

  it("has a page count that follows the content: the sample fits in a few pages", async () => {
    const { count } = await read(await reportPdf(exportModel(sampleReport(), "en")));
    expect(count).toBeGreaterThanOrEqual(2);
    expect(count).toBeLessThanOrEqual(5);
  });
});
