import type { AppRouter } from "@kunto/api";
import { API_KEY_NAME_MAX, type ApiKeyScope, apiKeyDefaultExpiry, dayOf, ipEntryFamily } from "@kunto/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Checkbox, Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { DatePickerInput, DatesProvider } from "@mantine/dates";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { FormButtons } from "../../components/form-buttons";
import { FormErrorAlert, useFormAlert } from "../../components/form-errors";
import { errorKeyMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import { dateInputFormat, datesLocale } from "../surveys/survey-date-input";

type Outputs = inferRouterOutputs<AppRouter>["apiKey"];
export type ApiKey = Outputs["list"][number];
export type CreatedApiKey = Outputs["create"];

/** Document 1 §9: dialogs are at most 660 px wide and persistent. */
const DIALOG_WIDTH = 660;

/** The numbers (from 1) of the IP list's lines that are neither an address nor a range. */
export function invalidIpLines(text: string): number[] {
  return text
    .split(/\r?\n/)
    .map((line, index) => (line.trim() && ipEntryFamily(line.trim()) === null ? index + 1 : 0))
    .filter((line) => line > 0);
}

/**
 * Create or change an API key (document 3 §5): a name, the last day it works (it expires at 23:59:59
 * of that day; a new key defaults to one month from today), the addresses allowed to use it (one per
 * line, empty: all) and what it may do. A new key needs the API terms of use accepted: until then
 * Save is disabled.
 */
export function ApiKeyDialog({
  apiKey,
  opened,
  onClose,
  onCreated,
}: {
  /** The key to change; null creates one. */
  apiKey: ApiKey | null;
  opened: boolean;
  onClose: () => void;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const { t } = useLingui();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={apiKey ? t`Edit API key` : t`New API key`}
      size={DIALOG_WIDTH}
      closeOnClickOutside={false}
    >
      {opened ? <ApiKeyForm apiKey={apiKey} onClose={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

function ApiKeyForm({
  apiKey,
  onClose,
  onCreated,
}: {
  apiKey: ApiKey | null;
  onClose: () => void;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const today = dayOf(new Date());
  const initialExpiry = apiKey ? dayOf(new Date(apiKey.expireAt)) : apiKeyDefaultExpiry();
  const form = useForm({
    initialValues: {
      name: apiKey?.name ?? "",
      expireAt: initialExpiry as string | null,
      ips: apiKey?.ips ?? "",
      scope: (apiKey?.scope ?? "read") as ApiKeyScope,
      termsAccepted: false,
    },
    validate: {
      name: (value) => (value.trim() ? null : t`Field is required`),
      expireAt: (value) => (value ? null : t`Choose the day the key expires.`),
      ips: (value) => {
        const lines = invalidIpLines(value).join(", ");
        return lines ? `${errorKeyMessage("api_key_invalid_ip")} ${t`Check lines: ${lines}.`}` : null;
      },
    },
  });
  const formAlert = useFormAlert(form, {
    api_key_terms_required: "termsAccepted",
    api_key_invalid_ip: "ips",
    dates_in_past_error: "expireAt",
    invalid_date: "expireAt",
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.apiKey.list.queryKey() });
  const create = useMutation(
    trpc.apiKey.create.mutationOptions({
      onMutate: formAlert.clear,
      onSuccess: async (created) => {
        onCreated(created);
        onClose();
        await refresh();
      },
      onError: formAlert.onError,
    }),
  );
  const update = useMutation(
    trpc.apiKey.update.mutationOptions({
      onMutate: formAlert.clear,
      onSuccess: async () => {
        notifications.show({ color: "green", message: t`The API key has been saved.` });
        onClose();
        await refresh();
      },
      onError: formAlert.onError,
    }),
  );
  const pending = create.isPending || update.isPending;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ termsAccepted, expireAt, ...values }) => {
        if (!expireAt) return;
        const fields = { ...values, name: values.name.trim(), expireAt };
        // An unchanged expiry is not sent: an expired key can still be renamed or given a new day.
        if (apiKey)
          update.mutate({
            publicKey: apiKey.publicKey,
            ...fields,
            expireAt: expireAt === initialExpiry ? undefined : expireAt,
          });
        // The button is disabled until the terms are accepted (document 3 §5).
        else if (termsAccepted) create.mutate({ ...fields, termsAccepted });
      }, formAlert.onInvalid)}
    >
      <Stack gap="md">
        <FormErrorAlert
          invalid={formAlert.invalid}
          error={formAlert.error}
          fallback={apiKey ? msg`Saving the API key failed.` : msg`Creating the API key failed.`}
        />
        <TextInput
          label={t`Name`}
          description={t`Tells the keys apart, for example the system that uses it.`}
          required
          maxLength={API_KEY_NAME_MAX}
          data-autofocus
          {...form.getInputProps("name")}
        />
        <DatesProvider settings={{ locale: datesLocale(), firstDayOfWeek: 1 }}>
          <DatePickerInput
            label={t`Expires`}
            description={t`The key works until 23:59:59 (Finnish time) of this day.`}
            valueFormat={dateInputFormat()}
            minDate={today}
            required
            {...form.getInputProps("expireAt")}
          />
        </DatesProvider>
        <Textarea
          label={t`Allowed IP addresses`}
          description={t`One address or range (such as 192.0.2.0/24) per line. Leave empty to allow every address.`}
          autosize
          minRows={3}
          maxRows={10}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
          {...form.getInputProps("ips")}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="api-key-scope-label">
            <Trans>Access</Trans>
          </Text>
          <SegmentedControl
            aria-labelledby="api-key-scope-label"
            fullWidth
            data={[
              { value: "read", label: t`Read only` },
              { value: "write", label: t`Read and write` },
            ]}
            {...form.getInputProps("scope")}
          />
          <Text size="xs" c="dark.5">
            <Trans>A key never manages people, passwords, API keys or billing, whatever its access.</Trans>
          </Text>
        </Stack>
        {apiKey ? null : (
          <Checkbox
            label={t`I accept the API terms of use`}
            {...form.getInputProps("termsAccepted", { type: "checkbox" })}
          />
        )}
        <FormButtons
          onCancel={onClose}
          loading={pending}
          lockCancel
          disabled={!apiKey && !form.values.termsAccepted}
          submitLabel={<Trans>Save</Trans>}
        />
      </Stack>
    </form>
  );
}
