import type { PageSize } from "../../lib/pagination";

/**
 * The admin query of a page: the first one is what the route's loader prefetches. In a module of
 * its own because a route's loader stays in the entry chunk and must import no page module
 * (docs/decisions.md "The signed-in dashboard's first load").
 */
export const adminPageInput = (page: number, pageSize: PageSize) => ({
  page,
  pageSize: String(pageSize) as "50" | "100" | "500" | "all",
});
