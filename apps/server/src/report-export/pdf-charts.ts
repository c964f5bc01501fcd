import { BAND_FILL, ensureSpace, MARGIN } from "./pdf-layout";

type Doc = PDFKit.PDFDocument;

const BAR_ROW = 22;
const RADIUS = 130;
/** The height drawBars takes for n bars (so a heading and its chart can be kept on one page). */
export const barsHeight = (n: number) => n * BAR_ROW + 20;
/** The height drawRadar takes. */
export const RADAR_HEIGHT = 2 * RADIUS + 90;

/**
 * Horizontal bars on a 0..100 scale, each filled with its band's colour and labelled with its value
 * and band in words (colour never carries the band alone).
 */
export function drawBars(
  doc: Doc,
  bars: Array<{ label: string; value: number | null; band: string; text: string }>,
) {
  const labelWidth = 140;
  const chartWidth = doc.page.width - 2 * MARGIN - labelWidth - 130;
  const rowHeight = BAR_ROW;
  ensureSpace(doc, barsHeight(bars.length));
  const top = doc.y;
  const x0 = MARGIN + labelWidth;
  bars.forEach((bar, i) => {
    const y = top + i * rowHeight;
    doc
      .font("body")
      .fontSize(9)
      .fillColor("#000")
      .text(bar.label, MARGIN, y + 5, { width: labelWidth - 8 });
    doc
      .rect(x0, y + 3, chartWidth, rowHeight - 8)
      .lineWidth(0.5)
      .strokeColor("#adb5bd")
      .stroke();
    if (bar.value !== null) {
      const w = (Math.max(0, Math.min(100, bar.value)) / 100) * chartWidth;
      doc
        .rect(x0, y + 3, w, rowHeight - 8)
        .fillColor(BAND_FILL[bar.band] ?? "#dee2e6")
        .fill();
      doc
        .rect(x0, y + 3, w, rowHeight - 8)
        .lineWidth(0.5)
        .strokeColor("#495057")
        .stroke();
    }
    doc.fillColor("#000").text(bar.text, x0 + chartWidth + 8, y + 5, { width: 122 });
  });
  // The 40 and 60 band bounds as thin marks under the bars.
  for (const mark of [0, 40, 60, 100]) {
    const x = x0 + (mark / 100) * chartWidth;
    const y = top + bars.length * rowHeight;
    doc
      .moveTo(x, y - 2)
      .lineTo(x, y + 2)
      .lineWidth(0.5)
      .strokeColor("#495057")
      .stroke();
    doc
      .fontSize(7)
      .fillColor("#495057")
      .text(String(mark), x - 10, y + 3, { width: 20, align: "center" });
  }
  doc.fillColor("#000");
  doc.x = MARGIN;
  doc.y = top + bars.length * rowHeight + 18;
}

/**
 * A radar of the input map's axes: personnel as a solid outline with round dots, management as a
 * dashed outline with square dots, and a legend naming both.
 */
export function drawRadar(
  doc: Doc,
  axes: Array<{ label: string; a: number | null; b: number | null }>,
  names: { a: string; b: string },
) {
  const radius = RADIUS;
  ensureSpace(doc, RADAR_HEIGHT);
  const cx = doc.page.width / 2;
  const cy = doc.y + radius + 30;
  const angle = (i: number) => -Math.PI / 2 + (2 * Math.PI * i) / axes.length;
  const point = (i: number, value: number) => ({
    x: cx + Math.cos(angle(i)) * radius * (value / 100),
    y: cy + Math.sin(angle(i)) * radius * (value / 100),
  });
  doc.lineWidth(0.4).strokeColor("#ced4da");
  for (const ring of [20, 40, 60, 80, 100]) {
    axes.forEach((_, i) => {
      const p = point(i, ring);
      if (i === 0) doc.moveTo(p.x, p.y);
      else doc.lineTo(p.x, p.y);
    });
    doc.closePath().stroke();
  }
  axes.forEach((axis, i) => {
    const end = point(i, 100);
    doc.moveTo(cx, cy).lineTo(end.x, end.y).stroke();
    const label = point(i, 118);
    doc
      .font("body")
      .fontSize(8)
      .fillColor("#000")
      .text(axis.label, label.x - 45, label.y - 5, { width: 90, align: "center" });
  });
  const outline = (key: "a" | "b", color: string, dash: boolean) => {
    const points = axes.map((axis, i) => (axis[key] === null ? null : point(i, axis[key] as number)));
    const drawn = points.filter((p): p is { x: number; y: number } => p !== null);
    if (drawn.length < 2) return;
    doc.lineWidth(1.5).strokeColor(color);
    if (dash) doc.dash(4, { space: 3 });
    drawn.forEach((p, i) => {
      if (i === 0) doc.moveTo(p.x, p.y);
      else doc.lineTo(p.x, p.y);
    });
    doc.closePath().stroke();
    doc.undash();
    for (const p of drawn) {
      if (dash)
        doc
          .rect(p.x - 2.5, p.y - 2.5, 5, 5)
          .fillColor(color)
          .fill();
      else doc.circle(p.x, p.y, 2.5).fillColor(color).fill();
    }
  };
  outline("a", "#1864ab", false);
  outline("b", "#c2255c", true);
  const legendY = cy + radius + 30;
  doc
    .lineWidth(1.5)
    .strokeColor("#1864ab")
    .moveTo(MARGIN, legendY)
    .lineTo(MARGIN + 24, legendY)
    .stroke();
  doc
    .fontSize(9)
    .fillColor("#000")
    .text(names.a, MARGIN + 30, legendY - 5);
  doc
    .lineWidth(1.5)
    .strokeColor("#c2255c")
    .dash(4, { space: 3 })
    .moveTo(MARGIN + 160, legendY)
    .lineTo(MARGIN + 184, legendY)
    .stroke()
    .undash();
  doc.fillColor("#000").text(names.b, MARGIN + 190, legendY - 5);
  doc.x = MARGIN;
  doc.y = legendY + 20;
}
