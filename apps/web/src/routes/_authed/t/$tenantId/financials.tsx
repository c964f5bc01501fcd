import { createFileRoute } from "@tanstack/react-router";
import { FinancialsPage } from "../../../../features/financials/financials-page";
import { requireTenantPermission } from "../../../../lib/guards";

/** The financials screen (document 3 §2, issue 23). */
export const Route = createFileRoute("/_authed/t/$tenantId/financials")({
  beforeLoad: requireTenantPermission("financials.read"),
  component: FinancialsRoute,
});

function FinancialsRoute() {
  const { tenantId } = Route.useParams();
  return <FinancialsPage tenantId={tenantId} />;
}
