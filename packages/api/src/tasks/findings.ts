import { AppError, addDays, dayOf, SUGGESTED_TASK_DUE_DAYS, type SwotType } from "@kunto/core";
import type { Tx } from "@kunto/db";
import { bandFor, WIDE_BOUNDS } from "@kunto/engine";
import { sql } from "drizzle-orm";
import { calculateSurvey } from "../reports/survey-results";

/**
 * A survey's findings (issue 18.1): every category and subcategory with a released value, its band
 * (strength / opportunity / weakness, with the wide bounds for culture and economy & customers as the
 * reports use), and what a task made for it would carry (the survey, due its last day + 7).
 */
export interface Finding {
  surveyKey: string;
  surveyName: string | null;
  category: string;
  /** The question's key, for a finding of one question; null for a category's. */
  question: string | null;
  /** 0..100, the released value. */
  value: number;
  band: SwotType;
  dueDate: string;
}

export interface SurveyRef {
  id: string;
  key: string;
  name: string | null;
  type: "PERSONNEL" | "MANAGEMENT";
  endsAt: Date;
}

export async function surveyFindings(
  tx: Tx,
  tenantId: string,
  surveyKey: string,
): Promise<{ survey: SurveyRef; findings: Map<string, Finding>; questions: Map<string, Finding> }> {
  const [row] = await tx.execute<{
    id: string;
    key: string;
    name: string | null;
    type: SurveyRef["type"];
    ends_at: string;
  }>(
    sql`select id, key, name, type, ends_at::text from surveys where tenant_id = ${tenantId} and key = ${surveyKey}`,
  );
  if (!row) throw new AppError("not_found");
  const survey: SurveyRef = {
    id: row.id,
    key: row.key,
    name: row.name,
    type: row.type,
    endsAt: new Date(row.ends_at),
  };
  const calc = await calculateSurvey(tx, tenantId, surveyKey);
  const side = calc.type === "PERSONNEL" ? calc.lta : calc.oja;
  const dueDate = addDays(dayOf(survey.endsAt), SUGGESTED_TASK_DUE_DAYS);
  const findings = new Map<string, Finding>();
  const questions = new Map<string, Finding>();
  const finding = (
    category: string,
    question: string | null,
    value: number,
    wide: boolean,
  ): Finding | null => {
    const band = bandFor(value, wide ? WIDE_BOUNDS : undefined);
    return band === "grey"
      ? null
      : { surveyKey: survey.key, surveyName: survey.name, category, question, value, band, dueDate };
  };
  const add = (map: Map<string, Finding>, key: string, found: Finding | null) => {
    if (found) map.set(key, found);
  };
  for (const c of side?.categories ?? []) {
    const wide = c.name === "culture" || c.name === "economy_customers";
    if (c.status === "ok") add(findings, c.name, finding(c.name, null, c.value, wide));
    for (const s of c.subcategories)
      if (s.status === "ok") add(findings, s.name, finding(s.name, null, s.value, false));
  }
  // A question's band is the engine's (the reports show the same one).
  for (const q of side?.questions ?? [])
    if (q.status === "ok" && q.category) {
      const found = finding(q.category, q.key, q.value, false);
      if (found) questions.set(q.key, { ...found, band: q.band });
    }
  return { survey, findings, questions };
}

/**
 * How the loop from findings to action is doing for one survey (issue 18.1): of its weaknesses and
 * opportunities, how many have a task made for them (a task of that survey and category), how many
 * of those tasks are done, and the days from the survey's end to its first task.
 */
export interface LoopStatus {
  surveyKey: string;
  surveyName: string | null;
  type: SurveyRef["type"];
  endsAt: string;
  /** Weaknesses and opportunities: the findings that ask for action. */
  findings: number;
  findingsWithTask: number;
  tasks: number;
  tasksDone: number;
  /** Whole days from the survey's end to its first task (0 when made before the end); null: none yet. */
  daysToFirstTask: number | null;
}

export async function loopStatus(tx: Tx, tenantId: string, surveyKey: string): Promise<LoopStatus> {
  const { survey, findings } = await surveyFindings(tx, tenantId, surveyKey);
  const toAct = [...findings.values()].filter((f) => f.band !== "strength").map((f) => f.category);
  const [row] = await tx.execute<{
    with_task: number;
    tasks: number;
    done: number;
    first: string | null;
  }>(sql`
    select
      (select count(distinct c.engine_name)::int from tasks t join categories c on c.id = t.category_id
        where t.tenant_id = ${tenantId} and t.source_survey_id = ${survey.id}
          and c.engine_name = any(${sql.param(toAct)}::text[])) as with_task,
      (select count(*)::int from tasks t
        where t.tenant_id = ${tenantId} and t.source_survey_id = ${survey.id} and t.category_id is not null) as tasks,
      (select count(*)::int from tasks t
        where t.tenant_id = ${tenantId} and t.source_survey_id = ${survey.id} and t.category_id is not null
          and t.status = 'DONE') as done,
      (select min(t.created_at)::text from tasks t
        where t.tenant_id = ${tenantId} and t.source_survey_id = ${survey.id}) as first`);
  const first = row?.first ? new Date(row.first) : null;
  const DAY = 24 * 60 * 60 * 1000;
  return {
    surveyKey: survey.key,
    surveyName: survey.name,
    type: survey.type,
    endsAt: survey.endsAt.toISOString(),
    findings: toAct.length,
    findingsWithTask: row?.with_task ?? 0,
    tasks: row?.tasks ?? 0,
    tasksDone: row?.done ?? 0,
    daysToFirstTask: first
      ? Math.max(0, Math.floor((first.getTime() - survey.endsAt.getTime()) / DAY))
      : null,
  };
}

/**
 * The newest survey of each type that has started, personnel first: whose findings are the
 * account's current ones.
 */
export async function latestSurveyKeys(tx: Tx, tenantId: string): Promise<string[]> {
  const rows = await tx.execute<{ key: string }>(sql`
    select distinct on (type) key, type from surveys
    where tenant_id = ${tenantId} and starts_at <= now()
    order by type desc, starts_at desc, created_at desc`);
  return rows.map((r) => r.key);
}

/** The loop of each of the account's current surveys (see `latestSurveyKeys`). */
export async function latestLoops(tx: Tx, tenantId: string): Promise<LoopStatus[]> {
  const loops: LoopStatus[] = [];
  for (const key of await latestSurveyKeys(tx, tenantId)) loops.push(await loopStatus(tx, tenantId, key));
  return loops;
}
