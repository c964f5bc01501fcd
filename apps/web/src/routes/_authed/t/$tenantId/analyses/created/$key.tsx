import { createFileRoute } from "@tanstack/react-router";
import { SurveyCreatedPage } from "../../../../../../features/surveys/survey-created-page";
import { requireTenantPermission } from "../../../../../../lib/guards";

export const Route = createFileRoute("/_authed/t/$tenantId/analyses/created/$key")({
  beforeLoad: requireTenantPermission("survey.write"),
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(context.trpc.survey.get.queryOptions({ key: params.key })),
  component: SurveyCreatedRoute,
});

function SurveyCreatedRoute() {
  const { tenantId, key } = Route.useParams();
  return <SurveyCreatedPage tenantId={tenantId} surveyKey={key} />;
}
