import { createFileRoute } from "@tanstack/react-router";
import { PersonFormPage } from "../../../../features/persons/person-form-page";
import { requireTenantPermission } from "../../../../lib/guards";

/** A new person (document 3 §2 tenant_new_person): tenant admins only (§6). */
export const Route = createFileRoute("/_authed/t/$tenantId/person/")({
  beforeLoad: requireTenantPermission("person.write"),
  component: NewPersonRoute,
});

function NewPersonRoute() {
  const { tenantId } = Route.useParams();
  return <PersonFormPage tenantId={tenantId} id={null} />;
}
