import { describe, expect, it } from "vitest";
import { type ReportOptions, type SurveyOption, selectionOf } from "./report-model";

const survey = (key: string, shares: Array<[string, number]>): SurveyOption => ({
  key,
  name: null,
  type: "PERSONNEL",
  start: "2026-01-01T00:00:00.000Z",
  end: "2026-01-08T00:00:00.000Z",
  status: 200,
  latestAnswerAt: "2026-01-05",
  answers: shares.reduce((sum, [, answers]) => sum + answers, 0),
  shares: shares.map(([name, answers]) => ({ key: `${key}-${name}`, name, answers })),
});

const options = (list: SurveyOption[], maxSelectedShares: number | null): ReportOptions => ({
  personnel: list,
  management: [],
  defaults: { personnel: list[0]?.key ?? null, management: null },
  maxSelectedShares,
  heatmap: maxSelectedShares === null,
  hasSurveys: list.length > 0,
});

describe("selectionOf: the share a FREE report starts on (issue 19.16)", () => {
  it("starts on the first share with answers, not on an unanswered one that sorts first", () => {
    const s = survey("s", [
      ["A team", 0],
      ["B team", 4],
      ["C team", 2],
    ]);
    expect(selectionOf(options([s], 1), {}).personnelShares).toEqual(["s-B team"]);
  });

  it("starts on the first share when none has answers, and keeps a share the URL names", () => {
    const s = survey("s", [
      ["A team", 0],
      ["B team", 0],
    ]);
    expect(selectionOf(options([s], 1), {}).personnelShares).toEqual(["s-A team"]);
    const answered = survey("t", [
      ["A team", 0],
      ["B team", 3],
    ]);
    expect(selectionOf(options([answered], 1), { pshares: "t-A team" }).personnelShares).toEqual([
      "t-A team",
    ]);
  });

  it("preselects no share on a plan without a share limit", () => {
    const s = survey("s", [
      ["A team", 0],
      ["B team", 4],
    ]);
    expect(selectionOf(options([s], null), {}).personnelShares).toEqual([]);
  });
});
