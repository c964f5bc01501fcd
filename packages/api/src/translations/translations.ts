import { generatePublicKey } from "@kunto/auth";
import { AppError, LANGUAGES, type Language } from "@kunto/core";
import { type Db, schema, type Tx } from "@kunto/db";
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { builtInTexts, interfaceTexts, MAIL_PREFIX, mailTexts, type Texts, UI_PREFIX } from "./catalog";
import { compileIcu, samePlaceholders } from "./icu";

/**
 * The translations editor (document 3 §2, §3, §7; docs/decisions.md "Translations editor"). One
 * list of three sources: the `translations` table (content texts, custom translations), the web
 * client's interface messages (`ui.<id>`) and the mail texts (`mail.<kind>.<part>`); for the last
 * two the table holds only overrides.
 */
const t = schema.translations;
export const CUSTOM_PREFIX = "custom.";
/** The free text's part of a new tid (document 3 §9). */
export const FREE_TEXT_MAX = 222;
const EMPTY = (): Texts => ({ en: "", fi: "", ee: "", ru: "", pl: "" });

export type Kind = "content" | "interface" | "mail";
export interface Row {
  tid: string;
  kind: Kind;
  /** What each language shows: the stored text, else the built-in one ("" where none). */
  texts: Texts;
  /** The built-in texts of an interface or mail tid; null for a database translation. */
  builtIn: Texts | null;
  /** The languages with a stored text. */
  stored: Language[];
}

const kindOf = (tid: string): Kind =>
  tid.startsWith(UI_PREFIX) ? "interface" : tid.startsWith(MAIL_PREFIX) ? "mail" : "content";

/** Stored texts by tid; `search` terms must each occur in the tid or one of its texts. */
async function storedTexts(tx: Tx, terms: string[] = [], tids?: string[]) {
  const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await tx
    .select({ tid: t.tid, texts: sql<Record<Language, string>>`jsonb_object_agg(${t.language}, ${t.text})` })
    .from(t)
    .where(tids ? inArray(t.tid, tids) : undefined)
    .groupBy(t.tid)
    .having(
      terms.length
        ? and(
            ...terms.map(
              (term) => sql`(${t.tid} ilike ${like(term)} or bool_or(${t.text} ilike ${like(term)}))`,
            ),
          )
        : undefined,
    );
  return new Map(rows.map((row) => [row.tid, row.texts]));
}

function rowOf(tid: string, stored: Partial<Texts> | undefined): Row {
  const builtIn = builtInTexts(tid);
  const texts = EMPTY();
  for (const language of LANGUAGES) texts[language] = stored?.[language] || builtIn?.[language] || "";
  const storedLanguages = LANGUAGES.filter((l) => stored?.[l]);
  return { tid, kind: kindOf(tid), texts, builtIn, stored: storedLanguages };
}

const builtInCatalog = (): Array<[string, Texts]> => [...interfaceTexts(), ...mailTexts()];

/** A page of every translation sorted by tid, with the search in the tid and every language's text. */
export async function listPage(tx: Tx, input: { page: number; pageSize: number | "all"; search: string }) {
  const terms = input.search.toLowerCase().split(/\s+/).filter(Boolean);
  const stored = await storedTexts(tx, terms);
  const matches = (tid: string, texts: Texts) =>
    terms.every(
      (term) =>
        tid.toLowerCase().includes(term) || LANGUAGES.some((l) => texts[l].toLowerCase().includes(term)),
    );
  const tids = new Set(stored.keys());
  for (const [tid, texts] of builtInCatalog()) {
    if (tids.has(tid)) continue;
    // A built-in text matches on its own words, or on an override's found in SQL above.
    if (matches(tid, texts)) tids.add(tid);
  }
  // An override that itself did not match still shows its built-in tid when that matches.
  const missing = [...tids].filter((tid) => !stored.has(tid) && builtInTexts(tid));
  const overrides = missing.length ? await storedTexts(tx, [], missing) : new Map<string, Texts>();
  const sorted = [...tids].sort();
  const size = input.pageSize === "all" ? Math.max(1, sorted.length) : input.pageSize;
  const page = input.pageSize === "all" ? 1 : input.page;
  const items = sorted
    .slice((page - 1) * size, page * size)
    .map((tid) => rowOf(tid, stored.get(tid) ?? overrides.get(tid)));
  return { total: sorted.length, page, items };
}

