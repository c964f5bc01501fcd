import { randomBytes, randomUUID } from "node:crypto";
import { AppError } from "@kunto/core";
import type { schema } from "@kunto/db";
import { sql } from "drizzle-orm";
import { actorFor, asOwner, callerFor, type connect, makeTenant, makeUser } from "../support/harness";
import { answersFor } from "../support/reports";
import type { makeSharedSurvey } from "../support/surveys";

/**
 * What the plan-limit tests share (issue 21 "Plans everywhere"): an organisation with its admin's
 * tRPC caller, the refusal of a call, and respondents of a shared survey.
 */
type Connection = ReturnType<typeof connect>;
export type Shared = Awaited<ReturnType<typeof makeSharedSurvey>>;

/** An organisation in the given plan state, its admin signed in (a fresh session, nothing remembered). */
export async function organisation(db: Connection, values: Partial<typeof schema.tenants.$inferInsert>) {
  const tenant = await makeTenant(db.owner, values);
  const user = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
  const actor = await actorFor(db.db, "admin", user.id);
  const { caller } = await callerFor(db.db, actor, tenant.id);
  return { tenant, actor, caller };
}
export type Organisation = Awaited<ReturnType<typeof organisation>>;

/** The refusal of a call that must fail: its error key and the details it names. */
export async function refusalOf(call: Promise<unknown>): Promise<{ key: string; details: unknown }> {
  try {
    await call;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof AppError) return { key: cause.key, details: cause.details ?? {} };
    throw error;
  }
  throw new Error("expected a refusal, but the call succeeded");
}

/** A 403 `plan_required` naming the feature (and the plan's number, for a count). */
export const planRequired = (feature: string, limit?: number) => ({
  key: "plan_required",
  details: limit === undefined ? { feature } : { feature, limit },
});

/** `n` distinct addresses. */
export const emails = (n: number, prefix = "person") =>
  Array.from({ length: n }, (_, i) => `${prefix}.${i + 1}@example.test`);

/**
 * `n` stored respondents of a shared survey, written as fixtures (only their number matters to the
 * respondent cap, which counts the survey's responses).
 */
export async function storedResponses(db: Connection, shared: Shared, n: number) {
  await asOwner(db.owner, (tx) =>
    tx.execute(sql`
      insert into survey_responses
        (tenant_id, survey_id, share_id, team_id, submission_id, browser_token_hash, language, answers, submitted_on)
      select ${shared.survey.tenantId}, ${shared.survey.id}, ${shared.share.id}, ${shared.team.id},
        gen_random_uuid(), md5(${randomUUID()} || g::text), 'en', '{}'::jsonb, current_date
      from generate_series(1, ${n}) g`),
  );
}

export async function respondentCount(db: Connection, shared: Shared): Promise<number> {
  const [row] = await db.ownerSql<{ n: number }[]>`
    select count(*)::int as n from survey_responses where survey_id = ${shared.survey.id}`;
  return row?.n ?? 0;
}

/** The public calls of the respondent page: no session, no organisation. */
async function respondent(db: Connection) {
  return (await callerFor(db.db, { name: "respondent", cookie: null, userId: null }, null)).caller;
}

const linkOf = (shared: Shared) => ({ shareKey: shared.share.key, teamUrlSafeName: shared.team.urlSafeName });

/** What the respondent page shows for the share's link: `running`, or `full` at the plan's cap. */
export async function pageState(db: Connection, shared: Shared) {
  return (await (await respondent(db)).publicSurvey.get({ ...linkOf(shared), lang: "en" })).state;
}

/** One more respondent answering through the public submission. */
export async function submitOne(db: Connection, shared: Shared) {
  return (await respondent(db)).publicSurvey.submit({
    ...linkOf(shared),
    submissionId: randomUUID(),
    browserToken: randomBytes(24).toString("base64url"),
    language: "en",
    answers: await answersFor(db.db, shared.template.id, 1),
  });
}
