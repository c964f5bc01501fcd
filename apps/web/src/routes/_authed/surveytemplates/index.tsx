import { createFileRoute } from "@tanstack/react-router";
import { TemplatesPage } from "../../../features/survey-templates/templates-page";
import { requireSystemRole } from "../../../lib/guards";

/** Survey templates: platform admins only (document 2 §2, survey_templates). */
export const Route = createFileRoute("/_authed/surveytemplates/")({
  beforeLoad: requireSystemRole("admin"),
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(context.trpc.surveyTemplate.list.queryOptions()),
  component: TemplatesPage,
});
