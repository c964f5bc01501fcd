import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LANGUAGES } from "@kunto/core";
import { describe, expect, it } from "vitest";
import { EN } from "./en";
import { auditVocabularyOf } from "./index";

/** `key: msg\`text\`` pairs of one table of the screen's labels (the web file is Lingui macros). */
function screenLabels(table: string): Record<string, string> {
  const source = readFileSync(
    join(import.meta.dirname, "../../../web/src/features/audit-log/audit-labels.ts"),
    "utf8",
  );
  const start = source.indexOf(`const ${table}`);
  const block = source.slice(start, source.indexOf("\n};", start));
  return Object.fromEntries(
    [...block.matchAll(/^\s*"?([\w.]+)"?: msg`([^`]*)`,$/gm)].map((m) => [m[1], m[2]]),
  );
}

describe("the CSV's audit words (issue 20.5)", () => {
  it("are the screen's English words", () => {
    expect(EN.actions).toEqual(screenLabels("ACTION_LABELS"));
    expect(EN.adminOperations).toEqual(screenLabels("ADMIN_OPERATION_LABELS"));
    expect(EN.fields).toEqual(screenLabels("FIELD_LABELS"));
    expect(EN.targets).toEqual(screenLabels("TARGET_LABELS"));
  });

  it("fill every text in every language and name the admin operation", () => {
    for (const language of LANGUAGES) {
      const vocabulary = auditVocabularyOf(language);
      const texts: string[] = [
        ...Object.values(vocabulary.actions),
        ...Object.values(vocabulary.adminOperations),
        ...Object.values(vocabulary.fields),
        ...Object.values(vocabulary.targets),
        ...Object.values(vocabulary.codes).flatMap((codes: Record<string, string>) => Object.values(codes)),
      ];
      expect(
        texts.filter((text) => !text.trim()),
        language,
      ).toEqual([]);
      expect(vocabulary.adminOperation("X"), language).toMatch(/: X$/);
      expect(vocabulary.adminOperation("X"), language).not.toContain("{operation}");
    }
    expect(auditVocabularyOf("fi").adminOperation("Loi käyttäjän")).toBe("Palvelun ylläpito: Loi käyttäjän");
  });
});
