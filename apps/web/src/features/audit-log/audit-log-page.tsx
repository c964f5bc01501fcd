import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Card, Center, Group, Loader, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconDownload } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { PageTitle } from "../../components/page-title";
import { TablePagination } from "../../components/table-pagination";
import { errorMessage } from "../../lib/api-error";
import { formatNumber } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { AuditFilterFields } from "./audit-filters";
import {
  AUDIT_EXPORT_MAX,
  AUDIT_PAGE_SIZES,
  type AuditFilters,
  csvPath,
  FIRST_PAGE,
  filterInput,
  NO_FILTERS,
  pageInput,
  withFilter,
} from "./audit-query";
import { AuditTable } from "./audit-table";
import { downloadFile } from "./csv-download";

export type AuditScope = { kind: "tenant"; tenantId: string } | { kind: "admin" };

/** The first page as the route prefetches it and the screen first asks for it. */

/**
 * Who did what and when (issue 20.5): an organisation's log for its admins, every organisation's for
 * platform admins. Filters by person, action and days; pages from the server; the filtered rows as CSV.
 * Pages after the first are bounded by the first page's `until`, so rows written meanwhile never
 * shift them; the first page always shows the newest rows.
 */
export function AuditLogPage({ scope }: { scope: AuditScope }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const admin = scope.kind === "admin";
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(FIRST_PAGE.limit);
  const [until, setUntil] = useState<number | null>(null);
  const [downloading, setDownloading] = useState(false);

  const input = {
    ...filterInput(filters),
    ...pageInput(page, pageSize),
    ...(page > 1 && until !== null ? { until } : {}),
  };
  const tenantList = useQuery({
    ...trpc.audit.list.queryOptions(input),
    enabled: !admin,
    placeholderData: keepPreviousData,
  });
  const adminList = useQuery({
    ...trpc.admin.audit.list.queryOptions(input),
    enabled: admin,
    placeholderData: keepPreviousData,
  });
  const list = admin ? adminList : tenantList;
  const tenantChoices = useQuery({ ...trpc.audit.filters.queryOptions(), enabled: !admin });
  const adminChoices = useQuery({
    ...trpc.admin.audit.filters.queryOptions(filters.tenantId ? { tenantId: filters.tenantId } : {}),
    enabled: admin,
  });
  const organisations = useQuery({ ...trpc.admin.tenants.queryOptions(), enabled: admin });
  const choices = (admin ? adminChoices : tenantChoices).data;

  // The first page's newest row bounds the pages after it.
  const firstPageUntil = page === 1 && !list.isPlaceholderData ? list.data?.until : undefined;
  useEffect(() => {
    if (firstPageUntil !== undefined) setUntil(firstPageUntil);
  }, [firstPageUntil]);

  const change = <K extends keyof AuditFilters>(key: K, value: AuditFilters[K]) => {
    setFilters((current) => withFilter(current, key, value));
    setPage(1);
  };
  const total = list.data?.total ?? 0;
  const download = async () => {
    setDownloading(true);
    const headers: Record<string, string> = scope.kind === "tenant" ? { "x-tenant-id": scope.tenantId } : {};
    await downloadFile(csvPath(scope.kind, filters, i18n.locale), headers, "audit-log.csv");
    setDownloading(false);
  };
  const cap = formatNumber(AUDIT_EXPORT_MAX);

  return (
    <Stack gap="lg">
      <PageTitle
        title={t`Audit log`}
        description={
          admin ? (
            <Trans>Who did what and when, in every organisation and on the platform.</Trans>
          ) : (
            <Trans>Who did what and when in the organisation.</Trans>
          )
        }
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={downloading}
            disabled={total === 0}
            onClick={() => void download()}
          >
            <Trans>Export CSV</Trans>
          </Button>
        }
      />
      <Card p={0}>
        <Stack gap="xs" p="md">
          <AuditFilterFields
            filters={filters}
            onChange={change}
            choices={{
              people: choices?.people ?? [],
              actions: choices?.actions ?? [],
              organisations: admin ? (organisations.data ?? []) : null,
            }}
          />
          <Text size="sm" c="dimmed" aria-live="polite">
            <Plural value={total} one="# entry" other="# entries" />
            {total > AUDIT_EXPORT_MAX ? (
              <>
                {" "}
                <Trans>The CSV file holds the newest {cap} entries: narrow the filters for older ones.</Trans>
              </>
            ) : null}
          </Text>
        </Stack>
        {list.data ? (
          <div aria-busy={list.isFetching}>
            <AuditTable rows={list.data.rows} withOrganisation={admin} />
            <TablePagination
              total={total}
              page={page}
              onPage={setPage}
              pageSize={pageSize}
              onPageSize={(size) => {
                setPageSize(typeof size === "number" ? size : FIRST_PAGE.limit);
                setPage(1);
              }}
              sizes={AUDIT_PAGE_SIZES}
              withAll={false}
              withLabel
              withRange
            />
          </div>
        ) : list.isError ? (
          <Alert color="red" variant="light" m="md" icon={<IconAlertTriangle size={18} />} role="alert">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{errorMessage(list.error)}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
                <Trans>Try again</Trans>
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Center py="xl" aria-busy="true">
            <Loader size="sm" />
          </Center>
        )}
      </Card>
      {list.data && list.isError ? (
        <Group>
          <Text size="sm" c="red.9" role="alert">
            {errorMessage(list.error)}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
