import { SURVEY_TYPES, type SurveyType, surveyDefaults } from "@kunto/core";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { DatePickerInput, DatesProvider } from "@mantine/dates";
import { useForm } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FormButtons } from "../../components/form-buttons";
import { FormErrorAlert, FormInvalidHint, useFormAlert } from "../../components/form-errors";
import { useTRPC } from "../../lib/trpc";
import { NotificationSelect, type NotificationValue } from "./notification-select";
import { dateInputFormat, datesLocale } from "./survey-date-input";
import { SURVEY_TYPE_LABELS } from "./survey-labels";

/**
 * The survey form (document 2 §2, §5, §9): type, dates, expected answers (`estimatedAnswerers`), notifications, name.
 * Used by the create survey page and the onboarding's survey steps (with the type fixed).
 */
export function CreateSurveyForm({
  fixedType,
  onCreated,
  onCancel,
}: {
  fixedType?: SurveyType;
  onCreated: (survey: { key: string }) => Promise<unknown> | unknown;
  onCancel?: () => void;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const defaults = surveyDefaults();
  const form = useForm({
    initialValues: {
      type: (fixedType ?? "") as SurveyType | "",
      dates: [defaults.start, defaults.end] as [string | null, string | null],
      estimatedAnswerers: "" as number | string,
      notifications: "DAILY" as NotificationValue,
      name: "",
    },
    validate: {
      type: (value) => (value ? null : i18n._(msg`Choose the survey type.`)),
      dates: (value) => (value[0] && value[1] ? null : i18n._(msg`Choose a start date and an end date.`)),
    },
  });
  const formAlert = useFormAlert(form, {
    type_error: "type",
    dates_error: "dates",
    dates_in_past_error: "dates",
  });
  // The hint of a refused submit stays until the form is valid or the next submit decides again.
  const invalidShown = formAlert.invalid && !form.isValid();
  const create = useMutation(
    trpc.survey.create.mutationOptions({
      onMutate: formAlert.clear,
      onSuccess: async (survey) => {
        await queryClient.invalidateQueries({ queryKey: trpc.survey.list.queryKey() });
        await onCreated(survey);
      },
      onError: formAlert.onError,
    }),
  );

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        const [start, end] = values.dates;
        if (!values.type || !start || !end) return;
        create.mutate({
          type: values.type,
          start,
          end,
          notifications: values.notifications === "OFF" ? null : values.notifications,
          estimatedAnswerers: values.estimatedAnswerers === "" ? null : Number(values.estimatedAnswerers),
          name: values.name.trim() || null,
        });
      }, formAlert.onInvalid)}
    >
      <Stack gap="md">
        <FormErrorAlert error={formAlert.error} fallback={msg`Analysis creation failed`} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="survey-type-label">
            <Trans>Type</Trans>
          </Text>
          {fixedType ? (
            <Text>{i18n._(SURVEY_TYPE_LABELS[fixedType])}</Text>
          ) : (
            <SegmentedControl
              aria-labelledby="survey-type-label"
              fullWidth
              data={SURVEY_TYPES.map((type) => ({ value: type, label: i18n._(SURVEY_TYPE_LABELS[type]) }))}
              {...form.getInputProps("type")}
            />
          )}
          {form.errors.type ? (
            <Text size="sm" c="red.9">
              {form.errors.type}
            </Text>
          ) : null}
        </Stack>
        <DatesProvider settings={{ locale: datesLocale(), firstDayOfWeek: 1 }}>
          <DatePickerInput
            type="range"
            label={t`Start and end`}
            description={t`We recommend at most two weeks.`}
            valueFormat={dateInputFormat()}
            minDate={defaults.start}
            required
            {...form.getInputProps("dates")}
          />
        </DatesProvider>
        <NumberInput
          label={t`Expected answers`}
          description={t`Participation is counted against this number.`}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps("estimatedAnswerers")}
        />
        <NotificationSelect
          value={form.values.notifications}
          onChange={(value) => form.setFieldValue("notifications", value)}
        />
        <TextInput label={t`Name`} description={t`Optional`} {...form.getInputProps("name")} />
        <Group justify="flex-end" gap="sm">
          {/* §5 "validation errors hint in the bottom bar": after a refused submit, until valid. */}
          <FormInvalidHint shown={invalidShown} />
          {onCancel ? (
            <FormButtons
              onCancel={onCancel}
              loading={create.isPending}
              submitLabel={<Trans>Create survey</Trans>}
            />
          ) : (
            <Button type="submit" loading={create.isPending}>
              <Trans>Create survey</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
