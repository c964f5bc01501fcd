import { createFileRoute } from "@tanstack/react-router";
import { DashboardPage } from "../../../../features/dashboard/dashboard-page";
import { boolean } from "../../../../lib/search-params";

export const Route = createFileRoute("/_authed/t/$tenantId/dashboard")({
  /** tenant_start (document 2 §2): `onboardingSuccess` opens the dialog after a completed onboarding. */
  validateSearch: (search: Record<string, unknown>): { onboardingSuccess?: boolean } => ({
    onboardingSuccess: boolean(search.onboardingSuccess),
  }),
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.tenant.values.queryOptions()),
  component: DashboardRoute,
});

function DashboardRoute() {
  const { tenantId } = Route.useParams();
  const { onboardingSuccess } = Route.useSearch();
  return <DashboardPage tenantId={tenantId} onboardingSuccess={onboardingSuccess === true} />;
}
