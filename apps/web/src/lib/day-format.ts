/**
 * One date format per language everywhere (issue 19.8): the day as the date pickers take it,
 * DD.MM.YYYY (DD/MM/YYYY in English, as in the United Kingdom). Lists, cards, dialogs, the task
 * due date and the respondent page use it; files use ISO dates. No imports: the respondent page's
 * small entry takes it too.
 */
export const DAY_FORMAT: Intl.DateTimeFormatOptions = { day: "2-digit", month: "2-digit", year: "numeric" };

/** The locale that writes a product language's dates (`et` for `ee`, `en-GB` for English). */
export const dayLocale = (language: string): string =>
  language === "en" ? "en-GB" : language === "ee" ? "et" : language;
