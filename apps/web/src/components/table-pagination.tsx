import { ADMIN_PAGE_SIZES } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Group, Pagination, Select, Text } from "@mantine/core";
import { useState } from "react";
import { formatNumber } from "../lib/format";
import { type PageSize, pageCount, pageOf, pageRange, parsePageSize } from "../lib/pagination";

export interface TablePaginationProps {
  /** Rows in the whole list. */
  total: number;
  page: number;
  onPage: (page: number) => void;
  pageSize: PageSize;
  onPageSize: (pageSize: PageSize) => void;
  /** The page sizes offered besides "All": ADMIN_PAGE_SIZES (default) or APP_USER_PAGE_SIZES. */
  sizes?: readonly number[];
  /** "Rows per page" as visible text before the select (it is always the select's name). */
  withLabel?: boolean;
  /** The rows shown ("1–50 of 120") after the select. */
  withRange?: boolean;
  /** Buttons to the first and last page. */
  withEdges?: boolean;
  /** "All" among the sizes (default); off for lists paged by the server. */
  withAll?: boolean;
}

/** The page size (a number or all, document 1 §9) and the pages below a table. */
export function TablePagination({
  total,
  page,
  onPage,
  pageSize,
  onPageSize,
  sizes = ADMIN_PAGE_SIZES,
  withLabel = false,
  withRange = false,
  withEdges = false,
  withAll = true,
}: TablePaginationProps) {
  const { t } = useLingui();
  const { first, last } = pageRange(total, page, pageSize);
  const controlLabels = {
    first: t`First page`,
    previous: t`Previous page`,
    next: t`Next page`,
    last: t`Last page`,
  };
  const from = formatNumber(first);
  const to = formatNumber(last);
  const of = formatNumber(total);
  return (
    <Group justify="space-between" gap="sm" p="md">
      <Group gap={withLabel ? "xs" : "sm"}>
        {withLabel ? (
          <Text size="sm" c="dimmed">
            <Trans>Rows per page</Trans>
          </Text>
        ) : null}
        <Select
          aria-label={t`Rows per page`}
          data={[
            ...sizes.map((size) => ({ value: String(size), label: formatNumber(size) })),
            ...(withAll ? [{ value: "all", label: t`All` }] : []),
          ]}
          value={String(pageSize)}
          onChange={(value) => {
            if (value) onPageSize(parsePageSize(value, sizes));
          }}
          allowDeselect={false}
          w={96}
          size="xs"
          comboboxProps={{ withinPortal: true }}
        />
        {withRange ? (
          <Text size="sm" c="dimmed">
            <Trans>
              {from}–{to} of {of}
            </Trans>
          </Text>
        ) : null}
      </Group>
      <Pagination
        total={pageCount(total, pageSize)}
        value={page}
        onChange={onPage}
        size="sm"
        hideWithOnePage
        withEdges={withEdges}
        // The arrows are icons: each control and page button is named for screen readers (axe button-name).
        getControlProps={(control) => ({ "aria-label": controlLabels[control] })}
        getItemProps={(number) => ({ "aria-label": t`Page ${number}` })}
      />
    </Group>
  );
}

/**
 * Paging of a list held in the client: the rows of the current page and the props of
 * TablePagination. A new page size starts again from the first page; call `firstPage` when the
 * search or filters change. The page stays within the list when it gets shorter.
 */
export function usePagination<T>(items: readonly T[], initialPageSize: PageSize = ADMIN_PAGE_SIZES[0]) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(initialPageSize);
  const current = Math.min(page, pageCount(items.length, pageSize));
  const pagination: TablePaginationProps = {
    total: items.length,
    page: current,
    onPage: setPage,
    pageSize,
    onPageSize: (size) => {
      setPageSize(size);
      setPage(1);
    },
  };
  return { rows: pageOf(items, current, pageSize), firstPage: () => setPage(1), pagination };
}
