/** Work tasks (document 3 §3, §4; issue 22). A new task starts RECEIVED; the dialog sets any status. */
export const WORK_TASK_STATUSES = ["RECEIVED", "WAITING", "INPROGRESS", "DONE"] as const;
export type WorkTaskStatus = (typeof WORK_TASK_STATUSES)[number];
/** The list's default status filter (document 3 §2). */
export const WORK_TASK_OPEN_STATUSES: readonly WorkTaskStatus[] = ["RECEIVED", "WAITING", "INPROGRESS"];
export const WORK_TASK_OBJECTS = ["timeEntry", "service"] as const;
/** Fields the paged list sorts by (`sortBy=field:ASC|DESC,...`). */
export const WORK_TASK_SORT_FIELDS = ["createdAt", "title", "status", "assignedUser"] as const;
export type WorkTaskSortField = (typeof WORK_TASK_SORT_FIELDS)[number];
/** Page sizes of the list; 0 is "all" (document 3 §9). */
export const WORK_TASK_PAGE_SIZES = [50, 100, 500, 0] as const;
export const WORK_TASK_TITLE_MAX = 200;
export const WORK_TASK_MESSAGE_MAX = 4000;
export const HELLO_MSG_MAX = 500;
