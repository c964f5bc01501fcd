import { createFileRoute } from "@tanstack/react-router";
import { AccountUsersPage } from "../../../../features/account-users/account-users-page";
import { requireTenantPermission } from "../../../../lib/guards";

export const Route = createFileRoute("/_authed/t/$tenantId/users")({
  beforeLoad: requireTenantPermission("tenant.users.manage"),
  // Prefetch without throwing: a failed load is shown inside the page with a retry (document 1 §8).
  loader: ({ context }) => context.queryClient.prefetchQuery(context.trpc.tenant.users.queryOptions()),
  component: AccountUsersRoute,
});

function AccountUsersRoute() {
  const { tenantId } = Route.useParams();
  return <AccountUsersPage tenantId={tenantId} />;
}
