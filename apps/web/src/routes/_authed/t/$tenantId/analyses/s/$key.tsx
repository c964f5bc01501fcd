import { createFileRoute } from "@tanstack/react-router";
import { SingleSurveyPage } from "../../../../../../features/surveys/single-survey-page";
import { requireTenantPermission } from "../../../../../../lib/guards";

export const Route = createFileRoute("/_authed/t/$tenantId/analyses/s/$key")({
  beforeLoad: requireTenantPermission("survey.read"),
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(context.trpc.survey.get.queryOptions({ key: params.key })),
  component: SingleSurveyRoute,
});

function SingleSurveyRoute() {
  const { tenantId, key } = Route.useParams();
  return <SingleSurveyPage key={key} tenantId={tenantId} surveyKey={key} />;
}
