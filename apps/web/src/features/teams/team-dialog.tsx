import { parseEmails, recipientLimit, SURVEY_TYPES, type SurveyType } from "@kunto/core";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FormButtons } from "../../components/form-buttons";
import { FormErrorAlert, useFormAlert } from "../../components/form-errors";
import { PLAN_LABELS } from "../../lib/labels";
import { useTRPC } from "../../lib/trpc";
import { useCurrentTenant } from "../../lib/use-me";
import { TEAM_TYPE_LABELS } from "../surveys/survey-labels";

export interface TeamValues {
  key: string;
  name: string;
  type: SurveyType;
  description: string | null;
  answerers: Array<{ email: string }>;
}

export function TeamDialog({
  tenantId,
  team,
  opened,
  onClose,
  defaultType,
}: {
  tenantId: string;
  /** The team to edit; null creates one. */
  team: TeamValues | null;
  opened: boolean;
  onClose: () => void;
  /** The type a new team starts with (the onboarding's team steps). */
  defaultType?: SurveyType;
}) {
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={team ? t`Edit team` : t`New team`} size={600}>
      {opened ? (
        <TeamForm tenantId={tenantId} team={team} onClose={onClose} defaultType={defaultType} />
      ) : null}
    </Modal>
  );
}

/**
 * A team (document 2 §5): type and name required, the type fixed once saved; recipients are the
 * e-mail addresses found in free text, duplicates ignored, at most the plan's answerer limit.
 */
function TeamForm({
  tenantId,
  team,
  onClose,
  defaultType,
}: {
  tenantId: string;
  team: TeamValues | null;
  onClose: () => void;
  defaultType?: SurveyType;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const plan = useCurrentTenant(tenantId)?.plan ?? "FREE";
  const form = useForm({
    initialValues: {
      name: team?.name ?? "",
      type: (team?.type ?? defaultType ?? "") as SurveyType | "",
      description: team?.description ?? "",
      recipients: team?.answerers.map((a) => a.email).join("\n") ?? "",
    },
    validate: {
      name: (value) => (value.trim() ? null : t`Field is required`),
      type: (value) => (value ? null : t`Choose the survey type.`),
    },
  });
  const formAlert = useFormAlert(form, {});
  const parsed = parseEmails(form.values.recipients);
  const limit = recipientLimit(plan, parsed.emails.length);
  const nextPlan = limit.nextPlan ? i18n._(PLAN_LABELS[limit.nextPlan]) : null;
  const onSuccess = async () => {
    notifications.show({ color: "green", message: t`The team has been saved.` });
    await queryClient.invalidateQueries({ queryKey: trpc.team.list.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.team.lite.queryKey() });
    onClose();
  };
  const create = useMutation(
    trpc.team.create.mutationOptions({ onMutate: formAlert.clear, onSuccess, onError: formAlert.onError }),
  );
  const update = useMutation(
    trpc.team.update.mutationOptions({ onMutate: formAlert.clear, onSuccess, onError: formAlert.onError }),
  );

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        if (parsed.invalid.length > 0 || limit.over) return;
        const common = {
          name: values.name.trim(),
          description: values.description.trim() || null,
          answerers: parsed.emails,
        };
        if (team) update.mutate({ key: team.key, ...common });
        else if (values.type) create.mutate({ ...common, type: values.type });
      }, formAlert.onInvalid)}
    >
      <Stack gap="md">
        <FormErrorAlert
          invalid={formAlert.invalid}
          error={formAlert.error}
          fallback={msg`Saving the team failed.`}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="team-type-label">
            <Trans>Type</Trans>
          </Text>
          <SegmentedControl
            aria-labelledby="team-type-label"
            fullWidth
            data={SURVEY_TYPES.map((type) => ({
              value: type,
              label: i18n._(TEAM_TYPE_LABELS[type]),
              disabled: team !== null && team.type !== type,
            }))}
            {...form.getInputProps("type")}
          />
          {form.errors.type ? (
            <Text size="sm" c="red.9">
              {form.errors.type}
            </Text>
          ) : null}
        </Stack>
        <TextInput label={t`Name`} required data-autofocus {...form.getInputProps("name")} />
        <TextInput label={t`Description`} {...form.getInputProps("description")} />
        <Textarea
          label={t`Recipients`}
          description={t`E-mail addresses, one per line or separated by commas, semicolons or spaces.`}
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps("recipients")}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {limit.cap === null
            ? t`${parsed.emails.length} recipients`
            : t`${parsed.emails.length} of ${limit.cap} recipients`}
        </Text>
        {parsed.invalid.length > 0 ? (
          <Alert color="red" title={t`Could not parse valid email addresses`}>
            <Text size="sm" className="break-anywhere">
              {parsed.invalid.slice(0, 20).join(", ")}
            </Text>
          </Alert>
        ) : null}
        {limit.reached ? (
          <Alert color="orange" title={t`Max recipients reached`}>
            {limit.over ? t`Your plan allows at most ${limit.cap} recipients. ` : null}
            {nextPlan ? t`Upgrade to ${nextPlan} to add more recipients.` : null}
          </Alert>
        ) : limit.near ? (
          <Alert color="yellow" title={t`Close to the recipient limit`}>
            {t`Your plan allows ${limit.cap} recipients.`} {nextPlan ? t`${nextPlan} allows more.` : null}
          </Alert>
        ) : null}
        <FormButtons
          onCancel={onClose}
          loading={create.isPending || update.isPending}
          lockCancel
          disabled={parsed.invalid.length > 0 || limit.over}
          submitLabel={<Trans>Save</Trans>}
        />
      </Stack>
    </form>
  );
}
