import { type SystemDb, withSystem } from "@kunto/db";
import { sql } from "drizzle-orm";
import { PLANS_WITH_WEBHOOKS, recordWebhookEvent } from "./events";

/**
 * The survey events come from the clock, not from a request (issue 20.4): a survey starts and ends at
 * its dates, and its answers reach a count as respondents send them. A scan each minute (pg-boss cron,
 * apps/server/src/jobs.ts) records what happened since: each once (`dedupe_key`), for endpoints that
 * existed when it happened, within a day of it. The answer count is looked at once a minute, never per
 * answer, so the event does not point at the one respondent who made the count.
 */
const WINDOW = "1 day";

type SurveyRow = {
  tenant_id: string;
  key: string;
  name: string | null;
  type: "PERSONNEL" | "MANAGEMENT";
  starts_at: Date | string;
  ends_at: Date | string;
  endpoint_ids: string[];
};

const iso = (value: Date | string) => new Date(value).toISOString();
const surveyData = (row: SurveyRow) => ({
  key: row.key,
  name: row.name,
  type: row.type,
  startsAt: iso(row.starts_at),
  endsAt: iso(row.ends_at),
});
const planAllowed = sql`kunto_effective_plan(t.plan, t.subscription_status, t.payment_grace_until) = any(${`{${PLANS_WITH_WEBHOOKS.join(",")}}`}::text[])`;

async function datedEvents(system: SystemDb, now: Date, type: "survey.started" | "survey.ended") {
  const column = sql.raw(type === "survey.started" ? "s.starts_at" : "s.ends_at");
  return withSystem(system, async (tx) => {
    const rows = await tx.execute<SurveyRow>(sql`
      select s.tenant_id, s.key, s.name, s.type, s.starts_at, s.ends_at, array_agg(e.id) as endpoint_ids
      from surveys s
        join webhook_endpoints e on e.tenant_id = s.tenant_id
        join tenants t on t.id = s.tenant_id
      where e.enabled and ${type} = any(e.events) and t.active and ${planAllowed}
        and ${column} <= ${now.toISOString()}::timestamptz
        and ${column} > ${now.toISOString()}::timestamptz - ${WINDOW}::interval
        and ${column} > e.created_at
      group by s.id, s.tenant_id`);
    let made = 0;
    for (const row of rows) {
      const at = iso(type === "survey.started" ? row.starts_at : row.ends_at);
      made += await recordWebhookEvent(
        tx,
        row.tenant_id,
        type,
        { survey: surveyData(row) },
        { dedupeKey: `${type}:${row.key}:${at}`, endpointIds: row.endpoint_ids },
      );
    }
    return made;
  });
}

async function answerCountEvents(system: SystemDb, now: Date) {
  return withSystem(system, async (tx) => {
    const rows = await tx.execute<SurveyRow & { answer_count: number; answers: number }>(sql`
      select s.tenant_id, s.key, s.name, s.type, s.starts_at, s.ends_at,
        coalesce(e.answer_count, s.estimated_answerers) as answer_count, c.answers, array_agg(e.id) as endpoint_ids
      from surveys s
        join webhook_endpoints e on e.tenant_id = s.tenant_id
        join tenants t on t.id = s.tenant_id
        cross join lateral (select count(*)::int as answers from survey_responses r where r.survey_id = s.id) c
      where e.enabled and 'survey.answers_reached' = any(e.events) and t.active and ${planAllowed}
        and s.starts_at <= ${now.toISOString()}::timestamptz
        and s.ends_at > ${now.toISOString()}::timestamptz - ${WINDOW}::interval
        and coalesce(e.answer_count, s.estimated_answerers) > 0
        and c.answers >= coalesce(e.answer_count, s.estimated_answerers)
      group by s.id, s.tenant_id, coalesce(e.answer_count, s.estimated_answerers), c.answers`);
    let made = 0;
    for (const row of rows)
      made += await recordWebhookEvent(
        tx,
        row.tenant_id,
        "survey.answers_reached",
        { survey: surveyData(row), answerCount: row.answer_count, answers: row.answers },
        {
          dedupeKey: `survey.answers_reached:${row.key}:${row.answer_count}`,
          endpointIds: row.endpoint_ids,
        },
      );
    return made;
  });
}

/** Records the survey events that happened by `now`; answers the deliveries made. */
export async function scanSurveyEvents(system: SystemDb, now = new Date()): Promise<number> {
  return (
    (await datedEvents(system, now, "survey.started")) +
    (await datedEvents(system, now, "survey.ended")) +
    (await answerCountEvents(system, now))
  );
}
