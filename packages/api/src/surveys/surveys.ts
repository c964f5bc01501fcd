import { generatePublicKey } from "@kunto/auth";
import {
  addDays,
  dayEnd,
  dayOf,
  dayStart,
  nextPlan,
  type Plan,
  recipientLimit,
  type SurveyStatus,
  surveyStatus,
  type TCreateSurveyInput,
  type TUpdateSurveyInput,
} from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { fail } from "../errors";

type SurveyRow = typeof schema.surveys.$inferSelect;

export interface SurveyListItem {
  key: string;
  name: string | null;
  type: SurveyRow["type"];
  start: string;
  end: string;
  notifications: SurveyRow["notifications"];
  estimatedAnswerers: number | null;
  status: SurveyStatus;
  surveyTemplate: { key: string; type: SurveyRow["type"]; version: number; name: string };
  totalAnswers: number;
  latestAnswerAt: string | null;
  createdAt: string;
}

/** The respondent cap of the plan, whether the survey reached it, and what the next plan allows. */
export function respondentCap(plan: Plan, totalAnswers: number) {
  const limit = recipientLimit(plan, totalAnswers);
  const next = nextPlan(plan);
  return {
    cap: limit.cap,
    reached: limit.reached,
    nextPlan: next,
  };
}

async function listRows(tx: Tx, tenantId: string, surveyId?: string) {
  const where = surveyId
    ? and(eq(schema.surveys.tenantId, tenantId), eq(schema.surveys.id, surveyId))
    : eq(schema.surveys.tenantId, tenantId);
  return tx
    .select({
      survey: schema.surveys,
      template: {
        key: schema.surveyTemplates.key,
        type: schema.surveyTemplates.type,
        version: schema.surveyTemplates.version,
      },
      answers: sql<number>`coalesce((select count(*)::int from ${schema.surveyResponses} r where r.survey_id = ${schema.surveys.id}), 0)`,
      latest: sql<
        string | null
      >`(select max(r.submitted_on)::text from ${schema.surveyResponses} r where r.survey_id = ${schema.surveys.id})`,
    })
    .from(schema.surveys)
    .innerJoin(schema.surveyTemplates, eq(schema.surveyTemplates.id, schema.surveys.templateId))
    .where(where)
    .orderBy(desc(schema.surveys.endsAt), desc(schema.surveys.createdAt));
}

function toListItem(row: Awaited<ReturnType<typeof listRows>>[number], now: Date): SurveyListItem {
  const s = row.survey;
  return {
    key: s.key,
    name: s.name,
    type: s.type,
    start: s.startsAt.toISOString(),
    end: s.endsAt.toISOString(),
    notifications: s.notifications,
    estimatedAnswerers: s.estimatedAnswerers,
    status: surveyStatus(s.startsAt, s.endsAt, now),
    surveyTemplate: { ...row.template, name: `${row.template.type} v${row.template.version}` },
    totalAnswers: row.answers,
    latestAnswerAt: row.latest ?? s.latestAnswerOn ?? null,
    createdAt: s.createdAt.toISOString(),
  };
}

export async function listSurveys(tx: Tx, tenantId: string, now = new Date()) {
  return (await listRows(tx, tenantId)).map((row) => toListItem(row, now));
}

export async function findSurvey(tx: Tx, tenantId: string, key: string): Promise<SurveyRow> {
  const [row] = await tx
    .select()
    .from(schema.surveys)
    .where(and(eq(schema.surveys.tenantId, tenantId), eq(schema.surveys.key, key)));
  return row ?? fail("not_found");
}

/**
 * One survey (§2 single survey): its list fields, the teams it is shared with and their
 * recipients, and the plan's respondent cap with whether the answers reached it.
 */
