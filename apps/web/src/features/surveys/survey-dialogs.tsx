import { SURVEY_STATUS } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Modal, NumberInput, Stack, Text } from "@mantine/core";
import { DatePickerInput, DatesProvider } from "@mantine/dates";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormButtons } from "../../components/form-buttons";
import { errorMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import { firstDayChoosable, lastDayMin, scheduleDefaults } from "./schedule-dates";
import { dateInputFormat, datesLocale } from "./survey-date-input";

/**
 * Saves a change of the survey and refreshes what shows it. A failure shows `messageOf(error)`
 * (by default the general handler's text).
 */
export function useUpdateSurvey(
  key: string,
  onDone?: () => void,
  messageOf: (error: unknown) => string = (error) => errorMessage(error),
) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.survey.update.mutationOptions({
      onSuccess: async (survey) => {
        queryClient.setQueryData(trpc.survey.get.queryKey({ key }), survey);
        await queryClient.invalidateQueries({ queryKey: trpc.survey.list.queryKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.survey.statistics.queryKey({ key }) });
        notifications.show({ color: "green", message: t`Saved` });
        onDone?.();
      },
      onError: (error) => notifications.show({ color: "red", message: messageOf(error) }),
    }),
  );
}

/**
 * Edit the schedule, end now, or reopen (§4): while running the dates change and "End now" ends it;
 * once ended the same dialog reopens it with a new last day. The first day starts as the survey's
 * own and stays so once anyone has answered (`scheduleDefaults`).
 */
export function ScheduleDialog({
  survey,
  opened,
  onClose,
}: {
  survey: { key: string; start: string; end: string; status: number; totalAnswers: number };
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const ended = survey.status === SURVEY_STATUS.ended;
  const [defaults] = useState(() => scheduleDefaults(survey));
  const [first, setFirst] = useState<string | null>(defaults.first);
  const [last, setLast] = useState<string | null>(defaults.last);
  const update = useUpdateSurvey(survey.key, onClose);
  return (
    <Modal opened={opened} onClose={onClose} title={ended ? t`Reopen survey` : t`Edit schedule`} size={480}>
      <Stack gap="md">
        {ended ? (
          <Text size="sm">
            <Trans>Choose a new last day: the survey takes answers again until then.</Trans>
          </Text>
        ) : null}
        <DatesProvider settings={{ locale: datesLocale(), firstDayOfWeek: 1 }}>
          <DatePickerInput
            label={t`First day`}
            description={
              defaults.firstFixed ? t`The survey has answers, so its first day stays as it is.` : undefined
            }
            valueFormat={dateInputFormat()}
            value={first}
            onChange={(value) => setFirst(value)}
            readOnly={defaults.firstFixed}
            excludeDate={(day) => !firstDayChoosable(day, defaults.first, defaults.today)}
            required
            data-testid="schedule-first-day"
          />
          <DatePickerInput
            label={t`Last day`}
            valueFormat={dateInputFormat()}
            value={last}
            onChange={(value) => setLast(value)}
            minDate={lastDayMin(first, defaults.today)}
            required
            data-testid="schedule-last-day"
          />
        </DatesProvider>
        {survey.status === SURVEY_STATUS.running ? (
          <Button
            variant="outline"
            color="red.9"
            loading={update.isPending}
            onClick={() => update.mutate({ key: survey.key, endNow: true })}
          >
            <Trans>End now</Trans>
          </Button>
        ) : null}
        <FormButtons
          onCancel={onClose}
          loading={update.isPending}
          disabled={!first || !last}
          onSubmit={() => {
            if (first && last) update.mutate({ key: survey.key, start: first, end: last });
          }}
          submitLabel={ended ? <Trans>Reopen</Trans> : <Trans>Save</Trans>}
        />
      </Stack>
    </Modal>
  );
}

export function EstimatedAnswerersDialog({
  survey,
  opened,
  onClose,
}: {
  survey: { key: string; estimatedAnswerers: number | null };
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [value, setValue] = useState<number | string>(survey.estimatedAnswerers ?? "");
  const update = useUpdateSurvey(survey.key, onClose);
  return (
    <Modal opened={opened} onClose={onClose} title={t`Expected answers`} size={390}>
      <Stack gap="md">
        <NumberInput
          label={t`Expected answers`}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          value={value}
          onChange={setValue}
          data-autofocus
        />
        <FormButtons
          onCancel={onClose}
          loading={update.isPending}
          onSubmit={() =>
            update.mutate({ key: survey.key, estimatedAnswerers: value === "" ? null : Number(value) })
          }
          submitLabel={<Trans>Save</Trans>}
        />
      </Stack>
    </Modal>
  );
}
