import type { AppRouter } from "@kunto/api";
import {
  compareTasks,
  HELP_TASK_TYPES,
  NO_ASSIGNEE,
  percentDone,
  progressColor,
  SUGGESTED_TASK_CONCURRENCY,
} from "@kunto/core";
import type { inferRouterOutputs } from "@trpc/server";
import { currentLanguage } from "../../lib/i18n";
import { flag, textList } from "../../lib/search-params";

type Outputs = inferRouterOutputs<AppRouter>;
export type Task = Outputs["task"]["list"][number];
export type Category = Outputs["task"]["categories"][number];
export type Suggestion = Outputs["task"]["suggestions"]["suggestions"][number];
type Texts = Category["name"];

/** A content text (category, suggestion) in the interface language, English when missing. */
export const textIn = (texts: Texts): string => texts[currentLanguage()] || texts.en;

/** Every filter of document 3 §2, kept in the URL. */
export interface BoardSearch {
  assignees?: string[];
  years?: string[];
  categories?: string[];
  teams?: string[];
  hasVotes?: boolean;
  hideDone?: boolean;
  own?: boolean;
}

/** The board route's reader of those filters (a value it cannot read is left out). */
export const readBoardSearch = (search: Record<string, unknown>): BoardSearch => ({
  assignees: textList(search.assignees, 100),
  years: textList(search.years, 100),
  categories: textList(search.categories, 100),
  teams: textList(search.teams, 100),
  hasVotes: flag(search.hasVotes),
  hideDone: flag(search.hideDone),
  own: flag(search.own),
});

/** Whether any filter of the board is set (an empty list is no filter). */
export const hasFilters = (search: BoardSearch): boolean =>
  Boolean(
    search.assignees?.length ||
      search.years?.length ||
      search.categories?.length ||
      search.teams?.length ||
      search.hasVotes ||
      search.hideDone ||
      search.own,
  );

/**
 * The Team filter's choices: the organisation's teams (`team.lite`), and any other team a task
 * names; only the latter when the list is not at hand (a member without survey.read), by name.
 */
export function teamOptions(
  orgTeams: ReadonlyArray<{ key: string; name: string }> | undefined,
  tasks: ReadonlyArray<Pick<Task, "team">>,
): Array<{ value: string; label: string }> {
  const names = new Map<string, string>();
  for (const team of orgTeams ?? []) names.set(team.key, team.name);
  for (const task of tasks)
    if (task.team && !names.has(task.team.key)) names.set(task.team.key, task.team.name);
  return [...names]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label) || a.value.localeCompare(b.value));
}

/** The tasks the filters let through. */
export function filterTasks(tasks: readonly Task[], search: BoardSearch, myId: string): Task[] {
  return tasks.filter((task) => {
    if (search.assignees?.length) {
      const id = task.userInCharge?.id ?? NO_ASSIGNEE;
      if (!search.assignees.includes(id)) return false;
    }
    if (search.years?.length && !search.years.includes(String(task.year))) return false;
    if (search.categories?.length && !search.categories.includes(columnOf(task))) return false;
    if (search.teams?.length && !(task.team && search.teams.includes(task.team.key))) return false;
    if (search.hasVotes && task.voteCount === 0) return false;
    if (search.hideDone && task.status === "DONE") return false;
    if (search.own && task.userInCharge?.id !== myId) return false;
    return true;
  });
}

/** A task's board column: its type for the help types, else its top-level category. */
export const columnOf = (task: Pick<Task, "type" | "topCategory">): string =>
  (HELP_TASK_TYPES as readonly string[]).includes(task.type) ? task.type : (task.topCategory ?? "other");

export interface Column {
  key: string;
  category: Category | null;
  tasks: Task[];
  percent: number;
  color: "red" | "yellow" | "green";
}

const COLORS = { error: "red", warning: "yellow", success: "green" } as const;

/** Columns per top-level category plus the two help types, tasks sorted (status, then priority). */
export function boardColumns(categories: readonly Category[], tasks: readonly Task[]): Column[] {
  const tops = categories.filter((c) => c.level === 1);
  const keys = [...tops.map((c) => c.engineName), ...HELP_TASK_TYPES];
  const extra = [...new Set(tasks.map(columnOf))].filter((k) => !keys.includes(k));
  return [...keys, ...extra].map((key) => {
    const inColumn = tasks.filter((t) => columnOf(t) === key).sort(compareTasks);
    const percent = percentDone(inColumn);
    return {
      key,
      category: tops.find((c) => c.engineName === key) ?? null,
      tasks: inColumn,
      percent,
      color: COLORS[progressColor(percent)],
    };
  });
}

/** The board's two groups: improvement areas (categories) and help with the surveys (the help types). */
export function splitColumns(columns: readonly Column[]): { areas: Column[]; help: Column[] } {
  const isHelp = (c: Column) => (HELP_TASK_TYPES as readonly string[]).includes(c.key);
  return { areas: columns.filter((c) => !isHelp(c)), help: columns.filter(isHelp) };
}

/** Runs the jobs with at most `limit` in flight (suggested tasks: 3, document 3 §7). */
export async function inParallel<T, R>(
  items: readonly T[],
  job: (item: T) => Promise<R>,
  limit = SUGGESTED_TASK_CONCURRENCY,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      try {
        results[i] = { status: "fulfilled", value: await job(items[i] as T) };
      } catch (reason) {
        results[i] = { status: "rejected", reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
