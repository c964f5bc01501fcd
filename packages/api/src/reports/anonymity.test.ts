import { describe, expect, it } from "vitest";
import { suppressRow } from "./anonymity";

describe("heatmap rows (docs/reports.md, Anonymity)", () => {
  it("in a heatmap row, hides a second cell when exactly one would be hidden while the total shows", async () => {
    // Threshold 3: shares of 4 and 5 answers. For a row in which one share has only 2 answers
    // (the others skipped it), that cell is hidden and so must be the other one.
    expect(
      suppressRow(
        7,
        [
          { count: 2, hidden: false },
          { count: 5, hidden: false },
        ],
        3,
      ),
    ).toEqual(["not_enough_answers", "derivable"]);
    expect(
      suppressRow(
        20,
        [
          { count: 10, hidden: false },
          { count: 3, hidden: false },
          { count: 7, hidden: false },
        ],
        5,
      ),
    ).toEqual(["shown", "not_enough_answers", "derivable"]);
    expect(
      suppressRow(
        6,
        [
          { count: 3, hidden: false },
          { count: 3, hidden: false },
        ],
        5,
      ),
    ).toEqual(["not_enough_answers", "not_enough_answers"]);
    expect(
      suppressRow(
        12,
        [
          { count: 6, hidden: true },
          { count: 6, hidden: false },
        ],
        5,
      ),
    ).toEqual(["hidden", "shown"]);
    expect(suppressRow(12, [{ count: 6, hidden: false }], 5, false)).toEqual(["hidden"]);
  });
});
