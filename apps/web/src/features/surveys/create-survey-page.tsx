import { useLingui } from "@lingui/react/macro";
import { Card, Stack } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { PageTitle } from "../../components/page-title";
import { CreateSurveyForm } from "./create-survey-form";

/** Create survey (document 2 §2): the form, then the survey-created view. */
export function CreateSurveyPage({ tenantId }: { tenantId: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <PageTitle title={t`New survey`} />
      <Card withBorder padding="lg" maw={640}>
        <CreateSurveyForm
          onCreated={(survey) =>
            navigate({ to: "/t/$tenantId/analyses/created/$key", params: { tenantId, key: survey.key } })
          }
          onCancel={() => navigate({ to: "/t/$tenantId/analyses", params: { tenantId } })}
        />
      </Card>
    </Stack>
  );
}
