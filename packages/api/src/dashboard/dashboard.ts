import { PLAN_LIMITS, type Plan, type SurveyStatus, surveyStatus } from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import type { CultureReport, FitnessIndex } from "@kunto/engine";
import { and, desc, eq, sql } from "drizzle-orm";
import { calculateSurvey } from "../reports/survey-results";

/**
 * The dashboard's survey data (document 2 §2 Dashboard, §7 GET /api/tenant/survey/dashboard): for
 * each survey type the latest answered survey's Company Fitness Index and culture, and the previous
 * answered survey's index for the change since. Chosen like the reports' default selection (§4
 * "Report selection"): surveys with answers; if any of them has ended only the ended ones; the
 * latest end first. Numbers below the anonymity threshold stay withheld: the side then says
 * `not_enough_answers` and how many more answers are needed. The FREE plan's limited dashboard
 * (document 2 §6, issue 19.17) has no comparison over time: `previous` is null and not computed.
 */
export interface DashboardSurvey {
  key: string;
  name: string | null;
  start: string;
  end: string;
  status: SurveyStatus;
}

export interface DashboardSide {
  survey: DashboardSurvey;
  /** Released answers (what the numbers are made of). */
  answers: number;
  /** Answers stored but held back until they make a step (issue 17.1). */
  heldBack: number;
  anonymityThreshold: number | null;
  status: "ok" | "not_enough_answers";
  /** Answers still needed before numbers are shown; null when they are shown. */
  missingAnswers: number | null;
  fitnessIndex: FitnessIndex;
  culture: CultureReport;
  /**
   * The answered survey of the same type before it, for the change since; null when none, and
   * always on a plan without the full dashboard.
   */
  previous: {
    survey: DashboardSurvey;
    status: "ok" | "not_enough_answers";
    fitnessIndex: FitnessIndex;
  } | null;
}

export interface DashboardData {
  /** Whether the plan has the full dashboard, with the comparison with earlier surveys. */
  comparisonAvailable: boolean;
  /** Whether the organisation has any survey at all (the "no surveys" empty state). */
  hasSurveys: boolean;
  /** Whether a personnel survey exists (with or without answers). */
  hasPersonnelSurvey: boolean;
  personnel: DashboardSide | null;
  management: DashboardSide | null;
}

type SurveyRow = Pick<typeof schema.surveys.$inferSelect, "key" | "name" | "startsAt" | "endsAt">;

const toSurvey = (row: SurveyRow, now: Date): DashboardSurvey => ({
  key: row.key,
  name: row.name,
  start: row.startsAt.toISOString(),
  end: row.endsAt.toISOString(),
  status: surveyStatus(row.startsAt, row.endsAt, now),
});

/** The answered surveys of a type in the §4 order: ended ones only when any has ended. */
async function answeredSurveys(tx: Tx, tenantId: string, type: "PERSONNEL" | "MANAGEMENT", now: Date) {
  const rows = await tx
    .select({
      key: schema.surveys.key,
      name: schema.surveys.name,
      startsAt: schema.surveys.startsAt,
      endsAt: schema.surveys.endsAt,
    })
    .from(schema.surveys)
    .where(
      and(
        eq(schema.surveys.tenantId, tenantId),
        eq(schema.surveys.type, type),
        sql`${schema.surveys.latestAnswerOn} is not null`,
      ),
    )
    .orderBy(desc(schema.surveys.endsAt), desc(schema.surveys.createdAt));
  const ended = rows.filter((row) => row.endsAt.getTime() <= now.getTime());
  return ended.length > 0 ? ended : rows;
}

async function side(
  tx: Tx,
  tenantId: string,
  type: "PERSONNEL" | "MANAGEMENT",
  now: Date,
  comparison: boolean,
): Promise<DashboardSide | null> {
  const [latest, earlier] = await answeredSurveys(tx, tenantId, type, now);
  const previous = comparison ? earlier : undefined;
  if (!latest) return null;
  const pick = (calc: Awaited<ReturnType<typeof calculateSurvey>>) =>
    type === "PERSONNEL" ? calc.lta : calc.oja;
  const calc = await calculateSurvey(tx, tenantId, latest.key);
  const report = pick(calc);
  if (!report) return null;
  const before = previous ? pick(await calculateSurvey(tx, tenantId, previous.key)) : null;
  const threshold = calc.anonymityThreshold;
  const withheld = report.status === "not_enough_answers";
  return {
    survey: toSurvey(latest, now),
    answers: calc.metadata.answers,
    heldBack: calc.metadata.heldBack,
    anonymityThreshold: threshold,
    status: report.status,
    missingAnswers: withheld && threshold !== null ? calc.metadata.needed : null,
    fitnessIndex: report.fitnessIndex,
    culture: report.culture,
    previous:
      previous && before
        ? { survey: toSurvey(previous, now), status: before.status, fitnessIndex: before.fitnessIndex }
        : null,
  };
}

export async function dashboardData(
  tx: Tx,
  tenantId: string,
  plan: Plan,
  now = new Date(),
): Promise<DashboardData> {
  const comparison = PLAN_LIMITS[plan].fullDashboard;
  const [counts] = await tx.execute<{ all: number; personnel: number }>(sql`
    select count(*)::int as all, count(*) filter (where type = 'PERSONNEL')::int as personnel
    from surveys where tenant_id = ${tenantId}`);
  const personnel = await side(tx, tenantId, "PERSONNEL", now, comparison);
  const management = await side(tx, tenantId, "MANAGEMENT", now, comparison);
  return {
    comparisonAvailable: comparison,
    hasSurveys: (counts?.all ?? 0) > 0,
    hasPersonnelSurvey: (counts?.personnel ?? 0) > 0,
    personnel,
    management,
  };
}
