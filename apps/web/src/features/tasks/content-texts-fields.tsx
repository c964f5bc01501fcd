import { LANGUAGES } from "@kunto/core";
import { Fieldset, Stack, Textarea, TextInput } from "@mantine/core";
import { LANGUAGE_NAMES } from "../../lib/i18n";

export type Texts = { en: string; fi: string; ee: string; ru: string; pl: string };
export const EMPTY_TEXTS: Texts = { en: "", fi: "", ee: "", ru: "", pl: "" };

/** A content text in all five languages; English required, the others fall back to it. */
export function ContentTextsFields({
  legend,
  texts,
  onChange,
  multiline,
  required,
  error,
}: {
  legend: string;
  texts: Texts;
  onChange: (texts: Texts) => void;
  multiline?: boolean;
  required?: boolean;
  error?: string | null;
}) {
  return (
    <Fieldset legend={legend} variant="unstyled">
      <Stack gap={6}>
        {LANGUAGES.map((language) => {
          const props = {
            label: LANGUAGE_NAMES[language],
            value: texts[language],
            lang: language === "ee" ? "et" : language,
            placeholder: language === "en" ? undefined : texts.en,
            required: required && language === "en",
            error: language === "en" ? error : undefined,
            maxLength: 2000,
            onChange: (e: { currentTarget: { value: string } }) =>
              onChange({ ...texts, [language]: e.currentTarget.value }),
          };
          return multiline ? (
            <Textarea key={language} autosize minRows={1} {...props} />
          ) : (
            <TextInput key={language} {...props} />
          );
        })}
      </Stack>
    </Fieldset>
  );
}
