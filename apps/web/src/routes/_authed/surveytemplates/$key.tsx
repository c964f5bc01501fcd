import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { TemplateEditor } from "../../../features/survey-templates/template-editor";
import { requireSystemRole } from "../../../lib/guards";
import { useTRPC } from "../../../lib/trpc";

/** Editing a survey template (document 2 §2, edit_survey_template). */
export const Route = createFileRoute("/_authed/surveytemplates/$key")({
  beforeLoad: requireSystemRole("admin"),
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(context.trpc.surveyTemplate.get.queryOptions({ key: params.key })),
  component: EditTemplate,
});

function EditTemplate() {
  const { key } = Route.useParams();
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(trpc.surveyTemplate.get.queryOptions({ key }));
  // A new key (a saved new version) starts the editor afresh.
  return <TemplateEditor key={data.key} template={data} />;
}
