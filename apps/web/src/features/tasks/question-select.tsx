import { useLingui } from "@lingui/react/macro";
import { Select } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { SURVEY_TYPE_LABELS } from "../surveys/survey-labels";
import { questionChoices } from "./question-choices";

/** Searchable, clearable choice of a task's survey question, fed by the active templates. */
export function QuestionSelect({
  value,
  onChange,
  enabled,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  enabled: boolean;
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const options = useQuery({ ...trpc.task.questionOptions.queryOptions(), enabled });
  // Until the list is loaded the current key is shown as it is, not as retired.
  const data = questionChoices(
    options.data ?? [],
    value,
    (type) => i18n._(SURVEY_TYPE_LABELS[type]),
    (key) => (options.data ? t`${key} (no longer in use)` : key),
  );
  return (
    <Select
      label={t`Survey question`}
      searchable
      clearable
      value={value}
      onChange={onChange}
      data={data}
      nothingFoundMessage={t`No matching question`}
      comboboxProps={{ withinPortal: false }}
    />
  );
}
