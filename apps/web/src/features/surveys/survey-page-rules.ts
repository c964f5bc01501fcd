import { type ErrorKey, SURVEY_STATUS } from "@kunto/core";

/**
 * Which of the share card and the team list the single survey page shows (document 2 §4 "while
 * running, the share card shows; once ended, the team list replaces it", §6). An upcoming survey is
 * treated as a running one, so its links can be prepared and sent ahead (docs/decisions.md "Survey
 * pages: links for read-only users, upcoming surveys"). The share card is for those who may manage
 * shares; a read-only member sees the teams instead (the server withholds the links from them).
 */
export function surveyCards(
  status: number,
  canWrite: boolean,
  teamCount: number,
): { share: boolean; teams: boolean } {
  const ended = status === SURVEY_STATUS.ended;
  return { share: !ended && canWrite, teams: ended || (!canWrite && teamCount > 0) };
}

/**
 * Whether a failed save of the notification setting names nothing more specific than the save
 * failing (the survey save's own key or `internal_error`): then the setting's own message shows
 * (§8 "Notification settings save | error saving survey subscription"), as it does for an error
 * with no key; a specific key (access denied, not found, …) keeps its own text.
 */
export const genericSaveFailure = (key: ErrorKey | null): boolean =>
  key === "survey_save_failed" || key === "internal_error";
