import type { AuditVocabulary, Language } from "@kunto/core";
import { EE } from "./ee";
import { EN } from "./en";
import { FI } from "./fi";
import { PL } from "./pl";
import { RU } from "./ru";

/**
 * The audit log's words for the CSV download, in the five languages: the same words as the screen's
 * (apps/web/src/features/audit-log/audit-labels.ts and the web catalogs). The Record types of
 * @kunto/core keep every action, operation, field and code named in each language.
 */
export type AuditTexts = Omit<AuditVocabulary, "language" | "adminOperation" | "moment"> & {
  /** "Platform administration: {operation}". */
  adminOperation: string;
};

const TEXTS: Record<Language, AuditTexts> = { en: EN, fi: FI, ee: EE, ru: RU, pl: PL };

/** The CSV's vocabulary: moments stay ISO 8601, like the `at` column. */
export function auditVocabularyOf(language: Language): AuditVocabulary {
  const texts = TEXTS[language];
  return {
    ...texts,
    language,
    adminOperation: (operation) => texts.adminOperation.replace("{operation}", operation),
  };
}
