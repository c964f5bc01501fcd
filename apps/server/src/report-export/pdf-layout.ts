/** Page layout, band fills and tagging helpers shared by the PDF's pages, charts and tables. */
export const MARGIN = 50;
export const BAND_FILL: Record<string, string> = {
  weakness: "#ffc9c9",
  opportunity: "#ffec99",
  strength: "#b2f2bb",
  grey: "#e9ecef",
};

type Doc = PDFKit.PDFDocument;
export type Struct = ReturnType<Doc["struct"]>;

/** Starts a new page unless `height` more points fit on this one. */
export function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
}

/**
 * Adds a structure element of `type` under `parent` whose content is what `draw` puts on the page
 * (the parent is attached, so `draw` runs now). Options as pdfkit's, plus a table cell's `scope`.
 */
export function tag(
  doc: Doc,
  parent: Struct,
  type: string,
  draw: () => void,
  options: { alt?: string; scope?: "Column" | "Row" } = {},
): void {
  parent.add(doc.struct(type, options as Parameters<Doc["struct"]>[1], () => draw()));
}

/** Decoration a screen reader skips (rules, fills, chart frames): marked as an artifact. */
export function artifact(doc: Doc, draw: () => void): void {
  doc.markContent("Artifact");
  draw();
  doc.endMarkedContent();
}
