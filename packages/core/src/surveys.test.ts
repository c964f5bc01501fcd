import { describe, expect, it } from "vitest";
import { checkEmails, parseEmails, ZCreateSurveyInput } from "./survey-schemas";
import {
  addDays,
  dayEnd,
  dayOf,
  dayStart,
  isCalendarDay,
  partitionSurveys,
  recipientLimit,
  surveyDefaults,
  surveyStatus,
  urlSafeNameOf,
} from "./surveys";
import { ZTaskInput } from "./task-schemas";

describe("survey rules", () => {
  it("derives the status from the clock", () => {
    const now = new Date("2026-05-10T12:00:00Z");
    expect(surveyStatus(new Date("2026-05-11T00:00:00Z"), new Date("2026-05-12T00:00:00Z"), now)).toBe(0);
    expect(surveyStatus(new Date("2026-05-09T00:00:00Z"), new Date("2026-05-12T00:00:00Z"), now)).toBe(100);
    expect(surveyStatus(new Date("2026-05-01T00:00:00Z"), new Date("2026-05-10T12:00:00Z"), now)).toBe(200);
  });

  it("starts a day at 00:00:00 and ends it at 23:59:59 in Helsinki, summer and winter", () => {
    expect(dayStart("2026-07-01").toISOString()).toBe("2026-06-30T21:00:00.000Z");
    expect(dayEnd("2026-07-01").toISOString()).toBe("2026-07-01T20:59:59.000Z");
    expect(dayStart("2026-01-15").toISOString()).toBe("2026-01-14T22:00:00.000Z");
    // The night the clocks go forward (29 March 2026, 03:00 → 04:00).
    expect(dayEnd("2026-03-29").toISOString()).toBe("2026-03-29T20:59:59.000Z");
    expect(dayOf(new Date("2026-06-30T21:30:00Z"))).toBe("2026-07-01");
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
  });

  it("issue 24: the day it remembers ends at both of its midnights, whichever order instants come in", () => {
    // The day the clocks go forward is 23 hours long: 2026-03-28T22:00Z to 2026-03-29T21:00Z.
    const day = "2026-03-29";
    const inside = ["2026-03-28T22:00:00.000Z", "2026-03-29T12:00:00Z", "2026-03-29T20:59:59.999Z"];
    for (const instant of inside) expect(dayOf(new Date(instant))).toBe(day);
    expect(dayOf(new Date("2026-03-29T21:00:00.000Z"))).toBe("2026-03-30");
    expect(dayOf(new Date("2026-03-29T12:00:00Z"))).toBe(day);
    expect(dayOf(new Date("2026-03-28T22:00:00.000Z"))).toBe(day);
    expect(dayOf(new Date("2026-03-28T21:59:59.999Z"))).toBe("2026-03-28");
    expect(dayOf(new Date("2026-03-29T12:00:00Z"))).toBe(day);
    // Another zone keeps its own day: the same instant is still the 28th in New York.
    expect(dayOf(new Date("2026-03-29T02:00:00Z"), "America/New_York")).toBe("2026-03-28");
    expect(dayOf(new Date("2026-03-29T02:00:00Z"))).toBe(day);
  });

  it("defaults to today until a week from today, daily notifications", () => {
    expect(surveyDefaults(new Date("2026-05-10T10:00:00Z"))).toEqual({
      start: "2026-05-10",
      end: "2026-05-17",
      notifications: "DAILY",
    });
  });

  it("finds addresses in free text, ignores duplicates and reports the rest", () => {
    expect(parseEmails("Anna <anna@example.fi>, BEN@example.fi; anna@example.fi\nnot-an-address")).toEqual({
      emails: ["anna@example.fi", "ben@example.fi"],
      invalid: ["Anna", "not-an-address"],
    });
    // One parser for teams and share by e-mail (issue 19.11): semicolons, and a pasted column.
    expect(parseEmails(" a@example.fi ; b@x ;a@example.fi;;")).toEqual({
      emails: ["a@example.fi"],
      invalid: ["b@x"],
    });
    expect(parseEmails("a@example.fi\r\nc@example.fi\r\n\r\nd@example.fi\t")).toEqual({
      emails: ["a@example.fi", "c@example.fi", "d@example.fi"],
      invalid: [],
    });
  });

  it("checks a list of addresses one by one, as the team's recipients are checked on the server", () => {
    expect(checkEmails(["Anna@Example.fi", "not an address", "anna@example.fi", "b@example.fi"])).toEqual({
      emails: ["anna@example.fi", "b@example.fi"],
      invalid: ["not an address"],
    });
  });

  it("caps recipients by the plan and warns within 10", () => {
    expect(recipientLimit("FREE", 10)).toMatchObject({
      cap: 10,
      reached: true,
      over: false,
      nextPlan: "PRO",
    });
    expect(recipientLimit("FREE", 11).over).toBe(true);
    expect(recipientLimit("PRO", 240)).toMatchObject({ near: true, reached: false });
    expect(recipientLimit("PRO", 239).near).toBe(false);
    expect(recipientLimit("TOTAL", 100_000)).toMatchObject({ cap: null, reached: false, near: false });
  });

  it("makes a link name of a team name", () => {
    expect(urlSafeNameOf("Myynti & Häme")).toBe("myynti-hame");
    expect(urlSafeNameOf("Отдел продаж")).toBe("team");
    expect(urlSafeNameOf("  Łódź  Team ")).toBe("odz-team");
  });

  it("puts the running surveys of each type, or the newest, in latest and the rest in history", () => {
    const s = (key: string, type: "PERSONNEL" | "MANAGEMENT", status: number, end: string) => ({
      key,
      type,
      status,
      end,
    });
    const surveys = [
      s("p-old", "PERSONNEL", 200, "2026-01-01"),
      s("p-run", "PERSONNEL", 100, "2026-05-01"),
      s("p-ended", "PERSONNEL", 200, "2026-04-01"),
      s("m-new", "MANAGEMENT", 200, "2026-03-01"),
      s("m-old", "MANAGEMENT", 200, "2026-02-01"),
    ];
    const { latest, history } = partitionSurveys(surveys);
    expect(latest.map((x) => x.key)).toEqual(["p-run", "m-new"]);
    expect(history.map((x) => x.key)).toEqual(["p-ended", "m-old", "p-old"]);
  });
});

describe("issue 19.8: impossible days", () => {
  it("refuses a day the calendar does not have instead of rolling it over, and keeps real ones", () => {
    expect(isCalendarDay("2027-02-28")).toBe(true);
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2027-02-29")).toBe(false);
    expect(isCalendarDay("2027-02-30")).toBe(false);
    expect(isCalendarDay("2026-13-01")).toBe(false);
    expect(isCalendarDay("2026-04-31")).toBe(false);
    expect(isCalendarDay("2026-4-1")).toBe(false);
    const survey = (start: string, end: string) =>
      ZCreateSurveyInput.safeParse({ type: "PERSONNEL", start, end }).error?.issues.map((i) => i.message);
    expect(survey("2027-02-30", "2027-03-10")).toEqual(["dates_error"]);
    expect(survey("2027-02-20", "2027-02-30")).toEqual(["dates_error"]);
    expect(survey("2027-02-20", "2027-03-10")).toBeUndefined();
    expect(ZTaskInput.safeParse({ name: "X", dueDate: "2027-02-30" }).error?.issues[0]?.message).toBe(
      "invalid_date",
    );
  });
});
