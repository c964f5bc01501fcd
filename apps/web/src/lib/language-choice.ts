import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@kunto/core";
import { storage } from "./storage";

/**
 * The interface language chosen on this device, shared by the app (lib/i18n.ts) and the light
 * sign-in page (src/sign-in): no catalog and no zod here, so the sign-in page's first load stays
 * small (docs/decisions.md "The light sign-in page").
 */
const STORAGE_KEY = "kunto.language";
const CHOSEN_KEY = "kunto.languageChosenSignedOut";

/** Names of the languages in themselves, so anyone can find their own. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  fi: "Suomi",
  ee: "Eesti",
  ru: "Русский",
  pl: "Polski",
};

/** Browser language tags to product languages (`et` is Estonian, the product says `ee`). */
function fromBrowserTag(tag: string): Language | null {
  const base = tag.toLowerCase().split("-")[0] ?? "";
  if (base === "et") return "ee";
  return isLanguage(base) ? base : null;
}

/** The language before sign-in: the last one chosen on this device, else the browser's. */
export function detectLanguage(): Language {
  const saved = storage.get(STORAGE_KEY);
  if (saved && isLanguage(saved)) return saved;
  for (const tag of globalThis.navigator?.languages ?? []) {
    const language = fromBrowserTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** Remembers the active language on this device (detectLanguage's first answer). */
export function saveLanguage(language: Language): void {
  storage.set(STORAGE_KEY, language);
}

/** Remembers that the language was picked by hand before sign-in (see syncUserLanguage). */
export function markLanguageChosenSignedOut(): void {
  storage.set(CHOSEN_KEY, "1");
}

/** Whether the language was picked by hand before sign-in; asking forgets it. */
export function takeLanguageChosenSignedOut(): boolean {
  const chosen = storage.get(CHOSEN_KEY) === "1";
  storage.set(CHOSEN_KEY, null);
  return chosen;
}
