import type { SurveyType } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { CreateSurveyForm } from "../surveys/create-survey-form";
import { ShareCard } from "../surveys/share-card";
import { StepCard } from "./step-card";

/**
 * Steps 4 and 5 (document 2 §2): create a survey of the type, then the created view's share card.
 * On a return to the step, a survey of the type that has not ended yet is shown instead of the form.
 */
export function SurveyStep({
  tenantId,
  type,
  onDone,
}: {
  tenantId: string;
  type: SurveyType;
  onDone: () => Promise<void>;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const surveys = useQuery(trpc.survey.list.queryOptions());
  const [created, setCreated] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = surveys.data?.find((s) => s.type === type && s.status !== 200)?.key ?? null;
  const surveyKey = created ?? open;
  const personnel = type === "PERSONNEL";
  if (surveys.isPending) return null;
  return (
    <StepCard
      title={personnel ? t`Create a personnel survey` : t`Create a management survey`}
      text={
        surveyKey
          ? t`The survey is ready. Share its link with the team: everyone answers through their team's link.`
          : personnel
            ? t`The personnel survey is answered by your staff. Choose when it runs.`
            : t`The management survey is answered by the management team. Choose when it runs.`
      }
    >
      {surveyKey ? (
        <Stack gap="md">
          <ShareCard tenantId={tenantId} surveyKey={surveyKey} type={type} />
          <Group justify="flex-end">
            <Button
              loading={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  await onDone();
                } finally {
                  setBusy(false);
                }
              }}
            >
              <Trans>Continue</Trans>
            </Button>
          </Group>
        </Stack>
      ) : (
        <CreateSurveyForm fixedType={type} onCreated={(survey) => setCreated(survey.key)} />
      )}
    </StepCard>
  );
}
