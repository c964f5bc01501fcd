import type { AppRouter } from "@kunto/api";
import type { QuestionType, SurveyType } from "@kunto/core";
import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useTRPC } from "../../lib/trpc";

type Outputs = inferRouterOutputs<AppRouter>["surveyTemplate"];
export type TemplateSummary = Outputs["list"][number];
export type TemplateDetails = Outputs["get"];
export type QuestionCategory = Outputs["categories"][number];

export function useSurveyTypeLabel() {
  const { t } = useLingui();
  return (type: SurveyType): string => (type === "PERSONNEL" ? t`Personnel survey` : t`Management survey`);
}

export function useQuestionTypeLabel() {
  const { t } = useLingui();
  return (type: QuestionType): string =>
    type === "SLIDER" ? t`Slider` : type === "CHOICE_SINGLE" ? t`Single choice` : t`Question group`;
}

/** After a change: the list and every opened template read again. */
export function useRefreshTemplates() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.surveyTemplate.pathKey() });
}
