import { LANGUAGES, type Language, SEARCH_DEBOUNCE_MS } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormButtons } from "../../components/form-buttons";
import { FormErrorAlert, useFormAlert } from "../../components/form-errors";
import { refreshInterfaceOverrides } from "../../lib/i18n";
import { useTRPC } from "../../lib/trpc";
import { translationPageInput } from "./access";
import { LANGUAGE_COLUMN, TRANSLATION_ERRORS, type TranslationRow } from "./translation-labels";

/** The free text's part of a new translation's id (document 3 §9). */
const FREE_TEXT_MAX = 222;

export function TranslationDialog({
  row,
  opened,
  readOnly,
  onClose,
}: {
  /** The translation to edit; null makes a new one. */
  row: TranslationRow | null;
  opened: boolean;
  readOnly: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const narrow = useMediaQuery("(max-width: 36em)");
  const title = readOnly ? t`Translation` : row ? t`Edit translation` : t`New translation`;
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={640} fullScreen={narrow ?? false}>
      {opened ? (
        <TranslationForm key={row?.tid ?? "new"} row={row} readOnly={readOnly} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function TranslationForm({
  row: initial,
  readOnly,
  onClose,
}: {
  row: TranslationRow | null;
  readOnly: boolean;
  onClose: () => void;
}) {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [row, setRow] = useState(initial);
  const form = useForm({
    initialValues: {
      tid: row?.tid ?? "",
      texts: { ...(row?.texts ?? { en: "", fi: "", ee: "", ru: "", pl: "" }) } as Record<Language, string>,
    },
    validate: { tid: (value) => (row || value.trim() ? null : t`Field is required`) },
  });
  const formAlert = useFormAlert(form);
  const typed = form.values.tid.trim();
  const [lookup] = useDebouncedValue(row ? "" : typed, SEARCH_DEBOUNCE_MS);
  const existing = useQuery({
    ...trpc.translation.page.queryOptions(translationPageInput(1, 50, lookup)),
    enabled: lookup !== "",
    select: (page) => page.items.find((item) => item.tid === lookup) ?? null,
  });
  const match = lookup === typed ? existing.data : null;
  const newTid = `custom.${typed.slice(0, FREE_TEXT_MAX)}.…`;
  const onSuccess = async (saved: TranslationRow) => {
    notifications.show({ color: "green", message: t`The translation has been saved.` });
    await queryClient.invalidateQueries({ queryKey: trpc.translation.pathKey() });
    if (saved.kind === "interface") await refreshInterfaceOverrides();
    onClose();
  };
  const options = { onMutate: formAlert.clear, onSuccess, onError: formAlert.onError };
  const save = useMutation(trpc.translation.save.mutationOptions(options));
  const create = useMutation(trpc.translation.create.mutationOptions(options));
  const open = (found: TranslationRow) => {
    setRow(found);
    form.setValues({ tid: found.tid, texts: { ...found.texts } });
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        if (row) save.mutate({ tid: row.tid, texts: values.texts });
        else create.mutate({ text: values.tid.trim(), texts: values.texts });
      }, formAlert.onInvalid)}
    >
      <Stack gap="md">
        <FormErrorAlert
          invalid={formAlert.invalid}
          error={formAlert.error}
          fallback={TRANSLATION_ERRORS.saving}
        />
        <TextInput
          label={row ? t`Translation id` : t`Translation id or text`}
          readOnly={row !== null || readOnly}
          required={!row}
          maxLength={10_000}
          description={
            row ? null : (
              <Trans>Type the id of a translation, or a text to make a new translation of it.</Trans>
            )
          }
          {...form.getInputProps("tid")}
        />
        {!row && match ? (
          <Alert color="blue" variant="light">
            <Stack gap="xs" align="flex-start">
              <Trans>A translation with this id exists.</Trans>
              <Button size="xs" variant="light" onClick={() => open(match)}>
                <Trans>Open it</Trans>
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {!row && typed && !match ? (
          <Text size="sm" c="dimmed" aria-live="polite" className="break-anywhere">
            <Trans>
              A new translation will be made: {newTid}. Its English text is the text typed unless you write
              another.
            </Trans>
          </Text>
        ) : null}
        {row?.builtIn ? (
          <Text size="sm" c="dimmed">
            <Trans>
              A text left as it is or emptied keeps the built-in text. Keep its placeholders (the parts in
              braces and the numbered tags).
            </Trans>
          </Text>
        ) : null}
        {LANGUAGES.map((language) => (
          <Textarea
            key={language}
            label={i18n._(LANGUAGE_COLUMN[language])}
            autosize
            minRows={2}
            maxRows={10}
            maxLength={10_000}
            readOnly={readOnly}
            description={
              row?.builtIn && row.builtIn[language] !== form.values.texts[language]
                ? t`Built-in text: ${row.builtIn[language]}`
                : null
            }
            {...form.getInputProps(`texts.${language}`)}
          />
        ))}
        {readOnly ? (
          <Button variant="default" onClick={onClose} style={{ alignSelf: "flex-end" }}>
            <Trans>Close</Trans>
          </Button>
        ) : (
          <FormButtons
            submitLabel={<Trans>Save</Trans>}
            onCancel={onClose}
            loading={save.isPending || create.isPending}
          />
        )}
      </Stack>
    </form>
  );
}
