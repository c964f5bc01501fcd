import { addDays } from "./surveys";

/**
 * Improvement tasks (document 3 §2-§5, §9): vocabularies, the board's pure rules (progress colour,
 * sorting, due-date colour) and the input schemas shared by the client and the server.
 */
export const TASK_TYPES = ["manual", "report", "personnel_help", "management_help"] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const HELP_TASK_TYPES = ["personnel_help", "management_help"] as const;
export type HelpTaskType = (typeof HELP_TASK_TYPES)[number];
export const STATIC_TASK_TYPES = ["report", "personnel_help", "management_help"] as const;
export type StaticTaskType = (typeof STATIC_TASK_TYPES)[number];
export const TASK_PRIORITIES = ["HIGH", "MEDIUM", "LOW"] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const SWOT_TYPES = ["strength", "weakness", "opportunity"] as const;
export type SwotType = (typeof SWOT_TYPES)[number];
export const CATEGORY_TYPES = ["PERSONNEL", "MANAGEMENT"] as const;

/** Suggested tasks are created with at most 3 requests in flight (document 3 §7, §9). */
export const SUGGESTED_TASK_CONCURRENCY = 3;
/** A task made from a suggestion is due 7 days after its survey ends (document 3 §5). */
export const SUGGESTED_TASK_DUE_DAYS = 7;
/** The simple onboarding's generated tasks are due 30 days from today (document 2 §7). */
export const ONBOARDING_TASK_DUE_DAYS = 30;
/** The due-date warning window (document 3 §4, §9). */
export const DUE_WARNING_DAYS = 7;
/** The assignee filter's "no assignee" entry (document 3 §2). */
export const NO_ASSIGNEE = "-1";
/** Categories nest at most three levels; parents are chosen from levels 1-2 (document 3 §2). */
export const MAX_CATEGORY_LEVEL = 3;

export const isHelpType = (type: string): type is HelpTaskType =>
  (HELP_TASK_TYPES as readonly string[]).includes(type);

/** Column progress colour: below 33 % done error, below 66 % warning, else success. */
export function progressColor(percentDone: number): "error" | "warning" | "success" {
  if (percentDone < 33) return "error";
  if (percentDone < 66) return "warning";
  return "success";
}

/** Whole percent of DONE tasks; an empty column is 0. */
export function percentDone(tasks: ReadonlyArray<{ status: "DONE" | null }>): number {
  if (tasks.length === 0) return 0;
  return Math.round((tasks.filter((t) => t.status === "DONE").length / tasks.length) * 100);
}

const PRIORITY_RANK: Record<TaskPriority, number> = { HIGH: 0, MEDIUM: 1, LOW: 2 };

/**
 * Board order: status descending, then priority HIGH, MEDIUM, LOW. Status descending puts the
 * empty (open) status before DONE as the old client's string sort did ("" < "DONE", reversed),
 * so open work stays on top.
 */
export function compareTasks(
  a: { status: "DONE" | null; priority: TaskPriority },
  b: { status: "DONE" | null; priority: TaskPriority },
): number {
  const byStatus = (a.status === "DONE" ? 1 : 0) - (b.status === "DONE" ? 1 : 0);
  return byStatus !== 0 ? byStatus : PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority];
}

/** DONE success, past due error, due within 7 days warning, otherwise info (document 3 §4). */
export function dueDateColor(
  task: { status: "DONE" | null; dueDate: string | null },
  today: string,
): "success" | "error" | "warning" | "info" {
  if (task.status === "DONE") return "success";
  if (!task.dueDate) return "info";
  if (task.dueDate < today) return "error";
  return addDays(today, DUE_WARNING_DAYS) >= task.dueDate ? "warning" : "info";
}

export const priorityColor = (p: TaskPriority) =>
  p === "LOW" ? "info" : p === "MEDIUM" ? "warning" : "error";

/** Years offered by the years filter: this year, next year and every creation year. */
export function taskYears(thisYear: number, createdYears: Iterable<number>): number[] {
  return [...new Set([thisYear, thisYear + 1, ...createdYears])].sort((a, b) => a - b);
}
