import { createFileRoute } from "@tanstack/react-router";
import { PartyFormPage } from "../../../../features/parties/party-form-page";
import { PARTY_TABS } from "../../../../features/parties/party-tabs";
import { requireTenantPermission } from "../../../../lib/guards";

/** A party (document 3 §2 tenant_party, params id and an optional tab): tenant admins only (§6). */
export const Route = createFileRoute("/_authed/t/$tenantId/party/$id/{-$tab}")({
  beforeLoad: requireTenantPermission("party.read"),
  loader: ({ context, params }) =>
    context.queryClient.prefetchQuery(context.trpc.party.byId.queryOptions({ id: params.id })),
  component: PartyRoute,
});

function PartyRoute() {
  const { tenantId, id, tab } = Route.useParams();
  return (
    <PartyFormPage tenantId={tenantId} id={id} tab={PARTY_TABS.find((known) => known === tab) ?? "basic"} />
  );
}
