import { addDays, SURVEY_TYPES, type SurveyType } from "@kunto/core";

/**
 * The simple onboarding engine (document 2 §4, payloads of §7): skip everything if the organisation
 * already has a survey, team (or, once the lead supplies it, task) of the relevant types; otherwise
 * a team of each type, a survey of each type, a share per survey, and suggested tasks when a
 * `generateTasks` step is given. The calls are arguments, so the engine runs the same against the
 * real procedures and in a unit test, and the tasks step can be added without changing it.
 */
export interface OnboardingTeam {
  key: string;
  name: string;
}
export interface OnboardingSurvey {
  key: string;
}
export interface OnboardingShare {
  key: string;
  links: Array<{ teamKey: string; teamName: string; url: string }>;
}
export interface CreatedSurvey {
  type: SurveyType;
  team: OnboardingTeam;
  survey: OnboardingSurvey;
  share: OnboardingShare;
}

export interface SimpleOnboardingCalls {
  /** Whether a survey or team (or task) of the relevant types exists already. */
  hasExisting: () => Promise<boolean>;
  createTeam: (input: {
    type: SurveyType;
    name: string;
    description: null;
    answerers: string[];
  }) => Promise<OnboardingTeam>;
  createSurvey: (input: {
    type: SurveyType;
    start: string;
    end: string;
    notifications: "WEEKLY";
    estimatedAnswerers: number;
    name: null;
  }) => Promise<OnboardingSurvey>;
  createShare: (input: {
    name: string;
    surveyKey: string;
    answerers: number;
    teams: string[];
  }) => Promise<OnboardingShare>;
  /**
   * Suggested tasks for the created surveys (issue 9 supplies it: fetch the suggestions, create the
   * tasks with due date today + 30 days). Its failures are only logged (§8).
   */
  generateTasks?: (surveys: CreatedSurvey[], dueDate: string) => Promise<void>;
}

export type SimpleOnboardingStage = "checking" | "teams" | "surveys" | "shares" | "tasks";
export type SimpleOnboardingResult = { status: "skipped" } | { status: "created"; surveys: CreatedSurvey[] };

/** §9: a 5-day survey, weekly summaries, 10 estimated answerers; shares of 10; tasks due in 30 days. */
export const SIMPLE_ONBOARDING = { surveyDays: 5, answerers: 10, taskDueDays: 30 } as const;

export async function runSimpleOnboarding(
  calls: SimpleOnboardingCalls,
  options: {
    /** Today as a survey day (YYYY-MM-DD): the survey runs today 00:00:00 to today + 5 days 23:59:59. */
    today: string;
    /** A team's name: its type's label in the user's language (§7). */
    teamName: (type: SurveyType) => string;
    onStage?: (stage: SimpleOnboardingStage) => void;
    log?: (error: unknown) => void;
  },
): Promise<SimpleOnboardingResult> {
  options.onStage?.("checking");
  if (await calls.hasExisting()) return { status: "skipped" };
  options.onStage?.("teams");
  const teams: OnboardingTeam[] = [];
  for (const type of SURVEY_TYPES)
    teams.push(
      await calls.createTeam({ type, name: options.teamName(type), description: null, answerers: [] }),
    );
  options.onStage?.("surveys");
  const surveys: OnboardingSurvey[] = [];
  for (const type of SURVEY_TYPES)
    surveys.push(
      await calls.createSurvey({
        type,
        start: options.today,
        end: addDays(options.today, SIMPLE_ONBOARDING.surveyDays),
        notifications: "WEEKLY",
        estimatedAnswerers: SIMPLE_ONBOARDING.answerers,
        name: null,
      }),
    );
  options.onStage?.("shares");
  const created: CreatedSurvey[] = [];
  for (const [i, type] of SURVEY_TYPES.entries()) {
    const team = teams[i] as OnboardingTeam;
    const survey = surveys[i] as OnboardingSurvey;
    const share = await calls.createShare({
      name: team.name,
      surveyKey: survey.key,
      answerers: SIMPLE_ONBOARDING.answerers,
      teams: [team.key],
    });
    created.push({ type, team, survey, share });
  }
  if (calls.generateTasks) {
    options.onStage?.("tasks");
    try {
      await calls.generateTasks(created, addDays(options.today, SIMPLE_ONBOARDING.taskDueDays));
    } catch (error) {
      options.log?.(error);
    }
  }
  return { status: "created", surveys: created };
}
