import { CRM_ALL_ROWS, CRM_DEFAULT_PAGE_SIZE } from "@kunto/core";
import { z } from "zod";

/**
 * Document 3's page parameters for the party and person lists (issue 22), as the work task list
 * takes them: `pageNo` from 0, `pageSize` 50, 100, 500 or 0 for all.
 */
export const ZPageParams = z.object({
  pageNo: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => n === 0 || n === 50 || n === 100 || n === 500, "validation_failed")
    .default(CRM_DEFAULT_PAGE_SIZE)
    .meta({ description: "50, 100 or 500 rows a page; 0: every row (at most 100,000)." }),
});
export type PageParams = z.infer<typeof ZPageParams>;

export const limitOf = (p: PageParams) => (p.pageSize === 0 ? CRM_ALL_ROWS : p.pageSize);
export const offsetOf = (p: PageParams) => (p.pageSize === 0 ? 0 : p.pageNo * p.pageSize);

/** A search text as a LIKE pattern on the lower-cased search column: `%`, `_` and `\\` match themselves. */
export const containsPattern = (search: string) =>
  `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const ZSearch = z.string().trim().max(200, "too_long").nullish();

export const pageOf = <T>(content: T[], totalElements: number) => ({ content, totalElements });
