import { ADMIN_PAGE_SIZES, CRM_DEFAULT_PAGE_SIZE } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Box, Card, Center, Group, Loader, Stack, Table } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ButtonLink } from "../../components/links";
import { LoadFailed } from "../../components/load-failed";
import { PageTitle } from "../../components/page-title";
import { DebouncedSearchInput } from "../../components/search-input";
import { TablePagination } from "../../components/table-pagination";
import { EmptyTableRow } from "../../components/table-parts";
import type { PageSize } from "../../lib/pagination";
import { useTRPC } from "../../lib/trpc";
import { serverPage } from "../parties/crm-page";

/**
 * Persons (document 3 §2): a page of the organisation's persons from the server, searched by name,
 * e-mail and phone; a row opens the person. Below 36rem each row stacks.
 */
export function PersonsPage({ tenantId }: { tenantId: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(CRM_DEFAULT_PAGE_SIZE);
  const list = useQuery({
    ...trpc.person.paged.queryOptions({ ...serverPage(page, pageSize), ...(search ? { search } : {}) }),
    placeholderData: keepPreviousData,
  });
  const columns = {
    lastname: t`Last name`,
    firstname: t`First name`,
    email: t`E-mail`,
    phone: t`Phone`,
    employer: t`Employer`,
  };

  return (
    <Stack gap="lg">
      <PageTitle
        title={t`Persons`}
        description={<Trans>Contact persons of the organisation and of its parties.</Trans>}
        actions={
          <ButtonLink
            to="/t/$tenantId/person"
            params={{ tenantId }}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            <Trans>New person</Trans>
          </ButtonLink>
        }
      />
      <Card p={0}>
        <Group p="md">
          <DebouncedSearchInput
            wordPrefix
            value={search}
            onSearch={(value) => {
              setSearch(value.trim());
              setPage(1);
            }}
            style={{ flex: "1 1 14rem" }}
          />
        </Group>
        {list.data ? (
          <Box aria-busy={list.isFetching}>
            <Table fz="sm" verticalSpacing="sm" striped highlightOnHover className="stack-when-narrow">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{columns.lastname}</Table.Th>
                  <Table.Th scope="col">{columns.firstname}</Table.Th>
                  <Table.Th scope="col">{columns.email}</Table.Th>
                  <Table.Th scope="col">{columns.phone}</Table.Th>
                  <Table.Th scope="col">{columns.employer}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.content.length === 0 ? (
                  <EmptyTableRow colSpan={5}>
                    <Trans>No persons match.</Trans>
                  </EmptyTableRow>
                ) : (
                  list.data.content.map((person) => (
                    <Table.Tr
                      key={person.id}
                      style={{ cursor: "pointer" }}
                      onClick={() =>
                        void navigate({ to: "/t/$tenantId/person/$id", params: { tenantId, id: person.id } })
                      }
                    >
                      <Table.Th scope="row" fw={500}>
                        <Link
                          to="/t/$tenantId/person/$id"
                          params={{ tenantId, id: person.id }}
                          className="break-anywhere"
                          onClick={(event) => event.stopPropagation()}
                        >
                          {person.lastname || t`(no name)`}
                        </Link>
                      </Table.Th>
                      <Table.Td data-label={person.firstname ? columns.firstname : undefined}>
                        {person.firstname}
                      </Table.Td>
                      <Table.Td
                        data-label={person.email ? columns.email : undefined}
                        className="break-anywhere"
                      >
                        {person.email}
                      </Table.Td>
                      <Table.Td data-label={person.phone ? columns.phone : undefined}>
                        {person.phone}
                      </Table.Td>
                      <Table.Td
                        data-label={person.employer ? columns.employer : undefined}
                        className="break-anywhere"
                      >
                        {person.employer?.companyName}
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
            <TablePagination
              total={list.data.totalElements}
              page={page}
              onPage={setPage}
              pageSize={pageSize}
              onPageSize={(size) => {
                setPageSize(size);
                setPage(1);
              }}
              sizes={ADMIN_PAGE_SIZES}
              withLabel
              withRange
            />
          </Box>
        ) : list.isError ? (
          <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Center py="xl" aria-busy="true">
            <Loader size="sm" />
          </Center>
        )}
      </Card>
    </Stack>
  );
}
