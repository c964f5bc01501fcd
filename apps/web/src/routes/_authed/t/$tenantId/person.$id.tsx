import { createFileRoute } from "@tanstack/react-router";
import { PersonFormPage } from "../../../../features/persons/person-form-page";
import { requireTenantPermission } from "../../../../lib/guards";

/** A person (document 3 §2 tenant_person, param id): tenant admins only (§6). */
export const Route = createFileRoute("/_authed/t/$tenantId/person/$id")({
  beforeLoad: requireTenantPermission("person.read"),
  loader: ({ context, params }) =>
    context.queryClient.prefetchQuery(context.trpc.person.get.queryOptions({ id: params.id })),
  component: PersonRoute,
});

function PersonRoute() {
  const { tenantId, id } = Route.useParams();
  return <PersonFormPage tenantId={tenantId} id={id} />;
}
