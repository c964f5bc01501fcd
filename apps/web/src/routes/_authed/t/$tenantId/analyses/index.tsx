import { createFileRoute } from "@tanstack/react-router";
import { SurveyListPage } from "../../../../../features/surveys/survey-list-page";
import { requireTenantPermission } from "../../../../../lib/guards";

export const Route = createFileRoute("/_authed/t/$tenantId/analyses/")({
  beforeLoad: requireTenantPermission("survey.read"),
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.survey.list.queryOptions()),
  component: SurveysRoute,
});

function SurveysRoute() {
  const { tenantId } = Route.useParams();
  return <SurveyListPage tenantId={tenantId} />;
}
