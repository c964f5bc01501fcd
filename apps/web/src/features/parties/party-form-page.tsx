import type { AppRouter } from "@kunto/api";
import { DEFAULT_PARTY_TYPE, type PartyType } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconDeviceFloppy, IconX } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import type { inferRouterOutputs } from "@trpc/server";
import { ButtonLink } from "../../components/links";
import { PageTitle } from "../../components/page-title";
import { errorMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import { AddressFields, type AddressValues, addressInput, addressValues } from "./address-fields";
import { partyTypeOptions } from "./party-labels";
import { PartyPersons } from "./party-persons";
import type { PartyTab } from "./party-tabs";

type Party = inferRouterOutputs<AppRouter>["party"]["byId"];

interface PartyValues {
  companyName: string;
  businessCode: string;
  contactFirstname: string;
  contactLastname: string;
  phone: string;
  email: string;
  code: string;
  type: PartyType;
  visitingAddress: AddressValues;
  billingAddress: AddressValues;
}

const valuesOf = (party: Party | null): PartyValues => ({
  companyName: party?.companyName ?? "",
  businessCode: party?.businessCode ?? "",
  contactFirstname: party?.contactFirstname ?? "",
  contactLastname: party?.contactLastname ?? "",
  phone: party?.phone ?? "",
  email: party?.email ?? "",
  code: party?.code ?? "",
  type: party?.type ?? DEFAULT_PARTY_TYPE,
  visitingAddress: addressValues(party?.visitingAddress ?? null),
  billingAddress: addressValues(party?.billingAddress ?? null),
});

/** The party form's route: a new party, or an existing one loaded first. */
export function PartyFormPage({ tenantId, id, tab }: { tenantId: string; id: string | null; tab: PartyTab }) {
  const trpc = useTRPC();
  const party = useQuery({ ...trpc.party.byId.queryOptions({ id: id ?? "" }), enabled: id !== null });
  if (id === null) return <PartyForm tenantId={tenantId} party={null} tab={tab} />;
  if (party.data) return <PartyForm key={party.data.id} tenantId={tenantId} party={party.data} tab={tab} />;
  if (party.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(party.error)}
      </Alert>
    );
  return (
    <Center py="xl" aria-busy="true">
      <Loader size="sm" />
    </Center>
  );
}

/**
 * Document 3 §2 party form: basic info, addresses (visiting and billing) and persons. The save
 * button does no validation (§5); the server refuses what it must. Close and save stay in reach on
 * phones (the title's buttons wrap under it).
 */
function PartyForm({ tenantId, party, tab }: { tenantId: string; party: Party | null; tab: PartyTab }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<PartyValues>({ initialValues: valuesOf(party) });
  const setTab = (next: string | null) => {
    if (!next) return;
    if (party)
      void navigate({
        to: "/t/$tenantId/party/$id/{-$tab}",
        params: { tenantId, id: party.id, tab: next === "basic" ? undefined : next },
        replace: true,
      });
    else
      void navigate({
        to: "/t/$tenantId/party",
        params: { tenantId },
        search: { tab: next as PartyTab },
        replace: true,
      });
  };
  const onSaved = async (saved: Party) => {
    notifications.show({ color: "green", message: t`The party has been saved.` });
    await queryClient.invalidateQueries({ queryKey: trpc.party.pathKey() });
    if (!party) void navigate({ to: "/t/$tenantId/party/$id/{-$tab}", params: { tenantId, id: saved.id } });
  };
  const onError = (error: unknown) => notifications.show({ color: "red", message: errorMessage(error) });
  const create = useMutation(trpc.party.create.mutationOptions({ onSuccess: onSaved, onError }));
  const update = useMutation(trpc.party.update.mutationOptions({ onSuccess: onSaved, onError }));
  const save = form.onSubmit((values) => {
    const input = {
      ...values,
      visitingAddress: addressInput(values.visitingAddress),
      billingAddress: addressInput(values.billingAddress),
    };
    if (party) update.mutate({ ...input, id: party.id });
    else create.mutate(input);
  });
  const title = party ? party.companyName || t`Party` : t`New party`;

  return (
    <form noValidate onSubmit={save}>
      <Stack gap="lg">
        <PageTitle
          title={title}
          actions={
            <>
              <ButtonLink
                variant="default"
                to="/t/$tenantId/parties"
                params={{ tenantId }}
                leftSection={<IconX size={16} aria-hidden />}
              >
                <Trans>Close</Trans>
              </ButtonLink>
              <Button
                type="submit"
                loading={create.isPending || update.isPending}
                leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              >
                <Trans>Save</Trans>
              </Button>
            </>
          }
        />
        <Card>
          {/* Hidden panels stay mounted and live ("display-none", not Mantine 9's default React
              Activity, which holds a hidden panel's effects): the persons tab loads its list in
              the background instead of showing a spinner until it is opened. */}
          <Tabs value={tab} onChange={setTab} keepMounted keepMountedMode="display-none">
            <Tabs.List mb="md">
              <Tabs.Tab value="basic">
                <Trans>Basic info</Trans>
              </Tabs.Tab>
              <Tabs.Tab value="addresses">
                <Trans>Addresses</Trans>
              </Tabs.Tab>
              <Tabs.Tab value="persons">
                <Trans>Persons</Trans>
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="basic">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t`Company name`}
                  maxLength={200}
                  data-autofocus
                  {...form.getInputProps("companyName")}
                />
                <TextInput label={t`Business code`} maxLength={40} {...form.getInputProps("businessCode")} />
                <Select
                  label={t`Type`}
                  data={partyTypeOptions()}
                  allowDeselect={false}
                  {...form.getInputProps("type")}
                />
                <TextInput label={t`Code`} maxLength={40} {...form.getInputProps("code")} />
                <TextInput
                  label={t`Contact first name`}
                  maxLength={100}
                  {...form.getInputProps("contactFirstname")}
                />
                <TextInput
                  label={t`Contact last name`}
                  maxLength={100}
                  {...form.getInputProps("contactLastname")}
                />
                <TextInput label={t`Phone`} type="tel" maxLength={40} {...form.getInputProps("phone")} />
                <TextInput label={t`E-mail`} type="email" maxLength={254} {...form.getInputProps("email")} />
                <Checkbox
                  label={t`The organisation's own party`}
                  checked={party?.tenantParty ?? false}
                  readOnly
                  disabled
                />
              </SimpleGrid>
            </Tabs.Panel>
            <Tabs.Panel value="addresses">
              <Stack gap="lg">
                <Stack gap="xs">
                  <Title order={3} size="h5">
                    <Trans>Visiting address</Trans>
                  </Title>
                  <AddressFields inputProps={(field) => form.getInputProps(`visitingAddress.${field}`)} />
                </Stack>
                <Stack gap="xs">
                  <Title order={3} size="h5">
                    <Trans>Billing address</Trans>
                  </Title>
                  <AddressFields inputProps={(field) => form.getInputProps(`billingAddress.${field}`)} />
                </Stack>
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="persons">
              {party ? (
                <PartyPersons partyId={party.id} />
              ) : (
                <Group>
                  <Alert variant="light" color="blue">
                    <Trans>Save the party first; then you can add persons to it.</Trans>
                  </Alert>
                </Group>
              )}
            </Tabs.Panel>
          </Tabs>
        </Card>
      </Stack>
    </form>
  );
}
