import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconPlus, IconTrash, IconUserPlus } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormButtons } from "../../components/form-buttons";
import { DebouncedSearchInput } from "../../components/search-input";
import { ActionsHeaderCell, EmptyTableRow } from "../../components/table-parts";
import { errorMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import { personEmailError } from "../persons/person-email";

const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`.trim();

/**
 * The party's persons (document 3 §2, §4): a person belongs to a party through its employer. The
 * delete button of a row empties that person's employer; adding sets it, for an existing person
 * (select-person dialog) or a new one (add-person dialog).
 */
export function PartyPersons({ partyId }: { partyId: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<"select" | "add" | null>(null);
  const persons = useQuery(trpc.person.byEmployer.queryOptions({ id: partyId }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.person.pathKey() });
  const unlink = useMutation(
    trpc.person.update.mutationOptions({
      onSuccess: refresh,
      onError: (error) => notifications.show({ color: "red", message: errorMessage(error) }),
    }),
  );
  const columns = { name: t`Name`, phone: t`Phone`, email: t`E-mail` };

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog("select")}>
          <Trans>Add person</Trans>
        </Button>
      </Group>
      {persons.data ? (
        <Table fz="sm" verticalSpacing="sm" striped className="stack-when-narrow">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{columns.name}</Table.Th>
              <Table.Th scope="col">{columns.phone}</Table.Th>
              <Table.Th scope="col">{columns.email}</Table.Th>
              <ActionsHeaderCell w={56} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {persons.data.length === 0 ? (
              <EmptyTableRow colSpan={4}>
                <Trans>No persons in this party.</Trans>
              </EmptyTableRow>
            ) : (
              persons.data.map((person) => {
                const name = fullName(person);
                return (
                  <Table.Tr key={person.id}>
                    <Table.Th scope="row" fw={500} className="break-anywhere">
                      {name}
                    </Table.Th>
                    <Table.Td data-label={person.phone ? columns.phone : undefined}>{person.phone}</Table.Td>
                    <Table.Td
                      data-label={person.email ? columns.email : undefined}
                      className="break-anywhere"
                    >
                      {person.email}
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t`Remove ${name} from the party`}
                        loading={unlink.isPending && unlink.variables?.id === person.id}
                        onClick={() => unlink.mutate({ id: person.id, employerId: null })}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      ) : persons.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(persons.error)}
        </Alert>
      ) : (
        <Center py="md" aria-busy="true">
          <Loader size="sm" />
        </Center>
      )}
      <Modal opened={dialog === "select"} onClose={() => setDialog(null)} title={t`Add person`} size={660}>
        {dialog === "select" ? (
          <SelectPerson partyId={partyId} onDone={() => setDialog(null)} onNew={() => setDialog("add")} />
        ) : null}
      </Modal>
      <Modal
        opened={dialog === "add"}
        onClose={() => setDialog(null)}
        title={t`New person`}
        size={660}
        closeOnClickOutside={false}
      >
        {dialog === "add" ? <AddPerson partyId={partyId} onDone={() => setDialog(null)} /> : null}
      </Modal>
    </Stack>
  );
}

/** The select-person dialog: existing persons not in this party, searched on the server. */
function SelectPerson({
  partyId,
  onDone,
  onNew,
}: {
  partyId: string;
  onDone: () => void;
  onNew: () => void;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const candidates = useQuery(
    trpc.person.paged.queryOptions({
      pageNo: 0,
      pageSize: 50,
      notEmployerId: partyId,
      ...(search ? { search } : {}),
    }),
  );
  const link = useMutation(
    trpc.person.update.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.person.pathKey() });
        onDone();
      },
      onError: () => notifications.show({ color: "red", message: t`The person cannot be added.` }),
    }),
  );
  return (
    <Stack gap="md">
      <DebouncedSearchInput
        wordPrefix
        value={search}
        onSearch={(value) => setSearch(value.trim())}
        data-autofocus
      />
      <Box mah={360} style={{ overflowY: "auto" }}>
        {candidates.data ? (
          candidates.data.content.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="md">
              <Trans>No persons match.</Trans>
            </Text>
          ) : (
            <Stack gap={4}>
              {candidates.data.content.map((person) => {
                const name = fullName(person);
                return (
                  <Group key={person.id} justify="space-between" wrap="nowrap" gap="sm">
                    <Box miw={0}>
                      <Text size="sm" fw={500} className="break-anywhere">
                        {name}
                      </Text>
                      <Text size="xs" c="dimmed" className="break-anywhere">
                        {[person.email, person.employer?.companyName].filter(Boolean).join(" · ")}
                      </Text>
                    </Box>
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={t`Add ${name}`}
                      loading={link.isPending && link.variables?.id === person.id}
                      onClick={() => link.mutate({ id: person.id, employerId: partyId })}
                    >
                      <Trans>Add</Trans>
                    </Button>
                  </Group>
                );
              })}
            </Stack>
          )
        ) : (
          <Center py="md" aria-busy="true">
            <Loader size="sm" />
          </Center>
        )}
      </Box>
      <Group justify="space-between">
        <Button variant="subtle" leftSection={<IconUserPlus size={16} aria-hidden />} onClick={onNew}>
          <Trans>New person</Trans>
        </Button>
        <Button variant="default" onClick={onDone}>
          <Trans>Close</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

/** The add-person dialog: a new person whose employer is this party. */
function AddPerson({ partyId, onDone }: { partyId: string; onDone: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({ initialValues: { firstname: "", lastname: "", phone: "", email: "" } });
  const create = useMutation(
    trpc.person.create.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.person.pathKey() });
        onDone();
      },
      onError: () => notifications.show({ color: "red", message: t`The person cannot be added.` }),
    }),
  );
  const email = form.getInputProps("email");
  return (
    <form noValidate onSubmit={form.onSubmit((values) => create.mutate({ ...values, employerId: partyId }))}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t`First name`}
            maxLength={100}
            data-autofocus
            {...form.getInputProps("firstname")}
          />
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
        </SimpleGrid>
        <FormButtons onCancel={onDone} loading={create.isPending} submitLabel={<Trans>Add person</Trans>} />
      </Stack>
    </form>
  );
}
