import { addDays, dayOf, SURVEY_STATUS } from "@kunto/core";

/** How long a reopened survey runs when the dialog opens: a week from today. */
export const REOPEN_DAYS = 7;

interface ScheduledSurvey {
  start: string;
  end: string;
  status: number;
  totalAnswers: number;
}

/**
 * What the schedule dialog (edit schedule, or reopen once ended, §4) shows when it opens. The first
 * day is always the survey's own: a reopen continues the survey, and its answers stay inside its
 * period (issue 17.2: pre-filling today moved the start past the answers and the daily chart lost
 * them). The last day is the survey's own, or a week from today for an ended survey. Once anyone
 * has answered, the first day is fixed: the server refuses a start after the first answer
 * (`survey_start_after_answers`) and a start in the past that is not the one it had
 * (`dates_in_past_error`), so there is nothing else to choose.
 */
export function scheduleDefaults(survey: ScheduledSurvey, now = new Date()) {
  const today = dayOf(now);
  const first = dayOf(new Date(survey.start));
  const last =
    survey.status === SURVEY_STATUS.ended ? addDays(today, REOPEN_DAYS) : dayOf(new Date(survey.end));
  return { first, last, firstFixed: survey.totalAnswers > 0, today };
}

/** A first day the server takes: the survey's own, or today or later. */
export const firstDayChoosable = (day: string, ownFirst: string, today: string) =>
  day === ownFirst || day >= today;

/** The earliest last day: today, or the first day when that is later. */
export const lastDayMin = (first: string | null, today: string) => (first && first > today ? first : today);
