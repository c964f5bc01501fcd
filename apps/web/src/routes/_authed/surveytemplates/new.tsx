import { createFileRoute } from "@tanstack/react-router";
import { TemplateEditor } from "../../../features/survey-templates/template-editor";
import { requireSystemRole } from "../../../lib/guards";

/** A new survey template (document 2 §2, create_survey_template). */
export const Route = createFileRoute("/_authed/surveytemplates/new")({
  beforeLoad: requireSystemRole("admin"),
  component: () => <TemplateEditor />,
});
