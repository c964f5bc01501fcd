import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** msgid → msgstr of a .po catalog (single-line entries, as `lingui extract` writes them). */
function readCatalog(language: string): Map<string, string> {
  const text = readFileSync(join(import.meta.dirname, language, "messages.po"), "utf8");
  const entries = new Map<string, string>();
  const pattern = /^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"$/gm;
  for (const match of text.matchAll(pattern)) {
    const [, id = "", translation = ""] = match;
    if (id) entries.set(id, translation);
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]).sort();

describe("translation catalogs", () => {
  const source = readCatalog("en");

  it("have messages", () => {
    expect(source.size).toBeGreaterThan(200);
  });

  for (const language of ["fi", "ee", "ru", "pl"]) {
    it(`${language} translates every message and keeps its placeholders`, () => {
      const catalog = readCatalog(language);
      expect([...catalog.keys()].sort()).toEqual([...source.keys()].sort());
      const untranslated = [...catalog].filter(([, translation]) => translation.trim() === "").map(([id]) => id);
      expect(untranslated).toEqual([]);
      const broken = [...catalog].filter(([id, translation]) => {
        const wanted = new Set(placeholders(id));
        return [...wanted].some((p) => !placeholders(translation).includes(p));
      });
      expect(broken.map(([id]) => id)).toEqual([]);
    });
  }
});
