import { createFileRoute } from "@tanstack/react-router";
import { AccountSettingsPage } from "../../../../features/account-settings/account-settings-page";
import { requireTenantPermission } from "../../../../lib/guards";
import { flag } from "../../../../lib/search-params";

export const Route = createFileRoute("/_authed/t/$tenantId/settings")({
  /**
   * `?openModalOnMount=true` (or 1) opens the edit dialog on load (document 1 §2); `?checkout=success`
   * or `cancel` is where Stripe's checkout returns (issue 21).
   */
  validateSearch: (
    search: Record<string, unknown>,
  ): { openModalOnMount?: boolean; checkout?: "success" | "cancel" } => ({
    openModalOnMount: flag(search.openModalOnMount),
    checkout: search.checkout === "success" || search.checkout === "cancel" ? search.checkout : undefined,
  }),
  beforeLoad: requireTenantPermission("tenant.update"),
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.tenant.current.queryOptions()),
  component: AccountSettingsRoute,
});

function AccountSettingsRoute() {
  const { tenantId } = Route.useParams();
  const { openModalOnMount, checkout } = Route.useSearch();
  return (
    <AccountSettingsPage
      tenantId={tenantId}
      openModalOnMount={openModalOnMount === true}
      checkoutReturn={checkout ?? null}
    />
  );
}
