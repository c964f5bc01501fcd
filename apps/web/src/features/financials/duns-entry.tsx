import { ZDunsInput } from "@kunto/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FormErrorAlert, useFormAlert, zodValidator } from "../../components/form-errors";
import { errorMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import { IdentitySearchDialog } from "./identity-search-dialog";

/**
 * No D-U-N-S number yet (document 3 §2, §5, §6): the prompt and what the number is; tenant admins
 * enter it (exactly nine digits) or search for it, others are told to ask their admin.
 */
export function DunsEntry({ canEdit, onSaved }: { canEdit: boolean; onSaved: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const tenant = useQuery(trpc.tenant.current.queryOptions());
  const [searching, setSearching] = useState(false);
  const form = useForm({ initialValues: { dunsNumber: "" }, validate: zodValidator(ZDunsInput) });
  const alert = useFormAlert(form, { duns_locked: "dunsNumber" });
  const save = useMutation(
    trpc.financial.saveDuns.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: "green", message: t`The organisation has been updated.` });
        setSearching(false);
        onSaved();
      },
      onError: (error) => {
        if (searching)
          notifications.show({
            color: "red",
            message: errorMessage(error, msg`Updating the organisation failed.`),
          });
        else alert.onError(error);
      },
    }),
  );
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={2} size="h4">
          <Trans>Add your organisation's D-U-N-S number</Trans>
        </Title>
        <Text size="sm">
          <Trans>
            The D-U-N-S® number is a nine-digit identifier that Dun & Bradstreet gives to organisations. With
            it, your financial statements are fetched and shown here as key figures.
          </Trans>
        </Text>
        {canEdit ? (
          <form
            onSubmit={form.onSubmit(
              (values) => {
                alert.clear();
                save.mutate(values);
              },
              () => alert.onInvalid(),
            )}
          >
            <Stack gap="sm">
              <FormErrorAlert
                error={alert.error}
                invalid={alert.invalid}
                fallback={msg`Updating the organisation failed.`}
              />
              <Group align="flex-end" gap="sm" wrap="wrap">
                <TextInput
                  label={t`D-U-N-S® number`}
                  description={t`Nine digits. Once saved, only support can change it.`}
                  inputMode="numeric"
                  maxLength={9}
                  required
                  style={{ flex: "1 1 14rem" }}
                  {...form.getInputProps("dunsNumber")}
                />
                <Button type="submit" loading={save.isPending && !searching}>
                  <Trans>Save</Trans>
                </Button>
              </Group>
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => setSearching(true)}
                disabled={!tenant.data}
              >
                <Trans>Don't know the number? Search for it</Trans>
              </Anchor>
            </Stack>
          </form>
        ) : (
          <Text size="sm" fw={500}>
            <Trans>Ask your organisation's admin to add the D-U-N-S number.</Trans>
          </Text>
        )}
      </Stack>
      {tenant.data && searching ? (
        <IdentitySearchDialog
          opened={searching}
          onClose={() => setSearching(false)}
          tenant={tenant.data}
          saving={save.isPending}
          onSave={(dunsNumber) => save.mutate({ dunsNumber })}
        />
      ) : null}
    </Card>
  );
}
