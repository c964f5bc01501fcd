import { formattingLocale, type Language } from "@kunto/core";
import { i18n, type Messages } from "@lingui/core";
import { loadOverridesIfActive, overridesForFirstRender } from "../lib/interface-overrides";
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
  const overrides = overridesForFirstRender(language);
  const [{ messages }, first] = await Promise.all([catalogs[language](), overrides.now]);
  const locale = formattingLocale(language);
  i18n.loadAndActivate({ locale: language, locales: [locale], messages: { ...messages, ...first } });
  // Overrides of the translations editor that came late are loaded when they come.
  void overrides.later.then((late) => loadOverridesIfActive(i18n, language, late));
  document.documentElement.lang = locale;
}

export { i18n };
