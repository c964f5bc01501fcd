import { createFileRoute } from "@tanstack/react-router";
import { TeamsPage } from "../../../../features/teams/teams-page";
import { requireTenantPermission } from "../../../../lib/guards";

/** The organisation's teams, reachable from the navigation next to Surveys (issue 19.6). */
export const Route = createFileRoute("/_authed/t/$tenantId/teams")({
  beforeLoad: requireTenantPermission("survey.read"),
  component: TeamsRoute,
});

function TeamsRoute() {
  const { tenantId } = Route.useParams();
  return <TeamsPage tenantId={tenantId} />;
}
