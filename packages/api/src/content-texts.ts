import { generatePublicKey } from "@kunto/auth";
import { LANGUAGES, type Language, type TContentTexts } from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { inArray, sql } from "drizzle-orm";

/**
 * Texts of platform content (categories, suggested tasks) in the `translations` table by tid. Unlike
 * a survey template's texts, these are edited in place: a category or suggested task has one wording
 * that every account reads, and a change applies at the next read (no restart, no cache).
 */
export type Texts = Record<Language, string>;
export const EMPTY_TEXTS: Texts = { en: "", fi: "", ee: "", ru: "", pl: "" };

/** The texts of the tids, every language filled (English where one has no text). */
export async function textsOf(tx: Tx, tids: Array<string | null>): Promise<Map<string, Texts>> {
  const wanted = [...new Set(tids.filter((t): t is string => !!t))];
  const map = new Map<string, Texts>();
  if (wanted.length === 0) return map;
  const rows = await tx.select().from(schema.translations).where(inArray(schema.translations.tid, wanted));
  for (const row of rows) {
    const texts = map.get(row.tid) ?? { ...EMPTY_TEXTS };
    texts[row.language] = row.text;
    map.set(row.tid, texts);
  }
  for (const texts of map.values()) for (const l of LANGUAGES) texts[l] ||= texts.en;
  return map;
}

export const textOr = (map: Map<string, Texts>, tid: string, fallback = ""): Texts =>
  map.get(tid) ?? { en: fallback, fi: fallback, ee: fallback, ru: fallback, pl: fallback };

export const newContentTid = (prefix: string) => `${prefix}.${generatePublicKey()}`;

/** Writes (or overwrites) the five texts of a tid; an empty language is stored as English. */
export async function writeTexts(tx: Tx, tid: string, texts: TContentTexts): Promise<void> {
  const rows = LANGUAGES.map((language) => ({
    tid,
    language,
    text: (texts[language] ?? "").trim() || texts.en.trim(),
  }));
  await tx
    .insert(schema.translations)
    .values(rows)
    .onConflictDoUpdate({
      target: [schema.translations.tid, schema.translations.language],
      set: { text: sql`excluded.text`, updatedAt: new Date() },
    });
}

export async function deleteTexts(tx: Tx, tids: string[]): Promise<void> {
  if (tids.length) await tx.delete(schema.translations).where(inArray(schema.translations.tid, tids));
}