/** Every stored translation, by tid (GET /translation). */
export async function listAll(tx: Tx) {
  const stored = await storedTexts(tx);
  return [...stored.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([tid, texts]) => ({ tid, texts: { ...EMPTY(), ...texts } }));
}

/** tid → text in the language, English where the language has none (GET /translation/{lang}). */
export async function mapOf(tx: Tx, language: Language): Promise<Record<string, string>> {
  const rows = await tx
    .select({ tid: t.tid, language: t.language, text: t.text })
    .from(t)
    .where(inArray(t.language, language === "en" ? ["en"] : ["en", language]));
  const map: Record<string, string> = {};
  for (const row of rows) if (row.language === language || !(row.tid in map)) map[row.tid] = row.text;
  return map;
}

export async function getOne(tx: Tx, tid: string): Promise<Row> {
  const stored = (await storedTexts(tx, [], [tid])).get(tid);
  if (!stored && !builtInTexts(tid)) throw new AppError("not_found");
  return rowOf(tid, stored);
}

/**
 * Saves one translation: a language's empty text (or, for an interface or mail text, one equal to
 * the built-in) stores none. A database translation keeps an English text, the others' fallback;
 * an override keeps its built-in text's placeholders.
 */
export async function save(tx: Tx, tid: string, texts: Partial<Texts>, creating = false): Promise<Row> {
  const builtIn = builtInTexts(tid);
  if (!creating && !builtIn) {
    const [known] = await tx.select({ tid: t.tid }).from(t).where(eq(t.tid, tid)).limit(1);
    if (!known) throw new AppError("not_found");
  }
  if (!builtIn && (tid.startsWith(UI_PREFIX) || tid.startsWith(MAIL_PREFIX))) throw new AppError("not_found");
  const wanted = LANGUAGES.map((language) => ({ language, text: (texts[language] ?? "").trim() })).filter(
    ({ language, text }) => text && text !== builtIn?.[language]?.trim(),
  );
  if (!builtIn && !wanted.some((w) => w.language === "en"))
    throw new AppError("validation_failed", { fields: { "texts.en": "field_required" } });
  if (builtIn) {
    const wrong = wanted.filter(
      ({ language, text }) => !samePlaceholders(builtIn[language] || builtIn.en, text),
    );
    if (wrong.length)
      throw new AppError("translations.placeholders_mismatch", {
        fields: Object.fromEntries(
          wrong.map(({ language }) => [`texts.${language}`, "translations.placeholders_mismatch"]),
        ),
      });
  }
  const kept = wanted.map((w) => w.language);
  await tx.delete(t).where(and(eq(t.tid, tid), kept.length ? notInArray(t.language, kept) : undefined));
  if (wanted.length)
    await tx
      .insert(t)
      .values(wanted.map(({ language, text }) => ({ tid, language, text })))
      .onConflictDoUpdate({
        target: [t.tid, t.language],
        set: { text: sql`excluded.text`, updatedAt: new Date() },
      });
  return getOne(tx, tid);
}

/** A new translation's tid: the prefix, the free text cut at 222 characters, a generated id. */
export const newTid = (freeText: string) =>
  `${CUSTOM_PREFIX}${freeText.trim().slice(0, FREE_TEXT_MAX)}.${generatePublicKey()}`;

/** Creates a translation from free text; the free text is its English text unless one is given. */
export function create(tx: Tx, freeText: string, texts: Partial<Texts>): Promise<Row> {
  return save(tx, newTid(freeText), { ...texts, en: texts.en?.trim() || freeText.trim() }, true);
}

/**
 * The interface overrides of a language, compiled for Lingui's runtime, keyed by message id. A
 * language without its own override but whose catalog lacks the text takes the English override.
 */
export async function interfaceOverrides(tx: Db | Tx, language: Language) {
  const rows = await tx
    .select({ tid: t.tid, language: t.language, text: t.text })
    .from(t)
    .where(
      and(
        sql`${t.tid} like ${`${UI_PREFIX}%`}`,
        inArray(t.language, language === "en" ? ["en"] : ["en", language]),
      ),
    );
  const texts = new Map<string, string>();
  for (const row of rows) {
    if (row.language === language) texts.set(row.tid, row.text);
    else if (!texts.has(row.tid) && !interfaceTexts().get(row.tid)?.[language]) texts.set(row.tid, row.text);
  }
  const messages: Record<string, ReturnType<typeof compileIcu>> = {};
  for (const [tid, text] of texts) messages[tid.slice(UI_PREFIX.length)] = compileIcu(text);
  return { messages };
}
