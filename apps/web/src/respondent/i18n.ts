import { i18n, type Messages } from "@lingui/core";
import { loadOverridesIfActive, overridesForFirstRender } from "../lib/interface-overrides";
import type { Language } from "./api";
import { keepLoaded } from "./offline";

/** Only the respondent page's own messages (a catalog of its own, see lingui.config.ts). */
const catalogs: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import("./locales/en/messages.po"),
  fi: () => import("./locales/fi/messages.po"),
  ee: () => import("./locales/ee/messages.po"),
  ru: () => import("./locales/ru/messages.po"),
  pl: () => import("./locales/pl/messages.po"),
};

export const LANGUAGES: Language[] = ["en", "fi", "ee", "ru", "pl"];
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  fi: "Suomi",
  ee: "Eesti",
  ru: "Русский",
  pl: "Polski",
};
const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** BCP 47 tag of a product language (`ee` is Estonian, `et`). */
export const localeOf = (language: Language) => (language === "ee" ? "et" : language);

/** The invitation's `lang` (in the hash's query or the page's), else the browser's, else English. */
export function linkLanguage(hashQuery: string): Language | null {
  const fromHash = new URLSearchParams(hashQuery).get("lang");
  const fromSearch = new URLSearchParams(location.search).get("lang");
  for (const value of [fromHash, fromSearch]) if (isLanguage(value)) return value;
  return null;
}

export function browserLanguage(): Language {
  for (const tag of navigator.languages ?? []) {
    const base = tag.toLowerCase().split("-")[0] ?? "";
    const language = base === "et" ? "ee" : base;
    if (isLanguage(language)) return language;
  }
  return "en";
}

export async function activate(language: Language): Promise<void> {
  const overrides = overridesForFirstRender(language);
  const [{ messages }, first] = await Promise.all([catalogs[language](), overrides.now]);
  i18n.loadAndActivate({
    locale: language,
    locales: [localeOf(language)],
    messages: { ...messages, ...first },
  });
  // Overrides of the translations editor that came late are loaded when they come.
  void overrides.later.then((late) => loadOverridesIfActive(i18n, language, late));
  document.documentElement.lang = localeOf(language);
  // This language's catalog, for a reload while offline (issue 19.4).
  void keepLoaded();
}

export { i18n };
