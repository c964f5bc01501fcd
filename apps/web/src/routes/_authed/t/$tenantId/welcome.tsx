import { createFileRoute } from "@tanstack/react-router";
import { SimpleOnboardingPage } from "../../../../features/onboarding/simple-onboarding-page";
import { requireTenantPermission } from "../../../../lib/guards";

/**
 * The simple onboarding (document 2 §2): where a new organisation's admin lands after creating it
 * (docs/decisions.md "Onboarding"). Menu hidden, like the wizard.
 */
export const Route = createFileRoute("/_authed/t/$tenantId/welcome")({
  staticData: { hideNav: true },
  beforeLoad: requireTenantPermission("survey.write"),
  component: WelcomeRoute,
});

function WelcomeRoute() {
  const { tenantId } = Route.useParams();
  return <SimpleOnboardingPage tenantId={tenantId} />;
}
