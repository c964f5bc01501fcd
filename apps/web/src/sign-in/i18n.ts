import { formattingLocale, type Language } from "@kunto/core";
import { i18n, type Messages } from "@lingui/core";
import { saveLanguage } from "../lib/language-choice";

/** Only the sign-in page's own messages (a catalog of its own, see lingui.config.ts). */
const catalogs: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import("./locales/en/messages.po"),
  fi: () => import("./locales/fi/messages.po"),
  ee: () => import("./locales/ee/messages.po"),
  ru: () => import("./locales/ru/messages.po"),
  pl: () => import("./locales/pl/messages.po"),
};

/**
 * Loads and activates a language, and keeps it as this device's choice (the app reads the same
 * key, lib/language-choice.ts). Plurals, dates and numbers use the BCP 47 locale (`et` for `ee`).
 */
export async function activate(language: Language): Promise<void> {
  saveLanguage(language);
  if (i18n.locale === language) return;
  const { messages } = await catalogs[language]();
  const locale = formattingLocale(language);
  i18n.loadAndActivate({ locale: language, locales: [locale], messages });
  document.documentElement.lang = locale;
}

export { i18n };
