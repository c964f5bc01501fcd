import { createFileRoute } from "@tanstack/react-router";
import { PartiesPage } from "../../../../features/parties/parties-page";
import { requireTenantPermission } from "../../../../lib/guards";

/** Parties (document 3 §2 tenant_parties): tenant admins only (§6). */
export const Route = createFileRoute("/_authed/t/$tenantId/parties")({
  beforeLoad: requireTenantPermission("party.read"),
  component: PartiesRoute,
});

function PartiesRoute() {
  const { tenantId } = Route.useParams();
  return <PartiesPage tenantId={tenantId} />;
}
