import { createHash } from "node:crypto";
import {
  AppError,
  effectivePlan,
  PLAN_LIMITS,
  type Plan,
  type SubscriptionStatus,
  dayOf as surveyDayOf,
} from "@kunto/core";
import { type Db, loadTemplateQuestions, type SliderScale, schema, type Tx } from "@kunto/db";
import {
  addRespondent,
  DEFAULT_CATEGORY_TREE,
  emptyAggregates,
  type PreparedTemplate,
  parseAggregates,
  prepareTemplate,
  type RawAnswers,
  scoreRespondent,
  type TemplateQuestion,
} from "@kunto/engine";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";

/**
 * The respondent page's two calls (issue 7, GUIDE.md "Answers at volume"): what the page shows for
 * a public link, and one submission. Both work in their own transaction that reaches the share by
 * its key (policy `survey_shares_by_key`) and then its tenant; neither reads a session nor the
 * per-process check memory.
 */

export const RESPONDENT_LANGUAGES = ["en", "fi", "ee", "ru", "pl"] as const;
export type RespondentLanguage = (typeof RESPONDENT_LANGUAGES)[number];

export type SurveyState = "upcoming" | "running" | "ended" | "full";

/** One question of a template as the respondent page needs it (no report wording). */
export interface TemplateQuestionRow {
  key: string;
  type: "GROUP" | "SLIDER" | "CHOICE_SINGLE";
  group: string | null;
  category: string | null;
  titleTid: string;
  contentTid: string | null;
  slider: SliderScale | null;
  choices: { key: string; value: number; nameTid: string }[] | null;
}

/** A template as answered: its rows, the engine's prepared form, and choice values by key. */
export interface LoadedTemplate {
  id: string;
  type: "PERSONNEL" | "MANAGEMENT";
  startTid: string;
  welcome: boolean;
  autojump: boolean;
  questions: TemplateQuestionRow[];
  engineQuestions: TemplateQuestion[];
  prepared: PreparedTemplate;
  /** For each scorable question: slider bounds, or choice value -> choice key. */
  rules: Map<
    string,
    { kind: "slider"; min: number; max: number; step: number } | { kind: "choice"; keys: Map<number, string> }
  >;
}

/**
 * Templates never change under a survey (edits make a new version), so a template is loaded and
 * prepared once per process and kept by id.
 */
const templates = new Map<string, Promise<LoadedTemplate>>();

export function loadTemplate(tx: Tx | Db, templateId: string): Promise<LoadedTemplate> {
  let loaded = templates.get(templateId);
  if (!loaded) {
    loaded = readTemplate(tx, templateId);
    templates.set(templateId, loaded);
    loaded.catch(() => templates.delete(templateId));
  }
  return loaded;
}

async function readTemplate(tx: Tx | Db, templateId: string): Promise<LoadedTemplate> {
  const [template] = await tx
    .select()
    .from(schema.surveyTemplates)
    .where(eq(schema.surveyTemplates.id, templateId));
  if (!template) throw new AppError("not_found");
  const questions: TemplateQuestionRow[] = [];
  const engineQuestions: TemplateQuestion[] = [];
  const rules: LoadedTemplate["rules"] = new Map();
  for (const q of await loadTemplateQuestions(tx, templateId)) {
    const choices = q.type === "CHOICE_SINGLE" ? q.choices : null;
    questions.push({
      key: q.key,
      type: q.type,
      group: q.groupKey,
      category: q.category,
      titleTid: q.titleTid,
      contentTid: q.contentTid,
      slider: q.slider,
      choices: choices?.map((c) => ({ key: c.key, value: c.value, nameTid: c.nameTid })) ?? null,
    });
    if (q.type === "GROUP") engineQuestions.push({ key: q.key, type: "GROUP", category: q.category });
    else if (q.slider) {
      const { min, max, step } = q.slider;
      engineQuestions.push({ key: q.key, type: "SLIDER", category: q.category, min, max, step });
      rules.set(q.key, { kind: "slider", min, max, step });
    } else {
      const list = choices ?? [];
      engineQuestions.push({
        key: q.key,
        type: "CHOICE_SINGLE",
        category: q.category,
        choices: list.map((c) => ({ key: c.key, value: c.value })),
      });
      rules.set(q.key, { kind: "choice", keys: new Map(list.map((c) => [c.value, c.key])) });
    }
  }
  return {
    id: template.id,
    type: template.type,
    startTid: template.startTid,
    welcome: template.welcome,
    autojump: template.autojump,
    questions,
    engineQuestions,
    prepared: prepareTemplate(DEFAULT_CATEGORY_TREE, engineQuestions),
    rules,
  };
}

