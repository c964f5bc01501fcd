import type { AppRouter } from "@kunto/api";
import { BIRTH_DATE_MIN, birthDateMax } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Button,
  Card,
  Center,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  TextInput,
} from "@mantine/core";
import { DatePickerInput, DatesProvider } from "@mantine/dates";
import { useForm } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconDeviceFloppy, IconX } from "@tabler/icons-react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { ButtonLink } from "../../components/links";
import { PageTitle } from "../../components/page-title";
import { errorMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import { AddressFields, type AddressValues, addressInput, addressValues } from "../parties/address-fields";
import { dateInputFormat, datesLocale } from "../surveys/survey-date-input";
import { personEmailError } from "./person-email";

type Person = inferRouterOutputs<AppRouter>["person"]["get"];

interface PersonValues {
  firstname: string;
  lastname: string;
  phone: string;
  email: string;
  employerId: string | null;
  manager: boolean;
  hidden: boolean;
  ssn: string;
  taxNumber: string;
  dob: string | null;
  address: AddressValues & { dateFrom: string | null; dateTo: string | null };
}

const valuesOf = (p: Person | null): PersonValues => ({
  firstname: p?.firstname ?? "",
  lastname: p?.lastname ?? "",
  phone: p?.phone ?? "",
  email: p?.email ?? "",
  employerId: p?.employerId ?? null,
  manager: p?.manager ?? false,
  hidden: p?.hidden ?? false,
  ssn: p?.ssn ?? "",
  taxNumber: p?.taxNumber ?? "",
  dob: p?.dob ?? null,
  address: {
    ...addressValues(p?.address ?? null),
    dateFrom: p?.address?.dateFrom ?? null,
    dateTo: p?.address?.dateTo ?? null,
  },
});

/** The person form's route: a new person, or an existing one loaded first. */
export function PersonFormPage({ tenantId, id }: { tenantId: string; id: string | null }) {
  const trpc = useTRPC();
  const person = useQuery({ ...trpc.person.get.queryOptions({ id: id ?? "" }), enabled: id !== null });
  if (id === null) return <PersonForm tenantId={tenantId} person={null} />;
  if (person.data) return <PersonForm key={person.data.id} tenantId={tenantId} person={person.data} />;
  if (person.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(person.error)}
      </Alert>
    );
  return (
    <Center py="xl" aria-busy="true">
      <Loader size="sm" />
    </Center>
  );
}

