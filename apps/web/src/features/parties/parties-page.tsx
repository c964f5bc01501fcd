import { ADMIN_PAGE_SIZES, CRM_DEFAULT_PAGE_SIZE, type PartyType } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Box, Card, Center, Group, Loader, MultiSelect, Stack, Table } from "@mantine/core";
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
import { serverPage } from "./crm-page";
import { partyTypeLabel, partyTypeOptions } from "./party-labels";

/**
 * Parties (document 3 §2): a page of the organisation's parties from the server, searched and filtered
 * by type; a row opens the party. Below 36rem each row stacks (styles.css `stack-when-narrow`).
 */
export function PartiesPage({ tenantId }: { tenantId: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const [types, setTypes] = useState<PartyType[]>([]);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(CRM_DEFAULT_PAGE_SIZE);
  const list = useQuery({
    ...trpc.party.paged.queryOptions({
      ...serverPage(page, pageSize),
      ...(types.length > 0 ? { types: types.join(",") } : {}),
      ...(search ? { search } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const open = (id: string) =>
    void navigate({ to: "/t/$tenantId/party/$id/{-$tab}", params: { tenantId, id } });
  const columns = { name: t`Company name`, code: t`Business code`, type: t`Type` };

  return (
    <Stack gap="lg">
      <PageTitle
        title={t`Parties`}
        description={<Trans>Customers, suppliers, employers and contractors of the organisation.</Trans>}
        actions={
          <ButtonLink
            to="/t/$tenantId/party"
            params={{ tenantId }}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            <Trans>New party</Trans>
          </ButtonLink>
        }
      />
      <Card p={0}>
        <Group p="md" gap="sm" align="flex-end" wrap="wrap">
          <DebouncedSearchInput
            wordPrefix
            value={search}
            onSearch={(value) => {
              setSearch(value.trim());
              setPage(1);
            }}
            style={{ flex: "1 1 14rem" }}
          />
          <MultiSelect
            aria-label={t`Type`}
            placeholder={types.length === 0 ? t`All types` : undefined}
            data={partyTypeOptions()}
            value={types}
            onChange={(value) => {
              setTypes(value as PartyType[]);
              setPage(1);
            }}
            clearable
            style={{ flex: "1 1 14rem" }}
          />
        </Group>
        {list.data ? (
          <Box aria-busy={list.isFetching}>
            <Table fz="sm" verticalSpacing="sm" striped highlightOnHover className="stack-when-narrow">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{columns.name}</Table.Th>
                  <Table.Th scope="col">{columns.code}</Table.Th>
                  <Table.Th scope="col">{columns.type}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.content.length === 0 ? (
                  <EmptyTableRow colSpan={3}>
                    <Trans>No parties match.</Trans>
                  </EmptyTableRow>
                ) : (
                  list.data.content.map((party) => (
                    <Table.Tr key={party.id} onClick={() => open(party.id)} style={{ cursor: "pointer" }}>
                      <Table.Th scope="row" fw={500}>
                        <Link
                          to="/t/$tenantId/party/$id/{-$tab}"
                          params={{ tenantId, id: party.id }}
                          className="break-anywhere"
                          onClick={(event) => event.stopPropagation()}
                        >
                          {party.companyName || t`(no name)`}
                        </Link>
                      </Table.Th>
                      <Table.Td data-label={party.businessCode ? columns.code : undefined}>
                        {party.businessCode}
                      </Table.Td>
                      <Table.Td data-label={columns.type}>{partyTypeLabel(party.type)}</Table.Td>
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
