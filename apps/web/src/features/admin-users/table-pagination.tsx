import { Trans, useLingui } from "@lingui/react/macro";
import { Group, Pagination, Select, Text } from "@mantine/core";
import { formatNumber } from "../../lib/format";
import { PAGE_SIZE_OPTIONS, type PageSizeOption, pageCount, pageSizeOf } from "./user-list";

export interface TablePaginationProps {
  total: number;
  page: number;
  onPage: (page: number) => void;
  pageSize: PageSizeOption;
  onPageSize: (pageSize: PageSizeOption) => void;
}

/** Page size 50, 100, 500 or all, and the pages (document 1 §9). */
export function TablePagination({ total, page, onPage, pageSize, onPageSize }: TablePaginationProps) {
  const { t } = useLingui();
  const pages = pageCount(total, pageSize);
  const size = pageSizeOf(pageSize);
  const first = total === 0 ? 0 : Number.isFinite(size) ? (page - 1) * size + 1 : 1;
  const last = Number.isFinite(size) ? Math.min(total, page * size) : total;
  const from = formatNumber(first);
  const to = formatNumber(last);
  const of = formatNumber(total);
  return (
    <Group justify="space-between" gap="sm" p="md">
      <Group gap="sm">
        <Select
          aria-label={t`Rows per page`}
          data={PAGE_SIZE_OPTIONS.map((value) => ({
            value,
            label: value === "all" ? t`All` : formatNumber(Number(value)),
          }))}
          value={pageSize}
          onChange={(value) => {
            if (value) onPageSize(value);
          }}
          allowDeselect={false}
          w={96}
          size="xs"
          comboboxProps={{ withinPortal: true }}
        />
        <Text size="sm" c="dimmed">
          <Trans>
            {from}–{to} of {of}
          </Trans>
        </Text>
      </Group>
      <Pagination total={pages} value={page} onChange={onPage} size="sm" hideWithOnePage withEdges />
    </Group>
  );
}
