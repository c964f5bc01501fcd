import { WORK_TASK_OPEN_STATUSES, type WorkTaskStatus } from "@kunto/core";
import type { PageSize } from "../../lib/pagination";

/** The list's sorts offered on the screen, as the call's `sortBy`. */
export const SORTS = [
  "createdAt:DESC",
  "createdAt:ASC",
  "title:ASC",
  "status:ASC",
  "assignedUser:ASC",
] as const;
export type Sort = (typeof SORTS)[number];

export interface ListState {
  search: string;
  statuses: WorkTaskStatus[];
  assignees: string[];
  sort: Sort;
  page: number;
  pageSize: PageSize;
}

/** Document 3 §2: RECEIVED, WAITING and INPROGRESS; 50 a page; newest first. */
export const FIRST_STATE: ListState = {
  search: "",
  statuses: [...WORK_TASK_OPEN_STATUSES],
  assignees: [],
  sort: "createdAt:DESC",
  page: 1,
  pageSize: 50,
};

/** The paged call's input; the server's pages start at 0 and size 0 is every row. */
export const pagedInput = (s: ListState) => ({
  pageNo: s.pageSize === "all" ? 0 : s.page - 1,
  pageSize: s.pageSize === "all" ? 0 : s.pageSize,
  sortBy: s.sort,
  searchString: s.search,
  statuses: s.statuses,
  assignedUserIds: s.assignees,
});
