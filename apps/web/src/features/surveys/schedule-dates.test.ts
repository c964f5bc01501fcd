import { dayEnd, dayStart, SURVEY_STATUS } from "@kunto/core";
import { describe, expect, it } from "vitest";
import { firstDayChoosable, lastDayMin, scheduleDefaults } from "./schedule-dates";

const now = new Date("2026-05-20T09:00:00Z");
const survey = (first: string, last: string, status: number, totalAnswers: number) => ({
  start: dayStart(first).toISOString(),
  end: dayEnd(last).toISOString(),
  status,
  totalAnswers,
});

describe("issue 17.2: the schedule dialog keeps the original start", () => {
  it("reopens an ended survey from its own first day, until a week from today", () => {
    // The demo's ended survey: 49 answers from its first day on.
    const ended = survey("2026-04-20", "2026-05-03", SURVEY_STATUS.ended, 49);
    expect(scheduleDefaults(ended, now)).toEqual({
      first: "2026-04-20",
      last: "2026-05-27",
      firstFixed: true,
      today: "2026-05-20",
    });
  });

  it("reopens an ended survey without answers from its own first day too, which may then change", () => {
    const ended = survey("2026-04-20", "2026-05-03", SURVEY_STATUS.ended, 0);
    expect(scheduleDefaults(ended, now)).toMatchObject({
      first: "2026-04-20",
      last: "2026-05-27",
      firstFixed: false,
    });
  });

  it("edits a running or upcoming survey from its own dates", () => {
    expect(scheduleDefaults(survey("2026-05-18", "2026-05-25", SURVEY_STATUS.running, 3), now)).toMatchObject(
      { first: "2026-05-18", last: "2026-05-25", firstFixed: true },
    );
    expect(
      scheduleDefaults(survey("2026-06-01", "2026-06-14", SURVEY_STATUS.upcoming, 0), now),
    ).toMatchObject({ first: "2026-06-01", last: "2026-06-14", firstFixed: false });
  });

  it("reads the days in Helsinki, not UTC", () => {
    // 00:00 on 1 June in Helsinki is still 31 May in UTC.
    expect(scheduleDefaults(survey("2026-06-01", "2026-06-02", SURVEY_STATUS.upcoming, 0), now).first).toBe(
      "2026-06-01",
    );
  });

  it("offers as first day the survey's own or today and later, and no last day before either", () => {
    expect(firstDayChoosable("2026-04-20", "2026-04-20", "2026-05-20")).toBe(true);
    expect(firstDayChoosable("2026-04-21", "2026-04-20", "2026-05-20")).toBe(false);
    expect(firstDayChoosable("2026-05-19", "2026-04-20", "2026-05-20")).toBe(false);
    expect(firstDayChoosable("2026-05-20", "2026-04-20", "2026-05-20")).toBe(true);
    expect(firstDayChoosable("2026-06-30", "2026-04-20", "2026-05-20")).toBe(true);
    expect(lastDayMin("2026-04-20", "2026-05-20")).toBe("2026-05-20");
    expect(lastDayMin("2026-06-01", "2026-05-20")).toBe("2026-06-01");
    expect(lastDayMin(null, "2026-05-20")).toBe("2026-05-20");
  });
});
