/** Measures a text's width in points at a font size, in the bold face or not. */
export type Measure = (text: string, size: number, bold: boolean) => number;

/** Font sizes a table may use, largest first. */
export const TABLE_FONT_SIZES = [8.5, 8, 7.5, 7, 6.5, 6] as const;
/** A column whose cells run to more words than this is prose: it may wrap, at a readable width. */
const SHORT_WORDS = 4;
/** The share of the width a prose column keeps at least (when its text is that long). */
const PROSE_SHARE = 0.25;

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * Column widths for a table `available` points wide (padding excluded) and the font size to use.
 * Every column gets at least its longest word (header included); a column of numbers, bands or short
 * names gets its whole longest cell, so it never wraps; a prose column (questions, findings) keeps
 * at least a quarter of the width, so it never wraps one word per line. The rest of the width goes
 * to the columns whose text is wider than their share, in proportion to what they lack. When the
 * minimums do not fit, a smaller font is tried; at the smallest, only the longest words are kept.
 */
export function columnWidths(
  measure: Measure,
  header: string[],
  body: string[][],
  available: number,
): { widths: number[]; fontSize: number } {
  const plan = (size: number, relaxed: boolean) => {
    const columns = header.map((title, i) => {
      const cells = body.map((row) => row[i] ?? "");
      const longestWord = Math.max(
        0,
        ...words(title).map((w) => measure(w, size, true)),
        ...cells.flatMap((c) => words(c).map((w) => measure(w, size, false))),
      );
      const full = Math.max(longestWord, ...cells.map((c) => measure(c.trim(), size, false)));
      const prose = cells.some((c) => words(c).length > SHORT_WORDS);
      const min = relaxed
        ? longestWord
        : prose
          ? Math.max(longestWord, Math.min(full, available * PROSE_SHARE))
          : full;
      return { min, full };
    });
    return columns;
  };
  for (const [n, size] of TABLE_FONT_SIZES.entries()) {
    const last = n === TABLE_FONT_SIZES.length - 1;
    for (const relaxed of last ? [false, true] : [false]) {
      const columns = plan(size, relaxed);
      const least = columns.reduce((sum, c) => sum + c.min, 0);
      if (least > available && !(last && relaxed)) continue;
      const scale = least > available ? available / least : 1;
      const extra = Math.max(0, available - least);
      const lack = columns.map((c) => Math.max(0, c.full - c.min));
      const lacking = lack.reduce((a, b) => a + b, 0);
      const widths = columns.map((c, i) => {
        const base = c.min * scale;
        if (lacking === 0) return base + extra / columns.length;
        if (lacking <= extra)
          return base + (lack[i] ?? 0) + ((extra - lacking) * (c.full || 1)) / fullSum(columns);
        return base + (extra * (lack[i] ?? 0)) / lacking;
      });
      return { widths, fontSize: size };
    }
  }
  // Not reached: the smallest size with relaxed minimums always returns.
  return { widths: header.map(() => available / Math.max(1, header.length)), fontSize: 6 };
}

const fullSum = (columns: Array<{ full: number }>) => columns.reduce((sum, c) => sum + (c.full || 1), 0);