export async function getSurvey(tx: Tx, tenant: { id: string; plan: Plan }, key: string, now = new Date()) {
  const survey = await findSurvey(tx, tenant.id, key);
  const [row] = await listRows(tx, tenant.id, survey.id);
  if (!row) return fail("not_found");
  const item = toListItem(row, now);
  const teams = await tx
    .selectDistinct({
      id: schema.teams.id,
      key: schema.teams.key,
      name: schema.teams.name,
      type: schema.teams.type,
      urlSafeName: schema.teams.urlSafeName,
    })
    .from(schema.surveyShareTeams)
    .innerJoin(schema.surveyShares, eq(schema.surveyShares.id, schema.surveyShareTeams.shareId))
    .innerJoin(schema.teams, eq(schema.teams.id, schema.surveyShareTeams.teamId))
    .where(eq(schema.surveyShares.surveyId, survey.id))
    .orderBy(asc(schema.teams.name));
  const members =
    teams.length === 0
      ? []
      : await tx
          .select({ teamId: schema.teamAnswerers.teamId, email: schema.teamAnswerers.email })
          .from(schema.teamAnswerers)
          .where(
            inArray(
              schema.teamAnswerers.teamId,
              teams.map((t) => t.id),
            ),
          )
          .orderBy(asc(schema.teamAnswerers.email));
  const cap = respondentCap(tenant.plan, item.totalAnswers);
  return {
    ...item,
    respondentCap: cap.cap,
    capReached: cap.reached,
    nextPlan: cap.nextPlan,
    teams: teams.map(({ id, ...team }) => ({
      ...team,
      answerers: members.filter((m) => m.teamId === id).map((m) => m.email),
    })),
  };
}

/**
 * Answers per day (§3 statistics entry): one point per day from the start until the end or today,
 * whichever is first; none before the start. Optionally only one share's answers, named by its key
 * or by its id (docs/decisions.md "Survey pages: links for read-only users, upcoming surveys").
 */
export async function surveyStatistics(
  tx: Tx,
  tenantId: string,
  key: string,
  shareKey?: string,
  now = new Date(),
) {
  const survey = await findSurvey(tx, tenantId, key);
  let shareId: string | undefined;
  if (shareKey) {
    const [share] = await tx
      .select({ id: schema.surveyShares.id })
      .from(schema.surveyShares)
      .where(
        and(
          eq(schema.surveyShares.surveyId, survey.id),
          // Its key, or its id (what reports and read-only members know a share by).
          or(eq(schema.surveyShares.key, shareKey), sql`${schema.surveyShares.id}::text = ${shareKey}`),
        ),
      );
    if (!share) fail("not_found");
    shareId = share?.id;
  }
  const rows = await tx
    .select({
      day: sql<string>`${schema.surveyResponses.submittedOn}::text`,
      answers: sql<number>`count(*)::int`,
    })
    .from(schema.surveyResponses)
    .where(
      and(
        eq(schema.surveyResponses.surveyId, survey.id),
        shareId ? eq(schema.surveyResponses.shareId, shareId) : undefined,
      ),
    )
    .groupBy(schema.surveyResponses.submittedOn);
  const byDay = new Map(rows.map((r) => [r.day, r.answers]));
  const first = dayOf(survey.startsAt);
  const endDay = dayOf(survey.endsAt);
  const today = dayOf(now);
  const [last = today] = [endDay, today].sort();
  const points: Array<{ date: string; answers: number }> = [];
  for (let day = first; day <= last && points.length < 3660; day = addDays(day, 1))
    points.push({ date: day, answers: byDay.get(day) ?? 0 });
  return points;
}

/** Start at 00:00:00 and end at 23:59:59 of the chosen days; the days in order (§5). */
function periodOf(start: string, end: string) {
  const [first, last] = start <= end ? [start, end] : [end, start];
  return { first, last, startsAt: dayStart(first), endsAt: dayEnd(last) };
}

/** The template a new survey answers: active, of its type, highest version, newest on a tie. */
async function currentTemplate(tx: Tx, type: SurveyRow["type"]) {
  const [template] = await tx
    .select({ id: schema.surveyTemplates.id })
    .from(schema.surveyTemplates)
    .where(and(eq(schema.surveyTemplates.type, type), eq(schema.surveyTemplates.active, true)))
    .orderBy(desc(schema.surveyTemplates.version), desc(schema.surveyTemplates.createdAt))
    .limit(1);
  return template ?? fail("survey_create_failed");
}

