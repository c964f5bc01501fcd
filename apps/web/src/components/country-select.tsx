import { COUNTRY_CODES, DEFAULT_LANGUAGE, formattingLocale, isLanguage } from "@kunto/core";
import { useLingui } from "@lingui/react/macro";
import { Select, type SelectProps } from "@mantine/core";
import { useMemo } from "react";

/** Country names in the active language, from the browser's own data (Intl.DisplayNames). */
export function useCountryOptions(): Array<{ value: string; label: string }> {
  const { i18n } = useLingui();
  const locale = formattingLocale(isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE);
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale, "en"], { type: "region" });
    } catch {
      names = null;
    }
    const collator = new Intl.Collator(locale);
    return COUNTRY_CODES.map((code) => ({ value: code, label: names?.of(code) ?? code })).sort((a, b) =>
      collator.compare(a.label, b.label),
    );
  }, [locale]);
}

export function CountrySelect(props: Omit<SelectProps, "data">) {
  const { t } = useLingui();
  const data = useCountryOptions();
  return (
    <Select
      label={t`Country`}
      placeholder={t`Choose a country`}
      searchable
      nothingFoundMessage={t`No matching country`}
      autoComplete="country"
      {...props}
      data={data}
    />
  );
}
