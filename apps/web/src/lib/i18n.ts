import { DEFAULT_LANGUAGE, formattingLocale, isLanguage, type Language } from "@kunto/core";
import { i18n, type Messages } from "@lingui/core";
import { storage } from "./storage";

const STORAGE_KEY = "kunto.language";
const CHOSEN_KEY = "kunto.languageChosenSignedOut";

const catalogs: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import("../locales/en/messages.po"),
  fi: () => import("../locales/fi/messages.po"),
  ee: () => import("../locales/ee/messages.po"),
  ru: () => import("../locales/ru/messages.po"),
  pl: () => import("../locales/pl/messages.po"),
};

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

export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE);

/**
 * Loads and activates a catalog. Plurals, dates and numbers use the BCP 47 locale
 * (`et` for `ee`, DECISIONS.md "Other").
 */
export async function activateLanguage(language: Language): Promise<void> {
  storage.set(STORAGE_KEY, language);
  if (i18n.locale === language) return;
  const { messages } = await catalogs[language]();
  const locale = formattingLocale(language);
  i18n.loadAndActivate({ locale: language, locales: [locale], messages });
  document.documentElement.lang = locale;
}

/** Remembers that the language was picked by hand before sign-in (see syncUserLanguage). */
export function markLanguageChosenSignedOut(): void {
  storage.set(CHOSEN_KEY, "1");
}

/**
 * After sign-in the user's saved language wins, unless they picked one by hand on the sign-in
 * pages just before: then that choice is kept and returned, for saving to their profile.
 */
export async function syncUserLanguage(saved: string): Promise<Language | null> {
  const chosen = storage.get(CHOSEN_KEY) === "1";
  storage.set(CHOSEN_KEY, null);
  const active = currentLanguage();
  if (chosen) return saved === active ? null : active;
  if (isLanguage(saved) && saved !== active) await activateLanguage(saved);
  return null;
}
