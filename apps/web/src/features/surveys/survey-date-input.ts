import type { Language } from "@kunto/core";
// The date pickers' month and day names in each language (Mantine dates formats with dayjs).
import "dayjs/locale/et";
import "dayjs/locale/fi";
import "dayjs/locale/pl";
import "dayjs/locale/ru";
import { currentLanguage } from "../../lib/i18n";

/**
 * How dates are typed and shown in the pickers: DD.MM.YYYY (§2), or the language's own order where
 * it differs (English as in the United Kingdom, with slashes).
 */
const DATE_FORMATS: Record<Language, string> = {
  en: "DD/MM/YYYY",
  fi: "DD.MM.YYYY",
  ee: "DD.MM.YYYY",
  ru: "DD.MM.YYYY",
  pl: "DD.MM.YYYY",
};
export const dateInputFormat = () => DATE_FORMATS[currentLanguage()];
/** dayjs's locale of the active language (`et` for `ee`). */
export const datesLocale = () => {
  const language = currentLanguage();
  return language === "ee" ? "et" : language;
};
