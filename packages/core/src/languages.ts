/** Interface and content languages. `ee` is the product's code for Estonian. */
export const LANGUAGES = ["en", "fi", "ee", "ru", "pl"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
export const isLanguage = (value: string): value is Language =>
  (LANGUAGES as readonly string[]).includes(value);
/** BCP 47 locale for date and number formatting (`ee` formats as `et`). */
export const formattingLocale = (language: Language): string => (language === "ee" ? "et" : language);
