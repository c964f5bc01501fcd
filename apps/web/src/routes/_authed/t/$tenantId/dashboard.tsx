import { createFileRoute } from "@tanstack/react-router";
import { DashboardPage } from "../../../../features/dashboard/dashboard-page";

export const Route = createFileRoute("/_authed/t/$tenantId/dashboard")({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.tenant.values.queryOptions()),
  component: DashboardRoute,
});

function DashboardRoute() {
  const { tenantId } = Route.useParams();
  return <DashboardPage tenantId={tenantId} />;
}
