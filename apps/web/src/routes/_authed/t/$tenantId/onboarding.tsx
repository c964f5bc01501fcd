import { createFileRoute } from "@tanstack/react-router";
import { OnboardingPage } from "../../../../features/onboarding/onboarding-page";
import { requireTenantPermission } from "../../../../lib/guards";
import { integer } from "../../../../lib/search-params";

/** tenant_onboarding (document 2 §2): admins only, menu hidden; `step` 1..7 as the route parameter. */
export const Route = createFileRoute("/_authed/t/$tenantId/onboarding")({
  staticData: { hideNav: true },
  validateSearch: (search: Record<string, unknown>): { step?: number } => ({
    step: integer(search.step, 1, 7),
  }),
  beforeLoad: requireTenantPermission("tenant.update"),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(context.trpc.tenant.current.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.tenant.values.queryOptions()),
    ]),
  component: OnboardingRoute,
});

function OnboardingRoute() {
  const { tenantId } = Route.useParams();
  const { step } = Route.useSearch();
  return <OnboardingPage tenantId={tenantId} routeStep={step} />;
}
