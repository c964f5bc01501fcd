import type { Tx } from "@kunto/db";
import type { SideReport } from "@kunto/engine";
import { sql } from "drizzle-orm";
import { calculateSurvey, type SurveyCalculation } from "../reports/survey-results";
import type { TaskRowWithSource } from "./task-dto";

/**
 * Closing the loop (issue 9): a task made from a survey's finding (its category or question) shows,
 * once the next survey of the same type has answers, whether that value moved since. Both values
 * are the engine's, from `calculateSurvey` of the source survey and of the next one; a value the
 * anonymity rule withholds is null and so is the change.
 */
export interface FollowUp {
  /** waiting: no later survey of the type has answers yet. */
  state: "waiting" | "measured";
  surveyKey: string | null;
  surveyName: string | null;
  /** What was compared: the question when the task names one, else the category. */
  subject: "question" | "category";
  before: number | null;
  after: number | null;
  /** after − before, in points (0..100 scale, not rounded). */
  change: number | null;
}

function valueIn(side: SideReport | null, task: TaskRowWithSource): number | null {
  if (!side) return null;
  if (task.surveyQuestion) {
    const q = side.questions.find((x) => x.key === task.surveyQuestion);
    return q?.status === "ok" ? q.value : null;
  }
  for (const c of side.categories) {
    if (c.name === task.category) return c.status === "ok" ? c.value : null;
    const sub = c.subcategories.find((s) => s.name === task.category);
    if (sub) return sub.status === "ok" ? sub.value : null;
  }
  return null;
}

const sideOf = (calc: SurveyCalculation) => (calc.type === "PERSONNEL" ? calc.lta : calc.oja);

export async function withFollowUp(tx: Tx, tenantId: string, tasks: TaskRowWithSource[]) {
  const traced = tasks.filter((t) => t.sourceSurveyId && (t.category || t.surveyQuestion));
  const sourceIds = [...new Set(traced.map((t) => t.sourceSurveyId as string))];
  const next = new Map<string, { sourceKey: string; key: string | null; name: string | null }>();
  if (sourceIds.length) {
    const rows = await tx.execute<{
      source_id: string;
      source_key: string;
      key: string | null;
      name: string | null;
    }>(sql`
      select s.id as source_id, s.key as source_key, n.key, n.name
      from surveys s
      left join lateral (
        select key, name from surveys x
        where x.tenant_id = s.tenant_id and x.type = s.type and x.starts_at > s.starts_at
          and x.latest_answer_on is not null
        order by x.starts_at limit 1) n on true
      where s.tenant_id = ${tenantId} and s.id in (${sql.join(
        sourceIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
    for (const r of rows) next.set(r.source_id, { sourceKey: r.source_key, key: r.key, name: r.name });
  }
  const calculations = new Map<string, Promise<SurveyCalculation>>();
  const calc = (key: string) => {
    let found = calculations.get(key);
    if (!found) {
      found = calculateSurvey(tx, tenantId, key);
      calculations.set(key, found);
    }
    return found;
  };
  const result = [];
  for (const task of tasks) {
    const { sourceSurveyId, ...dto } = task;
    const pair = sourceSurveyId ? next.get(sourceSurveyId) : undefined;
    let followUp: FollowUp | null = null;
    if (pair && (task.category || task.surveyQuestion)) {
      const subject = task.surveyQuestion ? "question" : "category";
      if (!pair.key) {
        followUp = {
          state: "waiting",
          surveyKey: null,
          surveyName: null,
          subject,
          before: null,
          after: null,
          change: null,
        };
      } else {
        const before = valueIn(sideOf(await calc(pair.sourceKey)), task);
        const after = valueIn(sideOf(await calc(pair.key)), task);
        followUp = {
          state: "measured",
          surveyKey: pair.key,
          surveyName: pair.name,
          subject,
          before,
          after,
          change: before !== null && after !== null ? after - before : null,
        };
      }
    }
    result.push({ ...dto, followUp });
  }
  return result;
}
