import { PLAN_LIMITS, type Plan, type SurveyStatus, type SurveyType, surveyStatus } from "@kunto/core";
import type { Tx } from "@kunto/db";
import { sql } from "drizzle-orm";

/**
 * What the report selectors offer (document 2 §4 "Report selection"): per type, the surveys that
 * have answers, newest end first; when any of them has ended only the ended ones, otherwise only
 * the newest; the first is the default. Each with its shares in name order and their answer counts
 * (from the stored aggregates, not a scan of responses): on a plan with a share limit (FREE, one
 * share per report) the report starts on the first share with answers (`defaultShareOf`, issue
 * 19.16), never on an unanswered one that sorts first by name. A share is named by its id, never by
 * its key, the secret of its public links (docs/decisions.md "Survey pages: links for read-only
 * users, upcoming surveys").
 */
export interface ReportSurveyOption {
  key: string;
  name: string | null;
  type: SurveyType;
  start: string;
  end: string;
  status: SurveyStatus;
  latestAnswerAt: string;
  answers: number;
  shares: Array<{ key: string; name: string; answers: number }>;
}

export interface ReportOptions {
  personnel: ReportSurveyOption[];
  management: ReportSurveyOption[];
  /** The survey each side starts on: the first offered one whose shares have answers (issue 19.16). */
  defaults: { personnel: string | null; management: string | null };
  /** Shares selectable per survey (null: any number) and whether the heatmap is included. */
  maxSelectedShares: number | null;
  heatmap: boolean;
  /** The account has surveys, though none has answers yet (the empty state's wording). */
  hasSurveys: boolean;
}

export function offered<T extends { status: SurveyStatus }>(answered: T[]): T[] {
  const ended = answered.filter((s) => s.status === 200);
  if (ended.length > 0) return ended;
  return answered.slice(0, 1);
}

/**
 * The survey a side starts on: the first offered one with answers in its shares' stored aggregates
 * (and so a share to start on, `defaultShareOf`), else the first offered one.
 */
export const defaultSurvey = (list: ReportSurveyOption[]): string | null =>
  (list.find((survey) => survey.answers > 0) ?? list[0])?.key ?? null;

export async function reportOptions(
  tx: Tx,
  tenant: { id: string; plan: Plan },
  now = new Date(),
): Promise<ReportOptions> {
  const rows = await tx.execute<{
    key: string;
    name: string | null;
    type: SurveyType;
    starts_at: Date;
    ends_at: Date;
    latest_answer_on: string | null;
    share_key: string | null;
    share_name: string | null;
    share_answers: number | null;
  }>(sql`
    select s.key, s.name, s.type, s.starts_at, s.ends_at, s.latest_answer_on::text as latest_answer_on,
      sh.id::text as share_key, sh.name as share_name,
      (select coalesce(sum((a.aggregates->>'respondents')::int), 0)::int
         from survey_aggregates a where a.share_id = sh.id) as share_answers
    from surveys s left join survey_shares sh on sh.survey_id = s.id
    where s.tenant_id = ${tenant.id}
    order by s.ends_at desc, s.created_at desc, sh.name, sh.key`);
  const surveys = new Map<string, ReportSurveyOption>();
  let hasSurveys = false;
  for (const row of rows) {
    hasSurveys = true;
    if (!row.latest_answer_on) continue;
    let survey = surveys.get(row.key);
    if (!survey) {
      const start = new Date(row.starts_at);
      const end = new Date(row.ends_at);
      survey = {
        key: row.key,
        name: row.name,
        type: row.type,
        start: start.toISOString(),
        end: end.toISOString(),
        status: surveyStatus(start, end, now),
        latestAnswerAt: row.latest_answer_on,
        answers: 0,
        shares: [],
      };
      surveys.set(row.key, survey);
    }
    if (row.share_key && row.share_name !== null) {
      const answers = row.share_answers ?? 0;
      survey.shares.push({ key: row.share_key, name: row.share_name, answers });
      survey.answers += answers;
    }
  }
  const all = [...surveys.values()];
  const personnel = offered(all.filter((s) => s.type === "PERSONNEL"));
  const management = offered(all.filter((s) => s.type === "MANAGEMENT"));
  const limits = PLAN_LIMITS[tenant.plan];
  return {
    personnel,
    management,
    defaults: { personnel: defaultSurvey(personnel), management: defaultSurvey(management) },
    maxSelectedShares: limits.maxSelectedShares,
    heatmap: limits.reportHeatmap,
    hasSurveys,
  };
}