export async function createSurvey(
  tx: Tx,
  tenant: { id: string; plan: Plan },
  userId: string,
  input: TCreateSurveyInput,
  now = new Date(),
) {
  const period = periodOf(input.start, input.end);
  if (period.first < dayOf(now)) fail("dates_in_past_error");
  const template = await currentTemplate(tx, input.type);
  const [row] = await tx
    .insert(schema.surveys)
    .values({
      tenantId: tenant.id,
      key: generatePublicKey(),
      name: input.name,
      type: input.type,
      templateId: template.id,
      startsAt: period.startsAt,
      endsAt: period.endsAt,
      notifications: input.notifications,
      estimatedAnswerers: input.estimatedAnswerers ?? null,
      createdByUserId: userId,
    })
    .returning();
  if (!row) return fail("survey_create_failed");
  return getSurvey(tx, tenant, row.key, now);
}

/**
 * The day of the survey's first answer (null without answers), read under a lock of the survey row:
 * the lock waits for submissions still in flight (each holds a key-share lock on the row through
 * its foreign key), so an answer being stored now is counted too.
 */
async function firstAnswerDay(tx: Tx, surveyId: string): Promise<string | null> {
  await tx
    .select({ id: schema.surveys.id })
    .from(schema.surveys)
    .where(eq(schema.surveys.id, surveyId))
    .for("update");
  const [row] = await tx
    .select({ day: sql<string | null>`min(${schema.surveyResponses.submittedOn})::text` })
    .from(schema.surveyResponses)
    .where(eq(schema.surveyResponses.surveyId, surveyId));
  return row?.day ?? null;
}

/**
 * Schedule, rename, estimated answerers, notifications (§4). Ending sets the end to now; reopening
 * is new dates. New dates may not lie in the past, except that the start may stay the day it was.
 * Once anyone has answered, the start may not move past the day of the first answer
 * (`survey_start_after_answers`): the answers would fall before the period (the daily statistics
 * would lose them) and a running survey would turn "upcoming" with answers in it. The end is never
 * before today, so it cannot cut answers off.
 */
export async function updateSurvey(
  tx: Tx,
  tenant: { id: string; plan: Plan },
  input: TUpdateSurveyInput,
  now = new Date(),
) {
  const survey = await findSurvey(tx, tenant.id, input.key);
  const set: Partial<typeof schema.surveys.$inferInsert> = { updatedAt: now };
  if (input.name !== undefined) set.name = input.name;
  if (input.estimatedAnswerers !== undefined) set.estimatedAnswerers = input.estimatedAnswerers;
  if (input.notifications !== undefined) set.notifications = input.notifications;
  if (input.start !== undefined || input.end !== undefined) {
    if (input.start === undefined || input.end === undefined) return fail("dates_error");
    const period = periodOf(input.start, input.end);
    const today = dayOf(now);
    const firstAnswerOn = await firstAnswerDay(tx, survey.id);
    if (firstAnswerOn !== null && period.first > firstAnswerOn)
      fail("survey_start_after_answers", { firstAnswerOn });
    if (period.last < today || (period.first < today && period.first !== dayOf(survey.startsAt)))
      fail("dates_in_past_error");
    set.startsAt = period.startsAt;
    set.endsAt = period.endsAt;
  }
  if (input.endNow) {
    set.endsAt = now;
    if (survey.startsAt > now) set.startsAt = now;
  }
  await tx.update(schema.surveys).set(set).where(eq(schema.surveys.id, survey.id));
  return getSurvey(tx, tenant, survey.key, now);
}

export async function deleteSurvey(tx: Tx, tenantId: string, key: string) {
  const survey = await findSurvey(tx, tenantId, key);
  await tx.delete(schema.surveys).where(eq(schema.surveys.id, survey.id));
}
