import { createFileRoute } from "@tanstack/react-router";
import { AccountUsersPage } from "../../../../features/account-users/account-users-page";
import { requireTenantPermission } from "../../../../lib/guards";

export const Route = createFileRoute("/_authed/t/$tenantId/users")({
  beforeLoad: requireTenantPermission("tenant.users.manage"),
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.tenant.users.queryOptions()),
  component: AccountUsersRoute,
});

function AccountUsersRoute() {
  const { tenantId } = Route.useParams();
  return <AccountUsersPage tenantId={tenantId} />;
}