/** The employer: a party found by the server's search (an organisation may have 100,000). */
function EmployerSelect({
  value,
  current,
  onChange,
}: {
  value: string | null;
  current: { id: string; companyName: string } | null;
  onChange: (value: string | null) => void;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 450);
  const parties = useQuery({
    ...trpc.party.paged.queryOptions({
      pageNo: 0,
      pageSize: 50,
      ...(debounced ? { search: debounced } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const options = new Map<string, string>();
  if (current) options.set(current.id, current.companyName);
  for (const party of parties.data?.content ?? []) options.set(party.id, party.companyName || party.id);
  return (
    <Select
      label={t`Employer`}
      placeholder={t`No employer`}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={t`No parties match.`}
      data={[...options].map(([id, name]) => ({ value: id, label: name }))}
      value={value}
      onChange={onChange}
    />
  );
}

/**
 * Document 3 §2 person form: basic details and address. The title says edit or new; the birth date
 * picker runs from 1950-01-01 to today; the e-mail is checked when the field is left (§5). Close and
 * save stay in reach on phones.
 */
function PersonForm({ tenantId, person }: { tenantId: string; person: Person | null }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [tab, setTab] = useState<string | null>("basic");
  const [employer, setEmployer] = useState(person?.employer ?? null);
  const form = useForm<PersonValues>({ initialValues: valuesOf(person) });
  const onSaved = async (saved: Person) => {
    notifications.show({ color: "green", message: t`The person has been saved.` });
    await queryClient.invalidateQueries({ queryKey: trpc.person.pathKey() });
    if (!person) void navigate({ to: "/t/$tenantId/person/$id", params: { tenantId, id: saved.id } });
  };
  const onError = (error: unknown) => notifications.show({ color: "red", message: errorMessage(error) });
  const create = useMutation(trpc.person.create.mutationOptions({ onSuccess: onSaved, onError }));
  const update = useMutation(trpc.person.update.mutationOptions({ onSuccess: onSaved, onError }));
  const save = form.onSubmit(({ address, ...values }) => {
    const { dateFrom, dateTo, ...lines } = address;
    const hasAddress = addressInput(lines) !== null || dateFrom !== null || dateTo !== null;
    const input = { ...values, address: hasAddress ? { ...lines, dateFrom, dateTo } : null };
    if (person) update.mutate({ ...input, id: person.id });
    else create.mutate(input);
  });
  const email = form.getInputProps("email");
  const today = birthDateMax();

  return (
    <form noValidate onSubmit={save}>
      <Stack gap="lg">
        <PageTitle
          title={person ? t`Edit person` : t`New person`}
          actions={
            <>
              <ButtonLink
                variant="default"
                to="/t/$tenantId/persons"
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
          <DatesProvider settings={{ locale: datesLocale(), firstDayOfWeek: 1 }}>
            <Tabs value={tab} onChange={setTab} keepMounted>
              <Tabs.List mb="md">
                <Tabs.Tab value="basic">
                  <Trans>Basic details</Trans>
                </Tabs.Tab>
                <Tabs.Tab value="address">
                  <Trans>Address</Trans>
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="basic">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput label={t`First name`} maxLength={100} {...form.getInputProps("firstname")} />
                  <TextInput label={t`Last name`} maxLength={100} {...form.getInputProps("lastname")} />
                  <TextInput label={t`Phone`} type="tel" maxLength={40} {...form.getInputProps("phone")} />
                  <TextInput
                    label={t`E-mail`}
                    type="email"
                    maxLength={254}
                    {...email}
                    onBlur={(event) => {
                      email.onBlur?.(event);
                      form.setFieldError("email", personEmailError(form.getValues().email));
                    }}
                  />
                  <EmployerSelect
                    value={form.getValues().employerId}
                    current={employer}
                    onChange={(id) => {
                      form.setFieldValue("employerId", id);
                      if (id === null) setEmployer(null);
                    }}
                  />
                  <DatePickerInput
                    label={t`Birth date`}
                    valueFormat={dateInputFormat()}
                    minDate={BIRTH_DATE_MIN}
                    maxDate={today}
                    defaultDate={form.getValues().dob ?? "1980-01-01"}
                    clearable
                    {...form.getInputProps("dob")}
                  />
                  <TextInput
                    label={t`Personal identity code`}
                    maxLength={40}
                    autoComplete="off"
                    {...form.getInputProps("ssn")}
                  />
                  <TextInput
                    label={t`Tax number`}
                    maxLength={40}
                    autoComplete="off"
                    {...form.getInputProps("taxNumber")}
                  />
                  <Switch label={t`Manager`} {...form.getInputProps("manager", { type: "checkbox" })} />
                  <Switch label={t`Hidden`} {...form.getInputProps("hidden", { type: "checkbox" })} />
                </SimpleGrid>
              </Tabs.Panel>
              <Tabs.Panel value="address">
                <Stack gap="md">
                  <AddressFields inputProps={(field) => form.getInputProps(`address.${field}`)} />
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <DatePickerInput
                      label={t`Valid from`}
                      valueFormat={dateInputFormat()}
                      clearable
                      {...form.getInputProps("address.dateFrom")}
                    />
                    <DatePickerInput
                      label={t`Valid until`}
                      valueFormat={dateInputFormat()}
                      clearable
                      {...form.getInputProps("address.dateTo")}
                    />
                  </SimpleGrid>
                </Stack>
              </Tabs.Panel>
            </Tabs>
          </DatesProvider>
        </Card>
      </Stack>
    </form>
  );
}
