import { schema, type Tx } from "@kunto/db";
import { asc, eq, sql } from "drizzle-orm";
import { calculateSurvey } from "../reports/survey-results";
import { MAX_TREND_POINTS } from "../reports/trend-lines";

/**
 * Fitness set against money (issue 23 "Beyond the documents"; docs/decisions.md "Fitness against
 * money"): the Company Fitness Index of every started personnel survey (the dashboard's index: its
 * own survey calculation, calculateSurvey), at the survey's end, and three KPIs per financial
 * statement, on one time axis. A survey whose numbers the anonymity rule withholds, or that has no
 * released answers, gives no point: the chart never shows what the dashboard would not. Every value
 * is in percent (0–100 for the index; 12.5 = 12.5 % for the KPIs).
 */
export interface FitnessPoint {
  surveyKey: string;
  name: string | null;
  end: string;
  overall: number;
  efficiency: number | null;
  capability: number | null;
  leadership: number | null;
}

export interface KpiPoint {
  financialStatementToDate: string;
  revenueGrowth: number | null;
  ebitdaPercent: number | null;
  equityRatio: number | null;
}

const toPercent = (fraction: number | null) => (fraction === null ? null : fraction * 100);

/** Sales revenue against the previous statement's, in percent; null without both or from zero. */
export function revenueGrowth(current: number | null, previous: number | null | undefined): number | null {
  if (current === null || previous === null || previous === undefined || previous === 0) return null;
  return ((current - previous) / Math.abs(previous)) * 100;
}

export async function fitnessPoints(tx: Tx, tenantId: string, now: Date): Promise<FitnessPoint[]> {
  const surveys = await tx.execute<{ key: string; name: string | null; ends_at: Date }>(sql`
    select key, name, ends_at from surveys
    where tenant_id = ${tenantId} and type = 'PERSONNEL' and starts_at <= ${now.toISOString()}::timestamptz
      and latest_answer_on is not null
    order by ends_at desc, starts_at desc, created_at desc
    limit ${MAX_TREND_POINTS}`);
  const points: FitnessPoint[] = [];
  for (const survey of [...surveys].reverse()) {
    const calc = await calculateSurvey(tx, tenantId, survey.key);
    const side = calc.lta;
    // Withheld (below the anonymity threshold) or nothing released: no point.
    if (side?.status !== "ok" || calc.metadata.answers === 0) continue;
    const index = side.fitnessIndex;
    if (index.overall.value === null) continue;
    points.push({
      surveyKey: survey.key,
      name: survey.name,
      end: new Date(survey.ends_at).toISOString(),
      overall: index.overall.value,
      efficiency: index.efficiency.value,
      capability: index.capability.value,
      leadership: index.leadership.value,
    });
  }
  return points;
}

export async function kpiPoints(tx: Tx, tenantId: string): Promise<KpiPoint[]> {
  const rows = await tx
    .select({
      financialStatementToDate: schema.financialStatements.financialStatementToDate,
      salesRevenue: schema.financialStatements.salesRevenue,
      ebitdaPercent: schema.financialStatements.ebitdaPercent,
      equityRatioPercent: schema.financialStatements.equityRatioPercent,
    })
    .from(schema.financialStatements)
    .where(eq(schema.financialStatements.tenantId, tenantId))
    .orderBy(asc(schema.financialStatements.financialStatementToDate));
  return rows.map((row, i) => ({
    financialStatementToDate: row.financialStatementToDate,
    revenueGrowth: i === 0 ? null : revenueGrowth(row.salesRevenue, rows[i - 1]?.salesRevenue),
    ebitdaPercent: toPercent(row.ebitdaPercent),
    equityRatio: toPercent(row.equityRatioPercent),
  }));
}

/** GET /api/tenant/financial/fitness. */
export async function fitnessAgainstMoney(tx: Tx, tenantId: string, now = new Date()) {
  const fitness = await fitnessPoints(tx, tenantId, now);
  const kpis = await kpiPoints(tx, tenantId);
  return { fitness, kpis };
}
