import { createFileRoute } from "@tanstack/react-router";
import { OnboardingPage } from "../../../../features/onboarding/onboarding-page";
import { requireTenantPermission } from "../../../../lib/guards";

export const Route = createFileRoute("/_authed/t/$tenantId/onboarding")({
  staticData: { hideNav: true },
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
  return <OnboardingPage tenantId={tenantId} />;
}
