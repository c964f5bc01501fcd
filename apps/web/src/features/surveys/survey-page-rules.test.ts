import { SURVEY_STATUS } from "@kunto/core";
import { describe, expect, it } from "vitest";
import { genericSaveFailure, surveyCards } from "./survey-page-rules";

describe("surveyCards (document 2 §4, §6)", () => {
  it("an upcoming survey's page shows the share card to an admin, as a running one does", () => {
    expect(surveyCards(SURVEY_STATUS.upcoming, true, 0)).toEqual({ share: true, teams: false });
    expect(surveyCards(SURVEY_STATUS.running, true, 2)).toEqual({ share: true, teams: false });
  });

  it("once ended the team list replaces the share card", () => {
    expect(surveyCards(SURVEY_STATUS.ended, true, 2)).toEqual({ share: false, teams: true });
    expect(surveyCards(SURVEY_STATUS.ended, false, 0)).toEqual({ share: false, teams: true });
  });

  it("a read-only member never gets the share card, and sees the teams of an upcoming or running survey", () => {
    expect(surveyCards(SURVEY_STATUS.upcoming, false, 1)).toEqual({ share: false, teams: true });
    expect(surveyCards(SURVEY_STATUS.running, false, 1)).toEqual({ share: false, teams: true });
    expect(surveyCards(SURVEY_STATUS.running, false, 0)).toEqual({ share: false, teams: false });
  });
});

describe("genericSaveFailure (§8 notification settings save)", () => {
  it("the save's own key and internal_error give way to the setting's own message", () => {
    expect(genericSaveFailure("survey_save_failed")).toBe(true);
    expect(genericSaveFailure("internal_error")).toBe(true);
  });

  it("a specific key, or none, is handled by the general handler", () => {
    expect(genericSaveFailure("access_denied")).toBe(false);
    expect(genericSaveFailure("not_found")).toBe(false);
    expect(genericSaveFailure(null)).toBe(false);
  });
});
