import { ADMIN_PAGE_SIZES, LANGUAGES } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Badge, Button, Stack, Table, Text, UnstyledButton } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { PageTitle } from "../../components/page-title";
import { DebouncedSearchInput } from "../../components/search-input";
import { TablePagination } from "../../components/table-pagination";
import { EmptyTableRow } from "../../components/table-parts";
import { errorMessage } from "../../lib/api-error";
import type { PageSize } from "../../lib/pagination";
import { useTRPC } from "../../lib/trpc";
import { useMe } from "../../lib/use-me";
import { canEditTranslations, translationPageInput } from "./access";
import { TranslationDialog } from "./translation-dialog";
import { LANGUAGE_COLUMN, TRANSLATION_ERRORS, type TranslationRow } from "./translation-labels";

/**
 * The translations editor (document 3 §2): a tid column and one per language, a debounced search,
 * pages of 50, 100, 500 or all; a row opens the dialog, read only for a tenant admin.
 */
export function TranslationsPage() {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const editable = canEditTranslations(useMe());
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(ADMIN_PAGE_SIZES[0]);
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<TranslationRow | "new" | null>(null);
  const query = useQuery({
    ...trpc.translation.page.queryOptions(translationPageInput(page, pageSize, search)),
    placeholderData: keepPreviousData,
  });
  const items = query.data?.items ?? [];
  return (
    <Stack gap="md">
      <PageTitle
        title={t`Translations`}
        description={
          editable ? null : (
            <Trans>The translations are shared by every organisation; you can read them here.</Trans>
          )
        }
        actions={
          editable ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
              <Trans>New translation</Trans>
            </Button>
          ) : null
        }
      />
      <DebouncedSearchInput
        value={search}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        label={t`Search translations`}
        aria-label={t`Search translations`}
      />
      {query.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(query.error, TRANSLATION_ERRORS.loading)}
        </Alert>
      ) : null}
      <div>
        {/* Below 36rem each row stacks, its cells named by their column (styles.css). */}
        <Table highlightOnHover className="stack-when-narrow">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Translation id</Trans>
              </Table.Th>
              {LANGUAGES.map((language) => (
                <Table.Th key={language}>{i18n._(LANGUAGE_COLUMN[language])}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((row) => (
              <Table.Tr key={row.tid} onClick={() => setEditing(row)} style={{ cursor: "pointer" }}>
                <Table.Th scope="row" fw="normal">
                  {/* The button makes the row's action reachable by keyboard and named for screen readers. */}
                  <UnstyledButton
                    className="break-anywhere"
                    fz="sm"
                    c="blue"
                    aria-label={editable ? t`Edit ${row.tid}` : t`Open ${row.tid}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      setEditing(row);
                    }}
                  >
                    {row.tid}
                  </UnstyledButton>{" "}
                  {row.stored.length > 0 && row.builtIn ? (
                    <Badge size="xs" variant="light">
                      <Trans>Changed</Trans>
                    </Badge>
                  ) : null}
                </Table.Th>
                {LANGUAGES.map((language) => (
                  <Table.Td key={language} data-label={i18n._(LANGUAGE_COLUMN[language])} maw={260}>
                    <Text size="sm" lineClamp={3} className="break-anywhere">
                      {row.texts[language]}
                    </Text>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            {query.isSuccess && items.length === 0 ? (
              <EmptyTableRow colSpan={LANGUAGES.length + 1}>
                <Trans>No translations match the search.</Trans>
              </EmptyTableRow>
            ) : null}
          </Table.Tbody>
        </Table>
      </div>
      <TablePagination
        total={query.data?.total ?? 0}
        page={page}
        onPage={setPage}
        pageSize={pageSize}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        withRange
      />
      <TranslationDialog
        row={editing === "new" ? null : editing}
        opened={editing !== null}
        readOnly={!editable}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