/** Texts of the given tids in one language, English where that language has none. */
export async function textsFor(tx: Tx, tids: string[], language: RespondentLanguage) {
  const rows = tids.length
    ? await tx
        .select()
        .from(schema.translations)
        .where(
          and(
            inArray(schema.translations.tid, tids),
            inArray(schema.translations.language, language === "en" ? ["en"] : [language, "en"]),
          ),
        )
    : [];
  const texts = new Map<string, string>();
  for (const row of rows) if (row.language === "en" && !texts.has(row.tid)) texts.set(row.tid, row.text);
  for (const row of rows)
    if (row.language === language && row.text.trim() !== "") texts.set(row.tid, row.text);
  return (tid: string | null) => (tid === null ? null : (texts.get(tid) ?? ""));
}

interface ShareContext {
  shareId: string;
  tenantId: string;
  surveyId: string;
  surveyType: "PERSONNEL" | "MANAGEMENT";
  templateId: string;
  startsAt: Date;
  endsAt: Date;
  teamId: string | null;
  teamName: string | null;
  plan: Plan;
  subscriptionStatus: SubscriptionStatus | null;
  paymentGraceUntil: Date | null;
  latestAnswerOn: string | null;
  /** The stored response of the submission id asked about, if any. */
  earlier: { share_id: string; team_id: string; submitted_on: string } | null;
}

/**
 * The share named by its key and the team named in the link, in the share's tenant. Sets
 * `app.share_key` (the only share this transaction can see) and then `app.tenant_id` to the share's
 * tenant for the rest of the transaction.
 */
async function enterShare(
  tx: Tx,
  shareKey: string,
  teamName: string,
  /** A submission id to look up in the same statement (its earlier response, if stored). */
  submissionId: string | null = null,
): Promise<ShareContext> {
  // One statement (migration 0016): round trips to PostgreSQL, not JS, bound the submission rate.
  const rows = await tx.execute<{
    share_id: string;
    tenant_id: string;
    survey_id: string;
    type: "PERSONNEL" | "MANAGEMENT";
    template_id: string;
    starts_at: Date | string;
    ends_at: Date | string;
    plan: Plan;
    subscription_status: SubscriptionStatus | null;
    payment_grace_until: Date | string | null;
    team_id: string | null;
    team_name: string | null;
    latest_answer_on: string | null;
    earlier: { share_id: string; team_id: string; submitted_on: string } | null;
  }>(sql`select * from kunto_public_share(${shareKey}, ${teamName}, ${submissionId}::uuid)`);
  const row = rows[0];
  if (!row?.team_id) throw new AppError("survey_link_unknown");
  return {
    shareId: row.share_id,
    tenantId: row.tenant_id,
    surveyId: row.survey_id,
    surveyType: row.type,
    templateId: row.template_id,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    teamId: row.team_id,
    teamName: row.team_name,
    plan: row.plan,
    subscriptionStatus: row.subscription_status,
    paymentGraceUntil: row.payment_grace_until === null ? null : new Date(row.payment_grace_until),
    latestAnswerOn: row.latest_answer_on,
    earlier: row.earlier,
  };
}

/** The plan's respondent cap of one survey, or null when unlimited. */
function capOf(share: ShareContext): number | null {
  return PLAN_LIMITS[effectivePlan(share.plan, share.subscriptionStatus, share.paymentGraceUntil)].answerers;
}

