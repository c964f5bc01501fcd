import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { DashboardPage } from "../../../../features/dashboard/dashboard-page";

/** tenant_start (document 2 §2): `onboardingSuccess` opens the dialog after a completed onboarding. */
const ZSearch = z.object({ onboardingSuccess: z.boolean().optional().catch(undefined) });

export const Route = createFileRoute("/_authed/t/$tenantId/dashboard")({
  validateSearch: ZSearch,
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.tenant.values.queryOptions()),
  component: DashboardRoute,
});

function DashboardRoute() {
  const { tenantId } = Route.useParams();
  const { onboardingSuccess } = Route.useSearch();
  return <DashboardPage tenantId={tenantId} onboardingSuccess={onboardingSuccess === true} />;
}
