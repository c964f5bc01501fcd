import { type Language, PLAN_LIMITS, type Plan, type SurveyStatus, surveyStatus } from "@kunto/core";
import type { Tx } from "@kunto/db";
import {
  type Aggregates,
  CATEGORY,
  computeReport,
  DEFAULT_CATEGORY_TREE,
  emptyAggregates,
  type InputMapAxis,
  type SideReport,
  type TemplateQuestion,
} from "@kunto/engine";
import { sql } from "drizzle-orm";
import { loadTemplate } from "../responses/responses";
import { type SelectionAnonymity, selectionAnonymity } from "./anonymity";
import { type Heatmap, heatmapOf } from "./heatmap";
import { previousSurvey, type ReportRequest, resolveSelection, type SelectedSurvey } from "./selection";
import { type CategoryText, categoryTexts, type QuestionText, questionTexts } from "./texts";
import { type Trend, trendOf } from "./trends";

/**
 * The reports overview and category report (document 2 §2, §4, §7; issue 8): the engine's results
 * over the merged stored aggregates of a selection, per side, with the anonymity rules, the trend
 * since the previous survey of each type, the heatmap on paid plans and the texts to show them.
 */
export interface ReportSide {
  survey: {
    key: string;
    name: string | null;
    type: "PERSONNEL" | "MANAGEMENT";
    start: string;
    end: string;
    status: SurveyStatus;
  };
  shares: Array<{ key: string; name: string; respondents: number }>;
  /** Answers of the selection stored but not released yet (release.ts). */
  heldBack: number;
  /** Personnel: whether numbers may be shown, and how many more answers are needed; management: ok. */
  anonymity: SelectionAnonymity;
  result: SideReport;
  questions: QuestionText[];
  trend: Trend | null;
  heatmap: Heatmap | null;
}

export interface ReportResult {
  tenantName: string;
  anonymityThreshold: number;
  heatmapAvailable: boolean;
  personnel: ReportSide | null;
  management: ReportSide | null;
  inputMap: InputMapAxis[];
  metadata: { answers: { personnel: number; management: number } };
  categories: CategoryText[];
}

/** Aggregates that the engine reports as "not enough answers" (a stand-in for a withheld selection). */
const WITHHELD: Aggregates = { ...emptyAggregates(), respondents: 1 };

/**
 * A management selection without answers: every item without data, and no economy_customers,
 * which shows only with management answers (document 2 §1).
 */
function unansweredManagement(questions: readonly TemplateQuestion[]): SideReport {
  const side = computeReport({
    tree: DEFAULT_CATEGORY_TREE,
    questions,
    personnel: emptyAggregates(),
    management: WITHHELD,
  }).management as SideReport;
  return {
    ...side,
    respondents: 0,
    categories: side.categories.filter((c) => c.name !== CATEGORY.economyCustomers),
    questions: side.questions.filter((q) => q.category !== CATEGORY.economyCustomers),
  };
}

export async function buildReport(
  tx: Tx,
  tenant: { id: string; plan: Plan },
  request: ReportRequest,
  language: Language,
  now = new Date(),
): Promise<ReportResult> {
  const [selection, [account]] = await Promise.all([
    resolveSelection(tx, tenant, request),
    tx.execute<{ name: string; anonymity_threshold: number }>(
      sql`select name, anonymity_threshold from tenants where id = ${tenant.id}`,
    ),
  ]);
  const threshold = account?.anonymity_threshold ?? 5;
  const { personnel, management } = selection;
  const [personnelTemplate, managementTemplate] = await Promise.all([
    personnel ? loadTemplate(tx, personnel.templateId) : null,
    management ? loadTemplate(tx, management.templateId) : null,
  ]);
  const anonymity: SelectionAnonymity | null = personnel ? selectionAnonymity(personnel, threshold) : null;
  // A derivable selection is withheld like a small one: the engine then hides every number in it.
  const personnelInput = !personnel
    ? emptyAggregates()
    : anonymity?.status === "derivable"
      ? WITHHELD
      : personnel.aggregates;
  const questions = personnelTemplate?.engineQuestions ?? managementTemplate?.engineQuestions ?? [];
  const report = computeReport({
    tree: DEFAULT_CATEGORY_TREE,
    questions,
    managementQuestions: managementTemplate?.engineQuestions,
    personnel: personnelInput,
    management: management ? management.aggregates : null,
    anonymityThreshold: threshold,
  });
  const heatmapAvailable = PLAN_LIMITS[tenant.plan].reportHeatmap;

  const side = async (
    survey: SelectedSurvey,
    result: SideReport,
    sideAnonymity: SelectionAnonymity,
    templateQuestions: typeof questions,
  ): Promise<ReportSide> => {
    const isPersonnel = survey.type === "PERSONNEL";
    const [texts, previous] = await Promise.all([
      questionTexts(tx, survey.templateId, language),
      previousSurvey(tx, tenant.id, survey),
    ]);
    return {
      survey: {
        key: survey.key,
        name: survey.name,
        type: survey.type,
        start: survey.startsAt.toISOString(),
        end: survey.endsAt.toISOString(),
        status: surveyStatus(survey.startsAt, survey.endsAt, now),
      },
      shares: survey.shares.map((s) => ({ key: s.key, name: s.name, respondents: s.respondents })),
      heldBack: survey.heldBack,
      anonymity: sideAnonymity,
      // The withheld stand-in counts one respondent; the released count is no secret.
      result: { ...result, respondents: survey.aggregates.respondents },
      questions: texts,
      trend: previous
        ? trendOf(result, previous, (await loadTemplate(tx, previous.templateId)).engineQuestions, {
            isPersonnel,
            threshold,
          })
        : null,
      heatmap: heatmapAvailable
        ? heatmapOf(survey, result, templateQuestions, isPersonnel ? threshold : null, sideAnonymity)
        : null,
    };
  };

  const okAnonymity = (respondents: number): SelectionAnonymity => ({
    status: "ok",
    respondents,
    needed: 0,
    withShares: [],
  });
  const [personnelSide, managementSide, categories] = await Promise.all([
    personnel && anonymity && personnelTemplate
      ? side(personnel, report.personnel, anonymity, personnelTemplate.engineQuestions)
      : null,
    management && managementTemplate
      ? side(
          management,
          report.management ?? unansweredManagement(managementTemplate.engineQuestions),
          okAnonymity(management.aggregates.respondents),
          managementTemplate.engineQuestions,
        )
      : null,
    categoryTexts(tx, language),
  ]);
  return {
    tenantName: account?.name ?? "",
    anonymityThreshold: threshold,
    heatmapAvailable,
    personnel: personnelSide,
    management: managementSide,
    inputMap: [...report.inputMap],
    metadata: {
      answers: {
        personnel: personnel?.aggregates.respondents ?? 0,
        management: management?.aggregates.respondents ?? 0,
      },
    },
    categories,
  };
}