async function respondentsOf(tx: Tx, surveyId: string): Promise<number> {
  const [row] = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from survey_responses where survey_id = ${surveyId}`,
  );
  return row?.n ?? 0;
}

function timeState(share: ShareContext, now: Date): "upcoming" | "running" | "ended" {
  if (now < share.startsAt) return "upcoming";
  if (now >= share.endsAt) return "ended";
  return "running";
}

export interface PublicQuestion {
  key: string;
  type: "GROUP" | "SLIDER" | "CHOICE_SINGLE";
  group: string | null;
  title: string;
  content: string | null;
  slider: { min: number; max: number; step: number; minLabel: string | null; maxLabel: string | null } | null;
  choices: { value: number; label: string }[] | null;
}

export interface PublicSurvey {
  state: SurveyState;
  status: 0 | 100 | 200;
  type: "PERSONNEL" | "MANAGEMENT";
  startsAt: string;
  endsAt: string;
  language: RespondentLanguage;
  /** The organisation that asks (issue 19.3): the page shows it on the start page and in its header. */
  organisationName: string;
  teamName: string;
  welcome: string | null;
  autojump: boolean;
  questions: PublicQuestion[];
}

/** What the respondent page shows for a link: state, and while running the questions in `language`. */
export async function publicSurvey(
  db: Db,
  shareKey: string,
  teamName: string,
  language: RespondentLanguage,
  now = new Date(),
): Promise<PublicSurvey> {
  return db.transaction(async (tx) => {
    const share = await enterShare(tx, shareKey, teamName);
    const time = timeState(share, now);
    const cap = time === "running" ? capOf(share) : null;
    const full = cap !== null && (await respondentsOf(tx, share.surveyId)) >= cap;
    const state: SurveyState = full ? "full" : time;
    const template = await loadTemplate(tx, share.templateId);
    // Readable under the tenant policy: enterShare has set the share's tenant for this transaction.
    const [organisation] = await tx
      .select({ name: schema.tenants.name })
      .from(schema.tenants)
      .where(eq(schema.tenants.id, share.tenantId));
    const showQuestions = state === "running";
    const tids = [template.startTid];
    if (showQuestions)
      for (const q of template.questions) {
        tids.push(q.titleTid);
        if (q.contentTid) tids.push(q.contentTid);
        if (q.slider?.minTid) tids.push(q.slider.minTid);
        if (q.slider?.maxTid) tids.push(q.slider.maxTid);
        for (const c of q.choices ?? []) tids.push(c.nameTid);
      }
    const text = await textsFor(tx, tids, language);
    return {
      state,
      status: time === "upcoming" ? 0 : time === "running" ? 100 : 200,
      type: share.surveyType,
      startsAt: share.startsAt.toISOString(),
      endsAt: share.endsAt.toISOString(),
      language,
      organisationName: organisation?.name ?? "",
      teamName: share.teamName ?? "",
      welcome: template.welcome ? text(template.startTid) : null,
      autojump: template.autojump,
      questions: showQuestions
        ? template.questions.map((q) => ({
            key: q.key,
            type: q.type,
            group: q.group,
            title: text(q.titleTid) ?? "",
            content: text(q.contentTid),
            slider: q.slider && {
              min: q.slider.min,
              max: q.slider.max,
              step: q.slider.step,
              minLabel: text(q.slider.minTid),
              maxLabel: text(q.slider.maxTid),
            },
            choices: q.choices?.map((c) => ({ value: c.value, label: text(c.nameTid) ?? "" })) ?? null,
          }))
        : [],
    };
  });
}

export interface SubmissionInput {
  submissionId: string;
  browserToken: string;
  language: RespondentLanguage;
  answers: Record<string, number>;
}

export interface SubmissionResult {
  stored: true;
  submittedOn: string;
}

/**
 * The engine's raw answers of a submission, or invalid_answer naming the first offending question:
 * an unknown key, a slider value outside its range or off its step, a value that is no choice's.
 * Questions may be left unanswered, but a submission answers at least one.
 */
export function validateAnswers(template: LoadedTemplate, answers: Record<string, number>): RawAnswers {
  const raw: Record<string, number | string> = Object.create(null);
  let count = 0;
  for (const [key, value] of Object.entries(answers)) {
    const rule = template.rules.get(key);
    if (!rule) throw new AppError("invalid_answer", { question: key, reason: "unknown_question" });
    if (rule.kind === "slider") {
      const steps = (value - rule.min) / rule.step;
      if (!(value >= rule.min && value <= rule.max) || Math.abs(steps - Math.round(steps)) > 1e-9)
        throw new AppError("invalid_answer", { question: key, reason: "out_of_range" });
      raw[key] = value;
    } else {
      const choice = rule.keys.get(value);
      if (choice === undefined)
        throw new AppError("invalid_answer", { question: key, reason: "no_such_choice" });
      raw[key] = choice;
    }
    count++;
  }
  if (count === 0) throw new AppError("invalid_answer", { reason: "no_answers" });
  return raw;
}

export const hashBrowserToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Today as a survey day (Europe/Helsinki, like the survey's dates and statistics): all a response keeps of time. */
const dayOf = (now: Date) => surveyDayOf(now);

export const AGGREGATE_STRIPES = schema.AGGREGATE_STRIPES;

/**
 * One submission in one transaction: the response row (idempotent by submission id), one random
 * stripe of the team's aggregates updated with the engine's contributions, and the survey's day of
 * latest answer. A retry of a stored submission answers as the first call did, whatever the survey's
 * state since.
 */
export async function submitResponse(
  db: Db,
  shareKey: string,
  teamName: string,
  input: SubmissionInput,
  now = new Date(),
  /**
   * How the stripe's aggregate is added to: in SQL in the same statement as the response row (the
   * default: four statements with BEGIN and COMMIT, and the least work for the server's one
   * thread), or read under its row lock, added by the engine in JS and written back
   * (`pnpm bench survey` measures both; docs/decisions.md has the figures).
   */
  merge: "sql" | "js" = "sql",
): Promise<SubmissionResult> {
  const browserTokenHash = hashBrowserToken(input.browserToken);
  return db.transaction(async (tx) => {
    const share = await enterShare(tx, shareKey, teamName, input.submissionId);
    const teamId = share.teamId as string;
    const first = share.earlier;
    if (first) {
      if (first.share_id !== share.shareId || first.team_id !== teamId)
        throw new AppError("already_answered");
      return { stored: true, submittedOn: first.submitted_on };
    }
    const time = timeState(share, now);
    if (time === "upcoming") throw new AppError("survey_not_started");
    if (time === "ended") throw new AppError("survey_ended");
    const template = await loadTemplate(tx, share.templateId);
    const raw = validateAnswers(template, input.answers);
    const contributions = scoreRespondent(template.prepared, raw);
    const cap = capOf(share);
    if (cap !== null) {
      // A capped survey (at most a few hundred answers) takes its answers one at a time, so the
      // cap is exact; an unlimited one never waits on this row.
      await tx.execute(sql`select 1 from surveys where id = ${share.surveyId} for update`);
      if ((await respondentsOf(tx, share.surveyId)) >= cap) throw new AppError("survey_full");
    }
    const submittedOn = dayOf(now);
    const stripe = Math.floor(Math.random() * AGGREGATE_STRIPES);
    const response = {
      tenantId: share.tenantId,
      surveyId: share.surveyId,
      shareId: share.shareId,
      teamId,
      submissionId: input.submissionId,
      browserTokenHash,
      language: input.language,
      answers: input.answers,
      submittedOn,
    };
    const stored =
      merge === "sql"
        ? await storeResponse(tx, response, stripe, contributions, share.latestAnswerOn !== submittedOn)
        : await storeWithJsMerge(tx, share, response, stripe, contributions);
    if (!stored) {
      // Either the same submission arrived twice at once (answer as the first did), or this
      // browser already answered this share.
      const again = await tx.execute<{ share_id: string; submitted_on: string }>(
        sql`select share_id, submitted_on::text from survey_responses where submission_id = ${input.submissionId}`,
      );
      if (again[0] && again[0].share_id === share.shareId)
        return { stored: true, submittedOn: again[0].submitted_on };
      throw new AppError("already_answered");
    }
    return { stored: true, submittedOn };
  });
}

export type ResponseRow = typeof schema.surveyResponses.$inferInsert & { submittedOn: string };

/**
 * The response row, its respondent added to one stripe of the team's aggregate (in SQL, the same
 * arithmetic as the engine's `mergeAggregates`, proven equal to it by a test), and the survey's day
 * of latest answer, in one statement; nothing is written when the insert is refused. The public
 * submission and the demo data store answers only through this.
 */
export async function storeResponse(
  tx: Tx,
  row: ResponseRow,
  stripe: number,
  contributions: ReturnType<typeof scoreRespondent>,
  newDay: boolean,
): Promise<boolean> {
  const one = JSON.stringify(addRespondent(emptyAggregates(), contributions));
  const stored = sql.raw("survey_aggregates.aggregates");
  const added = sql.raw("excluded.aggregates");
  const [result] = await tx.execute<{ inserted: number }>(sql`
    with ins as (
      insert into survey_responses
        (tenant_id, survey_id, share_id, team_id, submission_id, browser_token_hash, language, answers, submitted_on)
      values (${row.tenantId}, ${row.surveyId}, ${row.shareId}, ${row.teamId}, ${row.submissionId},
        ${row.browserTokenHash}, ${row.language}, ${JSON.stringify(row.answers)}::jsonb, ${row.submittedOn}::date)
      on conflict do nothing
      returning id
    ), agg as (
      insert into survey_aggregates (tenant_id, survey_id, share_id, team_id, stripe, aggregates)
      select ${row.tenantId}, ${row.surveyId}, ${row.shareId}, ${row.teamId}, ${stripe}, ${one}::jsonb from ins
      on conflict (share_id, team_id, stripe, tenant_id) do update set aggregates = ${mergedAggregates(stored, added)}
      returning 1
    ), day as (
      update surveys set latest_answer_on = ${row.submittedOn}::date
      where ${newDay} and id = ${row.surveyId} and exists (select 1 from ins)
        and latest_answer_on is distinct from ${row.submittedOn}::date
      returning 1
    )
    select count(*)::int as inserted from ins`);
  return (result?.inserted ?? 0) > 0;
}

/** The bench's alternative: the response row, then the stripe read under its row lock, added by the engine in JS and written back. */
async function storeWithJsMerge(
  tx: Tx,
  share: ShareContext,
  row: ResponseRow,
  stripe: number,
  contributions: ReturnType<typeof scoreRespondent>,
): Promise<boolean> {
  const inserted = await tx
    .insert(schema.surveyResponses)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: schema.surveyResponses.id });
  if (inserted.length === 0) return false;
  await foldIntoStripeInJs(tx, share, row.teamId, stripe, contributions);
  if (share.latestAnswerOn !== row.submittedOn)
    await tx.execute(
      sql`update surveys set latest_answer_on = ${row.submittedOn}::date where id = ${share.surveyId} and latest_answer_on is distinct from ${row.submittedOn}::date`,
    );
  return true;
}

/** Moments of two jsonb sections (`{key: {count, sum, sumSquares}}`) added key by key, in SQL. */
const mergeSection = (a: SQL, b: SQL) => sql`(
  select coalesce(jsonb_object_agg(k, jsonb_build_object(
    'count', coalesce((x.v->>'count')::numeric, 0) + coalesce((y.v->>'count')::numeric, 0),
    'sum', coalesce((x.v->>'sum')::numeric, 0) + coalesce((y.v->>'sum')::numeric, 0),
    'sumSquares', coalesce((x.v->>'sumSquares')::numeric, 0) + coalesce((y.v->>'sumSquares')::numeric, 0))), '{}'::jsonb)
  from jsonb_each(${a}) x(k, v) full join jsonb_each(${b}) y(k, v) using (k))`;

/** Two stored aggregates (jsonb) added: respondents, and the moments of every category and question. */
const mergedAggregates = (stored: SQL, added: SQL) => sql`jsonb_build_object(
  'respondents', (${stored}->>'respondents')::int + (${added}->>'respondents')::int,
  'categories', ${mergeSection(sql`${stored}->'categories'`, sql`${added}->'categories'`)},
  'questions', ${mergeSection(sql`${stored}->'questions'`, sql`${added}->'questions'`)})`;

/** The stripe's stored aggregate, locked for this transaction (null when the stripe has no row yet). */
async function lockStripe(tx: Tx, shareId: string, teamId: string, stripe: number): Promise<unknown | null> {
  const [row] = await tx.execute<{ aggregates: unknown }>(
    sql`select aggregates from survey_aggregates where share_id = ${shareId} and team_id = ${teamId} and stripe = ${stripe} for update`,
  );
  return row ? row.aggregates : null;
}

/** Adds one respondent to the stripe in JS under its row lock (creating the stripe when new). */
async function foldIntoStripeInJs(
  tx: Tx,
  share: ShareContext,
  teamId: string,
  stripe: number,
  contributions: ReturnType<typeof scoreRespondent>,
): Promise<void> {
  for (;;) {
    const stored = await lockStripe(tx, share.shareId, teamId, stripe);
    if (stored !== null) {
      const next = addRespondent(parseAggregates(stored), contributions);
      await tx.execute(
        sql`update survey_aggregates set aggregates = ${JSON.stringify(next)}::jsonb where share_id = ${share.shareId} and team_id = ${teamId} and stripe = ${stripe}`,
      );
      return;
    }
    const created = await tx.execute(sql`
      insert into survey_aggregates (tenant_id, survey_id, share_id, team_id, stripe, aggregates)
      values (${share.tenantId}, ${share.surveyId}, ${share.shareId}, ${teamId}, ${stripe}, ${JSON.stringify(addRespondent(emptyAggregates(), contributions))}::jsonb)
      on conflict do nothing returning stripe`);
    if (created.length) return;
    // Another submission created the stripe a moment ago: lock and add to it.
  }
}
