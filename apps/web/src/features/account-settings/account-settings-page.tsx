import { useLingui } from "@lingui/react/macro";
import { Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { PageTitle } from "../../components/page-title";
import { isPlatformAdmin } from "../../lib/session";
import { useTRPC } from "../../lib/trpc";
import { useCurrentTenant, useMe } from "../../lib/use-me";
import { type CheckoutReturn, PaymentsCard } from "../billing/payments-card";
import { TeamsCard } from "../teams/teams-card";
import { ApiKeysCard } from "./api-keys-card";
import { BrandingCard } from "./branding-card";
import { EditTenantDialog } from "./edit-tenant-dialog";
import { TenantHeaderCard } from "./tenant-header-card";
import { WebhooksCard } from "./webhooks-card";

export interface AccountSettingsPageProps {
  tenantId: string;
  /** The route's `?openModalOnMount`: opens the edit dialog on load (document 1 §2). */
  openModalOnMount?: boolean;
  /** Where Stripe's checkout returned (`?checkout=`), said on the payments card. */
  checkoutReturn?: CheckoutReturn | null;
}

/**
 * Account settings (document 1 §2, tenant_admin only): the header card with the account's
 * details and the edit dialog, the teams, the dashboard's branding (TOTAL plan), API keys and
 * webhooks (PRO and TOTAL), payments (issue 21).
 */
export function AccountSettingsPage({
  tenantId,
  openModalOnMount = false,
  checkoutReturn = null,
}: AccountSettingsPageProps) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { data: tenant } = useSuspenseQuery(trpc.tenant.current.queryOptions());
  const current = useCurrentTenant(tenantId);
  const canEdit = current?.permissions.has("tenant.update") ?? false;
  const canWriteSurveys = current?.permissions.has("survey.write") ?? false;
  const platformAdmin = isPlatformAdmin(useMe());
  // Issue 20: the organisation's admins (PRO, TOTAL; a plan note on FREE) and platform admins.
  const canManageKeys = platformAdmin || (current?.permissions.has("tenant.apikeys.manage") ?? false);
  const canManageBilling = current?.permissions.has("billing.manage") ?? false;
  const canManageWebhooks = platformAdmin || (current?.permissions.has("tenant.webhooks.manage") ?? false);
  const [editOpened, edit] = useDisclosure(openModalOnMount && canEdit);

  // The request is used up once the dialog is open, so a reload does not open it again.
  useEffect(() => {
    if (openModalOnMount)
      void navigate({ to: "/t/$tenantId/settings", params: { tenantId }, search: {}, replace: true });
  }, [openModalOnMount, navigate, tenantId]);

  return (
    <Stack gap="lg">
      <PageTitle title={t`Settings`} description={tenant.name} />
      <TenantHeaderCard tenant={tenant} onEdit={canEdit ? edit.open : undefined} />
      <TeamsCard tenantId={tenantId} canEdit={canWriteSurveys} />
      {canEdit ? <BrandingCard /> : null}
      {canManageKeys ? <ApiKeysCard plan={current?.plan ?? "FREE"} platformAdmin={platformAdmin} /> : null}
      {canManageWebhooks ? (
        <WebhooksCard tenantId={tenantId} plan={current?.plan ?? "FREE"} platformAdmin={platformAdmin} />
      ) : null}
      {canManageBilling ? (
        <PaymentsCard
          checkoutReturn={checkoutReturn}
          onDismissReturn={() =>
            void navigate({ to: "/t/$tenantId/settings", params: { tenantId }, search: {}, replace: true })
          }
        />
      ) : null}
      {canEdit ? <EditTenantDialog tenant={tenant} opened={editOpened} onClose={edit.close} /> : null}
    </Stack>
  );
}
