import { createFileRoute } from "@tanstack/react-router";
import { PersonsPage } from "../../../../features/persons/persons-page";
import { requireTenantPermission } from "../../../../lib/guards";

/** Persons (document 3 §2 tenant_persons): tenant admins only (§6). */
export const Route = createFileRoute("/_authed/t/$tenantId/persons")({
  beforeLoad: requireTenantPermission("person.read"),
  component: PersonsRoute,
});

function PersonsRoute() {
  const { tenantId } = Route.useParams();
  return <PersonsPage tenantId={tenantId} />;
}
