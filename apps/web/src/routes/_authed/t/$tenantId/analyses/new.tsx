import { createFileRoute } from "@tanstack/react-router";
import { CreateSurveyPage } from "../../../../../features/surveys/create-survey-page";
import { requireTenantPermission } from "../../../../../lib/guards";

export const Route = createFileRoute("/_authed/t/$tenantId/analyses/new")({
  beforeLoad: requireTenantPermission("survey.write"),
  component: CreateSurveyRoute,
});

function CreateSurveyRoute() {
  const { tenantId } = Route.useParams();
  return <CreateSurveyPage tenantId={tenantId} />;
}
