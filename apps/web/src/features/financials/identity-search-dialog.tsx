import type { AppRouter } from "@kunto/api";
import { ZIdentitySearchInput } from "@kunto/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Button, Group, Modal, Radio, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconArrowLeft } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { CountrySelect } from "../../components/country-select";
import { FormErrorAlert, useFormAlert, zodValidator } from "../../components/form-errors";
import { useTRPC } from "../../lib/trpc";

type Match = inferRouterOutputs<AppRouter>["financial"]["identitySearch"][number];

const addressOf = (m: Match) => {
  const a = m.primaryAddress;
  return [
    a.streetAddress.line1,
    a.streetAddress.line2,
    [a.postalCode, a.addressLocality.name].filter(Boolean).join(" "),
    a.addressRegion?.name ?? a.addressRegion?.abbreviatedName,
    a.addressCountry.name,
  ]
    .filter(Boolean)
    .join(", ");
};

/**
 * The D-U-N-S search (document 3 §2): the organisation's name (read-only), an optional registration
 * number and the country → the matches (name, address, first registration number, D-U-N-S), the
 * first preselected; Save takes the chosen number. A back arrow returns to the form.
 */
export function IdentitySearchDialog({
  opened,
  onClose,
  tenant,
  onSave,
  saving,
}: {
  opened: boolean;
  onClose: () => void;
  tenant: { name: string; registrationNumber: string | null; country: string };
  onSave: (duns: string) => void;
  saving: boolean;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const [matches, setMatches] = useState<Match[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      name: tenant.name,
      registrationNumber: tenant.registrationNumber ?? "",
      countryISOAlpha2Code: tenant.country,
    },
    validate: zodValidator(ZIdentitySearchInput),
  });
  const alert = useFormAlert(form);
  const search = useMutation(
    trpc.financial.identitySearch.mutationOptions({
      onSuccess: (found) => {
        setMatches(found);
        setChosen(found[0]?.duns ?? null);
      },
      onError: (error) => alert.onError(error),
    }),
  );
  return (
    <Modal opened={opened} onClose={onClose} title={t`Search for the D-U-N-S number`} size={660}>
      {matches ? (
        <Stack>
          <Group gap="xs">
            <ActionIcon variant="subtle" aria-label={t`Back to the search`} onClick={() => setMatches(null)}>
              <IconArrowLeft size={18} />
            </ActionIcon>
            <Text size="sm">
              <Trans>Choose your organisation.</Trans>
            </Text>
          </Group>
          <Radio.Group value={chosen} onChange={setChosen} label={t`Matches`}>
            <Stack gap="sm" mt="xs">
              {matches.map((m) => {
                const registration = m.registrationNumbers[0]?.registrationNumber ?? "–";
                const duns = m.duns;
                return (
                  <Radio
                    key={m.duns}
                    value={m.duns}
                    label={m.primaryName}
                    description={
                      <>
                        {addressOf(m)}
                        <br />
                        {t`Registration number: ${registration}`} · {t`D-U-N-S: ${duns}`}
                      </>
                    }
                  />
                );
              })}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button disabled={!chosen} loading={saving} onClick={() => chosen && onSave(chosen)}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={form.onSubmit(
            (values) => {
              alert.clear();
              search.mutate(values);
            },
            () => alert.onInvalid(),
          )}
        >
          <Stack>
            <FormErrorAlert
              error={alert.error}
              invalid={alert.invalid}
              fallback={msg`Searching for the D-U-N-S number failed. Please try again.`}
            />
            <TextInput label={t`Organisation name`} readOnly required {...form.getInputProps("name")} />
            <TextInput label={t`Registration number`} {...form.getInputProps("registrationNumber")} />
            <CountrySelect required {...form.getInputProps("countryISOAlpha2Code")} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" loading={search.isPending}>
                <Trans>Search</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
