import type { Language } from "@kunto/core";
import { Textarea, TextInput } from "@mantine/core";
import { LANGUAGE_NAMES } from "../../lib/i18n";
import type { Texts } from "./editor-state";

/**
 * One template text in the language being edited. English is the one required; another language left
 * empty shows English as its placeholder, which is what respondents see (the content fallback).
 */
export function TextsField({
  label,
  texts,
  language,
  onChange,
  multiline,
  required,
  error,
  id,
}: {
  label: string;
  texts: Texts;
  language: Language;
  onChange: (texts: Texts) => void;
  multiline?: boolean;
  required?: boolean;
  error?: string | null;
  id?: string;
}) {
  const props = {
    id,
    label: `${label} (${LANGUAGE_NAMES[language]})`,
    value: texts[language],
    placeholder: language === "en" ? undefined : texts.en,
    lang: language === "ee" ? "et" : language,
    required: required && language === "en",
    error: language === "en" || !error ? error : undefined,
    maxLength: 2000,
    onChange: (event: { currentTarget: { value: string } }) =>
      onChange({ ...texts, [language]: event.currentTarget.value }),
  };
  return multiline ? <Textarea autosize minRows={2} maxRows={8} {...props} /> : <TextInput {...props} />;
}
