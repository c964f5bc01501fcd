import { CRM_ALL_ROWS, CRM_DEFAULT_PAGE_SIZE } from "@kunto/core";
import type { Tx } from "@kunto/db";
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

/**
 * Plans this transaction's statements for their own values (docs/decisions.md "Search at
 * volume"). A prepared page query, after five runs, may keep PostgreSQL's generic plan, made for
 * an unknown LIMIT and OFFSET: for the ids-first page that was a hash join over a read of every
 * row of the organisation (page 1,000 of 100,000 persons: ~38 ms p50 instead of ~13 ms).
 */
export const planForTheseValues = (tx: Tx) =>
  tx.execute(sql`select set_config('plan_cache_mode', 'force_custom_plan', true)`);

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
 * The total of a one-word search, from the term table alone (an index range, no parent row read
 * under row-level security), `where` naming the tenant and any filter the term rows carry (alias
 * `w`). A prefix range holds a contiguous run of each parent's sorted terms, so a parent matches
 * once through the row that starts its run: the row whose `prev_term` is null or sorts before the
 * word (migration 0036). Counting those index entries needs no distinct (100,000 persons matching
 * "last": ~18 ms instead of ~50 ms). Two or more words count over the parent instead: there the
 * rarest word drives the plan, where an INTERSECT of the terms would read every id of the
 * commonest word.
 */
export function countFromTerms(
  table: "party_search_terms" | "person_search_terms" | "work_task_search_terms",
  word: string,
  where: SQL,
): SQL {
  const { low, high } = prefixRange(word);
  return sql`select count(*)::int as n from ${sql.raw(table)} w
    where ${where} and w.term >= ${low} and w.term < ${high}
      and (w.prev_term is null or w.prev_term < ${low})`;
}
