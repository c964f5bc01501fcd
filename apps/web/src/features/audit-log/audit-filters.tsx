import { useLingui } from "@lingui/react/macro";
import { Select, SimpleGrid } from "@mantine/core";
import { DatePickerInput, DatesProvider } from "@mantine/dates";
import { useMemo } from "react";
import { dateInputFormat, datesLocale } from "../surveys/survey-date-input";
import { actionLabel } from "./audit-labels";
import type { AuditFilters } from "./audit-query";

export interface AuditFilterChoices {
  people: ReadonlyArray<{ id: string; name: string }>;
  actions: readonly string[];
  /** Platform admins: the organisations to choose from (null on an organisation's own screen). */
  organisations: ReadonlyArray<{ id: string; name: string }> | null;
}

/** Person, action, first and last day (Europe/Helsinki days), and for platform admins the organisation. */
export function AuditFilterFields({
  filters,
  choices,
  onChange,
}: {
  filters: AuditFilters;
  choices: AuditFilterChoices;
  onChange: <K extends keyof AuditFilters>(key: K, value: AuditFilters[K]) => void;
}) {
  const { t, i18n } = useLingui();
  const collator = useMemo(() => new Intl.Collator(i18n.locale), [i18n.locale]);
  const actions = useMemo(
    () =>
      choices.actions
        .map((action) => ({ value: action, label: actionLabel(action) }))
        .sort((a, b) => collator.compare(a.label, b.label)),
    // The labels change with the language.
    [choices.actions, collator],
  );
  const select = { searchable: true, clearable: true, comboboxProps: { withinPortal: true } } as const;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: choices.organisations ? 5 : 4 }} spacing="sm">
      {choices.organisations ? (
        <Select
          {...select}
          label={t`Organisation`}
          placeholder={t`All organisations`}
          data={choices.organisations.map((o) => ({ value: o.id, label: o.name }))}
          value={filters.tenantId}
          onChange={(value) => onChange("tenantId", value)}
        />
      ) : null}
      <Select
        {...select}
        label={t`Person`}
        placeholder={t`Everyone`}
        data={choices.people.map((p) => ({ value: p.id, label: p.name }))}
        value={filters.userId}
        onChange={(value) => onChange("userId", value)}
      />
      <Select
        {...select}
        label={t`Action`}
        placeholder={t`All actions`}
        data={actions}
        value={filters.action}
        onChange={(value) => onChange("action", value)}
      />
      <DatesProvider settings={{ locale: datesLocale(), firstDayOfWeek: 1 }}>
        <DatePickerInput
          label={t`First day`}
          placeholder={t`Any`}
          valueFormat={dateInputFormat()}
          value={filters.from}
          onChange={(value) => onChange("from", value)}
          clearable
        />
        <DatePickerInput
          label={t`Last day`}
          placeholder={t`Any`}
          valueFormat={dateInputFormat()}
          value={filters.to}
          minDate={filters.from ?? undefined}
          onChange={(value) => onChange("to", value)}
          clearable
        />
      </DatesProvider>
    </SimpleGrid>
  );
}
