import { emptyAggregates } from "@kunto/engine";
import { describe, expect, it } from "vitest";
import { selectionAnonymity, suppressRow } from "./anonymity";
import type { SelectedShare, SelectedSurvey } from "./selection";

/** Shares by name with their released respondents; only the counts matter to the rules. */
const share = (key: string, respondents: number, heldBack = 0): SelectedShare => ({
  id: `id-${key}`,
  key,
  name: key,
  respondents,
  aggregates: { ...emptyAggregates(), respondents },
  heldBack,
});

/** A personnel survey of `all` shares with the ones named in `selected` chosen. */
function survey(all: SelectedShare[], selected: string[]): SelectedSurvey {
  const shares = all.filter((s) => selected.includes(s.key));
  const sum = (list: SelectedShare[]) => list.reduce((n, s) => n + s.respondents, 0);
  return {
    id: "survey",
    key: "S",
    name: null,
    type: "PERSONNEL",
    templateId: "template",
    startsAt: new Date("2026-01-01"),
    endsAt: new Date("2026-02-01"),
    allShares: all,
    shares,
    aggregates: { ...emptyAggregates(), respondents: sum(shares) },
    heldBack: shares.reduce((n, s) => n + s.heldBack, 0),
    total: { ...emptyAggregates(), respondents: sum(all) },
  };
}

describe("selection threshold and derivable selections (docs/reports.md, Anonymity 1 and 2)", () => {
  it("withholds a selection below the threshold and says how many more answers are needed", () => {
    // A share released 3 under an earlier, lower threshold: its next release needs a step of 5.
    const shares = [share("A", 3), share("B", 0), share("C", 9)];
    expect(selectionAnonymity(survey(shares, ["A"]), 5)).toEqual({
      status: "not_enough_answers",
      respondents: 3,
      needed: 5,
      withShares: [],
    });
    expect(selectionAnonymity(survey(shares, ["B"]), 5)).toEqual({
      status: "not_enough_answers",
      respondents: 0,
      needed: 5,
      withShares: [],
    });
  });

  it("counts a share's held-back answers towards its own step, and never asks for fewer than one", () => {
    expect(selectionAnonymity(survey([share("A", 3, 1), share("C", 9)], ["A"]), 5).needed).toBe(4);
    expect(selectionAnonymity(survey([share("A", 0, 3), share("C", 9)], ["A"]), 5).needed).toBe(2);
    // Releases are per share: the share closest to its step decides (4 held back: 1 more).
    const many = [share("A", 0, 4), share("B", 0, 4), share("C", 9)];
    expect(selectionAnonymity(survey(many, ["A", "B"]), 5)).toMatchObject({
      status: "not_enough_answers",
      needed: 1,
    });
  });

  it("shows a selection at exactly the threshold", () => {
    expect(selectionAnonymity(survey([share("A", 5), share("C", 9)], ["A"]), 5)).toEqual({
      status: "ok",
      respondents: 5,
      needed: 0,
      withShares: [],
    });
  });

  it("follows the example of the docs: shares of 6, 3 and 7 at threshold 5", () => {
    // The 3 is small, so the 6 (the smallest shown one) is hidden with it: {6, 3} is the hidden group.
    const shares = [share("six", 6), share("three", 3), share("seven", 7)];
    const status = (selected: string[]) => selectionAnonymity(survey(shares, selected), 5).status;
    expect(status(["seven"])).toBe("ok");
    expect(status(["six", "three"])).toBe("ok");
    expect(status(["six", "three", "seven"])).toBe("ok");
    expect(selectionAnonymity(survey(shares, ["six"]), 5)).toEqual({
      status: "derivable",
      respondents: 6,
      needed: 0,
      withShares: ["three"],
    });
    expect(selectionAnonymity(survey(shares, ["six", "seven"]), 5)).toEqual({
      status: "derivable",
      respondents: 13,
      needed: 0,
      withShares: ["three"],
    });
  });

  it("names every other share of the hidden group a derivable selection would need", () => {
    // Threshold 5: 2 and 2 are small, their 4 is below the threshold, so the 6 is hidden with them.
    const shares = [share("a", 2), share("b", 2), share("c", 6), share("d", 8)];
    const six = selectionAnonymity(survey(shares, ["c"]), 5);
    expect(six.status).toBe("derivable");
    expect(six.withShares).toEqual(["a", "b"]);
    expect(selectionAnonymity(survey(shares, ["a", "c"]), 5).withShares).toEqual(["b"]);
    expect(selectionAnonymity(survey(shares, ["a", "b", "c"]), 5).status).toBe("ok");
    expect(selectionAnonymity(survey(shares, ["d"]), 5).status).toBe("ok");
  });

  it("leaves shares without answers out of the hidden group", () => {
    // An empty share has nothing to protect: {three, six} is the whole hidden group without it.
    const shares = [share("empty", 0), share("three", 3), share("six", 6), share("seven", 7)];
    expect(selectionAnonymity(survey(shares, ["three", "six"]), 5).status).toBe("ok");
    expect(selectionAnonymity(survey(shares, ["six"]), 5).withShares).toEqual(["three"]);
  });

  it("shows every selection of a survey whose shares are all large enough", () => {
    const shares = [share("a", 5), share("b", 6), share("c", 7)];
    for (const selected of [["a"], ["b"], ["a", "c"], ["a", "b", "c"]])
      expect(selectionAnonymity(survey(shares, selected), 5).status).toBe("ok");
  });
});

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

describe("a heatmap row against its total (docs/reports.md, Anonymity 3)", () => {
  const cells = (...counts: number[]) => counts.map((count) => ({ count, hidden: false }));

  it("shows a cell at exactly the threshold and marks a cell without answers as empty", () => {
    expect(suppressRow(10, cells(5, 5), 5)).toEqual(["shown", "shown"]);
    expect(suppressRow(11, cells(0, 5, 6), 5)).toEqual(["empty", "shown", "shown"]);
  });

  it("hides nothing more when the shown cells make up the whole total", () => {
    expect(suppressRow(13, cells(6, 7), 5)).toEqual(["shown", "shown"]);
  });

  it("hides nothing more when the hidden rest is itself at least the threshold", () => {
    expect(suppressRow(17, cells(2, 3, 12), 5)).toEqual([
      "not_enough_answers",
      "not_enough_answers",
      "shown",
    ]);
  });

  it("hides the smallest shown cell, wherever it stands, the first of equal ones", () => {
    expect(suppressRow(14, cells(2, 5, 7), 5)).toEqual(["not_enough_answers", "derivable", "shown"]);
    expect(suppressRow(14, cells(5, 2, 7), 5)).toEqual(["derivable", "not_enough_answers", "shown"]);
    expect(suppressRow(12, cells(2, 5, 5), 5)).toEqual(["not_enough_answers", "derivable", "shown"]);
    expect(suppressRow(16, cells(9, 7, 0), 5)).toEqual(["shown", "shown", "empty"]);
  });

  it("counts answers outside every cell in the hidden rest", () => {
    // 3 answers of the total are in no shown column: the smallest cell hides.
    expect(suppressRow(15, cells(5, 7), 5)).toEqual(["derivable", "shown"]);
  });

  it("stops when no shown cell is left to hide", () => {
    expect(suppressRow(4, cells(2, 2), 5)).toEqual(["not_enough_answers", "not_enough_answers"]);
    expect(suppressRow(3, [{ count: 3, hidden: true }], 5)).toEqual(["hidden"]);
  });
});
