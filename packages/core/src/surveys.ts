import { nextPlan, PLAN_LIMITS, type Plan } from "./plans";

/** Surveys, teams and shares (document 2 §3-§5, §9): rules shared by the client and the server. */
export const SURVEY_TYPES = ["PERSONNEL", "MANAGEMENT"] as const;
export type SurveyType = (typeof SURVEY_TYPES)[number];
export const SURVEY_NOTIFICATIONS = ["DAILY", "WEEKLY"] as const;
export type SurveyNotifications = (typeof SURVEY_NOTIFICATIONS)[number];

/** Derived on the server from the clock (DECISIONS.md): 0 upcoming, 100 running, 200 ended. */
export const SURVEY_STATUS = { upcoming: 0, running: 100, ended: 200 } as const;
export type SurveyStatus = (typeof SURVEY_STATUS)[keyof typeof SURVEY_STATUS];

export function surveyStatus(start: Date, end: Date, now = new Date()): SurveyStatus {
  if (start.getTime() > now.getTime()) return SURVEY_STATUS.upcoming;
  if (end.getTime() > now.getTime()) return SURVEY_STATUS.running;
  return SURVEY_STATUS.ended;
}

/**
 * Survey days begin at 00:00:00 and end at 23:59:59 in the organisations' time zone (docs/decisions.md
 * "Surveys"): Europe/Helsinki for every organisation, so a survey means the same days for every
 * admin and every respondent whatever their browser says.
 */
export const SURVEY_TIME_ZONE = "Europe/Helsinki";
/** One survey day, as the form and the API carry it. */
export const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day that exists in the calendar (issue 19.8): 2027-02-30 or 2026-13-01 match ISO_DAY but would
 * roll over to another day in `Date`, so they are refused instead.
 */
export function isCalendarDay(day: string): boolean {
  if (!ISO_DAY.test(day)) return false;
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The offset formats, one per zone: building one costs far more than using it. */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function offsetMinutes(instant: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(new Date(instant)).find((part) => part.type === "timeZoneName")?.value;
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name ?? "");
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === "-" ? -minutes : minutes;
}

/** The instant a wall-clock time of a day happens in the time zone. */
export function zonedInstant(day: string, time: [number, number, number], timeZone = SURVEY_TIME_ZONE): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, time[0], time[1], time[2]);
  const first = wall - offsetMinutes(wall, timeZone) * 60_000;
  const second = wall - offsetMinutes(first, timeZone) * 60_000;
  return new Date(second);
}
export const dayStart = (day: string, timeZone = SURVEY_TIME_ZONE) => zonedInstant(day, [0, 0, 0], timeZone);
export const dayEnd = (day: string, timeZone = SURVEY_TIME_ZONE) => zonedInstant(day, [23, 59, 59], timeZone);

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * The day `dayOf` last answered in each zone, with the instants it runs from and until: nearly every
 * call falls in it (a submission asks for today), and formatting costs a submission more than its
 * scoring (issue 24).
 */
const lastDays = new Map<string, { day: string; from: number; until: number }>();

/** The day an instant falls on in the time zone (YYYY-MM-DD). */
export function dayOf(instant: Date, timeZone = SURVEY_TIME_ZONE): string {
  const time = instant.getTime();
  const last = lastDays.get(timeZone);
  if (last && last.from <= time && time < last.until) return last.day;
  // Building a DateTimeFormat costs more than a whole submission's scoring: one per zone.
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  const day = format.format(instant);
  if (ISO_DAY.test(day)) {
    const from = dayStart(day, timeZone).getTime();
    const until = dayStart(addDays(day, 1), timeZone).getTime();
    if (from <= time && time < until) lastDays.set(timeZone, { day, from, until });
  }
  return day;
}

/** Adds whole days to a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Defaults of a new survey (§9): today to today plus 7 days, notifications daily. */
export function surveyDefaults(now = new Date()) {
  const today = dayOf(now);
  return { start: today, end: addDays(today, 7), notifications: "DAILY" as const };
}

/**
 * How close a recipient list is to the plan's cap (§5, §9): the cap (null: unlimited), whether the
 * list is at it, whether it is within 10 of it, and the plan an upgrade would bring.
 */
export function recipientLimit(plan: Plan, count: number) {
  const cap = PLAN_LIMITS[plan].answerers;
  return {
    cap,
    reached: cap !== null && count >= cap,
    over: cap !== null && count > cap,
    near: cap !== null && count < cap && cap - count <= 10,
    nextPlan: nextPlan(plan),
  };
}

/** The public link of a share's team (DECISIONS.md): `{origin}/public/#/s/{shareKey}/{urlSafeName}`. */
export const publicSurveyLink = (origin: string, shareKey: string, urlSafeName: string) =>
  `${origin.replace(/\/$/, "")}/public/#/s/${shareKey}/${urlSafeName}`;

/**
 * The part of a team's name that goes into its public link: lower-case letters and digits, words
 * joined by hyphens, accents folded (ä → a), at most 60 characters; "team" when nothing is left.
 */
export function urlSafeNameOf(name: string): string {
  const folded = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return folded || "team";
}

/**
 * The survey list's two sections (§2): latest holds the running surveys of each type, or the most
 * recent survey of a type that has none running; history holds the rest. Both by end, newest first.
 */
export function partitionSurveys<S extends { type: SurveyType; status: number; end: string }>(surveys: S[]) {
  const sorted = [...surveys].sort((a, b) => b.end.localeCompare(a.end));
  const latest: S[] = [];
  for (const type of SURVEY_TYPES) {
    const ofType = sorted.filter((s) => s.type === type);
    const running = ofType.filter((s) => s.status === SURVEY_STATUS.running);
    if (running.length > 0) latest.push(...running);
    else if (ofType[0]) latest.push(ofType[0]);
  }
  const inLatest = new Set(latest);
  return {
    latest: sorted.filter((s) => inLatest.has(s)),
    history: sorted.filter((s) => !inLatest.has(s)),
  };
}

/**
 * A slider question's scale where its template leaves a bound or the step unset: the editor's new
 * slider and the default templates' agreement scale (0..10, step 1). Every reader of a template
 * takes them from here, through the one template loader in `@kunto/db` (`loadTemplateQuestions`).
 */
export const SLIDER_DEFAULTS = { min: 0, max: 10, step: 1 } as const;
