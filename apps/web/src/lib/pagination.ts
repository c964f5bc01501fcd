/**
 * Paging of lists held in the client (document 1 §9): page sizes from @kunto/core
 * (ADMIN_PAGE_SIZES, APP_USER_PAGE_SIZES) or every row. Pages are 1-based.
 */

/** Rows per page: a number, or every row. */
export type PageSize = number | "all";

/** A page-size select's value back as a page size: one of `sizes`, else every row. */
export const parsePageSize = (value: string | null, sizes: readonly number[]): PageSize =>
  sizes.find((size) => String(size) === value) ?? "all";

export function pageCount(total: number, size: PageSize): number {
  return size === "all" ? 1 : Math.max(1, Math.ceil(total / size));
}

/** Rows of a page; a page past the end shows the last one. */
export function pageOf<T>(rows: readonly T[], page: number, size: PageSize): T[] {
  if (size === "all") return [...rows];
  const current = Math.min(Math.max(1, page), pageCount(rows.length, size));
  return rows.slice((current - 1) * size, current * size);
}

/** Positions of the page's first and last row ("51–100 of 120"); both 0 for an empty list. */
export function pageRange(total: number, page: number, size: PageSize): { first: number; last: number } {
  if (total === 0) return { first: 0, last: 0 };
  if (size === "all") return { first: 1, last: total };
  return { first: (page - 1) * size + 1, last: Math.min(total, page * size) };
}
