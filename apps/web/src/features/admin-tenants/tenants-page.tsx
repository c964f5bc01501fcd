import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Button, Card, Group, Stack, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { PageTitle } from "../../components/page-title";
import { DebouncedSearchInput } from "../../components/search-input";
import { TablePagination, usePagination } from "../../components/table-pagination";
import { useTRPC } from "../../lib/trpc";
import { AddTenantDialog } from "./add-tenant-dialog";
import { EditTenantDialog } from "./edit-tenant-dialog";
import { TenantList } from "./tenant-list";
import { TenantPlanDialog } from "./tenant-plan-dialog";
import type { AdminTenant, TenantDialogKind } from "./tenant-status";
import { TenantUsersDialog } from "./tenant-users-dialog";

type OpenDialog = { kind: "add" } | { kind: TenantDialogKind; tenantId: string } | null;

/** Platform account list (document 1 §2): search, rows with a menu, and the account dialogs. */
export function TenantsPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const { data: tenants } = useSuspenseQuery(trpc.admin.tenants.queryOptions());
  const [search, setSearch] = useState("");
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const visible = useMemo(() => {
    const term = search.trim().toLowerCase();
    return term ? tenants.filter((tenant) => tenant.name.toLowerCase().includes(term)) : tenants;
  }, [tenants, search]);
  const { rows, firstPage, pagination } = usePagination(visible);
  const count = visible.length;
  // Dialogs read the account from the list, so they show it as it is after a change.
  const dialogTenant = (kind: TenantDialogKind): AdminTenant | null =>
    dialog && dialog.kind === kind ? (tenants.find((tenant) => tenant.id === dialog.tenantId) ?? null) : null;
  const close = () => setDialog(null);

  return (
    <Stack gap="lg">
      <PageTitle
        title={t`Organisations`}
        description={<Trans>All organisations on the platform.</Trans>}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: "add" })}>
            <Trans>Add new organisation</Trans>
          </Button>
        }
      />
      <Card p={0}>
        <Group p="md">
          <DebouncedSearchInput
            value={search}
            onSearch={(value) => {
              setSearch(value);
              firstPage();
            }}
            placeholder={t`Search by name`}
            w={{ base: "100%", sm: 360 }}
          />
          <Text size="sm" c="dimmed">
            <Plural value={count} one="# organisation" other="# organisations" />
          </Text>
        </Group>
        <TenantList tenants={rows} onOpen={(kind, tenant) => setDialog({ kind, tenantId: tenant.id })} />
        <TablePagination {...pagination} withLabel />
      </Card>

      <AddTenantDialog opened={dialog?.kind === "add"} onClose={close} />
      <EditTenantDialog tenant={dialogTenant("edit")} onClose={close} />
      <TenantPlanDialog tenant={dialogTenant("plan")} onClose={close} />
      <TenantUsersDialog tenant={dialogTenant("users")} onClose={close} />
    </Stack>
  );
}
