import { createFileRoute } from "@tanstack/react-router";
import { AccountSettingsPage } from "../../../../features/account-settings/account-settings-page";
import { requireTenantPermission } from "../../../../lib/guards";

export const Route = createFileRoute("/_authed/t/$tenantId/settings")({
  beforeLoad: requireTenantPermission("tenant.update"),
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.tenant.current.queryOptions()),
  component: AccountSettingsRoute,
});

function AccountSettingsRoute() {
  const { tenantId } = Route.useParams();
  return <AccountSettingsPage tenantId={tenantId} />;
}
