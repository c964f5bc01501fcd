import type { PageSize } from "../../lib/pagination";

/** The server's page parameters (pageNo from 0; pageSize 0 for all) of a 1-based page and a size. */
export const serverPage = (page: number, size: PageSize) => ({
  pageNo: size === "all" ? 0 : page - 1,
  pageSize: size === "all" ? 0 : size,
});
