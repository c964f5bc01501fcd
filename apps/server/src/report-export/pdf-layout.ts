/** Page layout and band fills shared by the PDF's pages and charts. */
export const MARGIN = 50;
export const BAND_FILL: Record<string, string> = {
  weakness: "#ffc9c9",
  opportunity: "#ffec99",
  strength: "#b2f2bb",
  grey: "#e9ecef",
};

export function ensureSpace(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
}
