import { describe, expect, it } from "vitest";
import { columnWidths, type Measure } from "./pdf-table";

/** Every character 0.5 em wide: widths follow text length and font size. */
const measure: Measure = (text, size) => text.length * size * 0.5;

describe("PDF table column widths", () => {
  it("keeps numbers and short names on one line and gives the prose column the rest", () => {
    const question = "How well do the tools you use every day support the work you are expected to do";
    const { widths, fontSize } = columnWidths(
      measure,
      ["Question", "Category", "Value (%)", "Band"],
      [
        [question, "Organisation", "66,3", "Strength"],
        ["Short", "Leadership", "12", "Opportunity"],
      ],
      480,
    );
    expect(fontSize).toBe(8.5);
    const sum = widths.reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(480);
    // Short cells fit whole; the prose column is the widest and never narrower than a quarter.
    expect(widths[1]).toBeGreaterThanOrEqual(measure("Organisation", 8.5, false));
    expect(widths[2]).toBeGreaterThanOrEqual(measure("Value", 8.5, true));
    expect(widths[3]).toBeGreaterThanOrEqual(measure("Opportunity", 8.5, false));
    expect(widths[0]).toBeGreaterThanOrEqual(480 * 0.25);
    // So the question wraps at most into a few lines, never a word per line.
    expect(measure(question, 8.5, false) / (widths[0] ?? 1)).toBeLessThan(3);
  });

  it("shrinks the font when the columns do not fit, and keeps at least every longest word at the smallest", () => {
    const header = Array.from({ length: 12 }, (_, i) => `Group${i}`);
    const row = header.map(() => "Production night shift");
    const wide = columnWidths(measure, header, [row], 480);
    expect(wide.fontSize).toBeLessThan(8.5);
    for (const w of wide.widths)
      expect(w).toBeGreaterThanOrEqual(measure("Production", wide.fontSize, false) - 1e-9);
    expect(wide.widths.reduce((a, b) => a + b, 0)).toBeCloseTo(480);
  });
});
