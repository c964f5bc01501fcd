import { CRM_ALL_ROWS, CRM_DEFAULT_PAGE_SIZE } from "@kunto/core";
import { type SQL, sql } from "drizzle-orm";
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

/**
 * The words of a search box (docs/decisions.md "Search at volume"), as the database's
 * `kunto_search_words` splits a stored text into terms: lower-cased, split on white space and
 * punctuation other than `@ . _ % + -`, at most 64 characters each, at most 10 words.
 */
export function searchWords(search: string | null | undefined): string[] {
  const words = (search ?? "")
    .toLowerCase()
    .split(/[\s!"#$&'()*,/:;<=>?[\\\]^`{|}~]+/)
    .filter(Boolean)
    .map((w) => Array.from(w).slice(0, 64).join(""));
  return [...new Set(words)].slice(0, 10);
}

/**
 * The terms starting with a word: `term >= low and term < high` in the "C" collation, a b-tree
 * range (leakproof comparisons, so an index condition under row-level security, where `LIKE` is
 * not). U+10FFFF sorts after every character.
 */
export const prefixRange = (word: string) => ({ low: word, high: `${word}\u{10FFFF}` });

export const ZSearch = z.string().trim().max(200, "too_long").nullish();

export const pageOf = <T>(content: T[], totalElements: number) => ({ content, totalElements });

/**
 * The total of a one-word search that is the only filter, from the term table alone (an index
 * range, no parent row read under row-level security): the ids having a term starting with the
 * word. A word every row has ("last" of 100,000 persons) counts in a fraction of the parent count's
 * time. Two or more words count over the parent instead: there the rarest word drives the plan,
 * where an INTERSECT of the terms would read every id of the commonest word.
 */
export function countFromTerms(
  table: "party_search_terms" | "person_search_terms",
  tenantId: string,
  word: string,
): SQL {
  const id = sql.raw(table === "party_search_terms" ? "party_id" : "person_id");
  const { low, high } = prefixRange(word);
  return sql`select count(distinct ${id})::int as n from ${sql.raw(table)}
    where tenant_id = ${tenantId} and term >= ${low} and term < ${high}`;
}
