import { DEFAULT_LANGUAGE, formattingLocale, isLanguage, type Language } from "@kunto/core";
import { i18n, type Messages } from "@lingui/core";
import { saveLanguage, takeLanguageChosenSignedOut } from "./language-choice";

export {
  detectLanguage,
  LANGUAGE_NAMES,
  markLanguageChosenSignedOut,
} from "./language-choice";

const catalogs: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import("../locales/en/messages.po"),
  fi: () => import("../locales/fi/messages.po"),
  ee: () => import("../locales/ee/messages.po"),
  ru: () => import("../locales/ru/messages.po"),
  pl: () => import("../locales/pl/messages.po"),
};

export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE);

/**
 * Loads and activates a catalog. Plurals, dates and numbers use the BCP 47 locale
 * (`et` for `ee`, DECISIONS.md "Other").
 */
export async function activateLanguage(language: Language): Promise<void> {
  saveLanguage(language);
  if (i18n.locale === language) return;
  const { messages } = await catalogs[language]();
  const locale = formattingLocale(language);
  i18n.loadAndActivate({ locale: language, locales: [locale], messages });
  document.documentElement.lang = locale;
}

/**
 * After sign-in the user's saved language wins, unless they picked one by hand on the sign-in
 * pages just before: then that choice is kept and returned, for saving to their profile.
 */
export async function syncUserLanguage(saved: string): Promise<Language | null> {
  const chosen = takeLanguageChosenSignedOut();
  const active = currentLanguage();
  if (chosen) return saved === active ? null : active;
  if (isLanguage(saved) && saved !== active) await activateLanguage(saved);
  return null;
}
