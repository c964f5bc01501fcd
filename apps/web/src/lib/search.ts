/**
 * The list searches of document 1 §5: the search is split on white space and every term must
 * occur in one of the item's fields, case-insensitively.
 */

/** Lower-cased, space-separated search terms; empty terms are dropped. */
export function searchTerms(search: string): string[] {
  return search.toLowerCase().split(/\s+/).filter(Boolean);
}

/** Every term occurs in one of the fields (missing fields are skipped); no terms match all. */
export function matchesTerms(
  terms: readonly string[],
  fields: ReadonlyArray<string | null | undefined>,
): boolean {
  if (terms.length === 0) return true;
  const values = fields
    .filter((value): value is string => Boolean(value))
    .map((value) => value.toLowerCase());
  return terms.every((term) => values.some((value) => value.includes(term)));
}
