import { createFileRoute } from "@tanstack/react-router";
import { PartyFormPage } from "../../../../features/parties/party-form-page";
import { PARTY_TABS, type PartyTab } from "../../../../features/parties/party-tabs";
import { requireTenantPermission } from "../../../../lib/guards";

/** A new party (document 3 §2 tenant_new_party): tenant admins only (§6). */
export const Route = createFileRoute("/_authed/t/$tenantId/party/")({
  validateSearch: (search: Record<string, unknown>): { tab?: PartyTab } => ({
    tab: PARTY_TABS.find((tab) => tab === search.tab),
  }),
  beforeLoad: requireTenantPermission("party.write"),
  component: NewPartyRoute,
});

function NewPartyRoute() {
  const { tenantId } = Route.useParams();
  const { tab } = Route.useSearch();
  return <PartyFormPage tenantId={tenantId} id={null} tab={tab ?? "basic"} />;
}
