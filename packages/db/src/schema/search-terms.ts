import { customType } from "drizzle-orm/pg-core";

/**
 * A search term (docs/decisions.md "Search at volume"): text in the "C" collation, so a word
 * prefix is a plain byte range (`term >= w and term < w || U+10FFFF`) on the b-tree.
 */
export const searchTerm = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });
